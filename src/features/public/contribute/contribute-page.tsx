import { Suspense, lazy, useCallback, useEffect, useState } from 'react'
import { useParams } from 'react-router-dom'
import { Button, Caption1, Text, mergeClasses } from '@fluentui/react-components'
import { ArrowClockwise20Regular } from '@fluentui/react-icons/svg/arrow-clockwise'
import { useLingui } from '@lingui/react/macro'
import { loadContributionPage } from '../../../api/contribution-page'
import type { ContributionPage } from '../../../../shared/contracts/contributions'
import { formatDate, formatKsh } from '../../../lib/format'
import { useDocumentTitle } from '../../../lib/document-title'
import { CONTACT } from '../../../lib/contact'
import { usePublicStyles } from '../public-styles'
import { CONTRIBUTE_TEXT as T } from './contribute-words'
import { useContributeStyles } from './contribute-styles'

// The form and the M-Pesa flow (API client, zod, XState, the payment machine) come right after the
// page has painted: the first load stays as light as the home page's.
const loadForm = () => import('./contribute-form')
const ContributeForm = lazy(() => loadForm().then((m) => ({ default: m.ContributeForm })))

/** How often an open page looks again (relatives see each other's contributions arrive), while visible. */
const REFRESH_MS = 30_000

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'unknown' } | { kind: 'ready'; page: ContributionPage }

/** `/contribute/{token}`: a relative pays towards the funeral by M-Pesa, no account needed. */
export function ContributePage() {
  const styles = useContributeStyles()
  const pub = usePublicStyles()
  const token = useParams().token ?? ''
  const { t } = useLingui()
  useDocumentTitle(t(T.documentTitle))
  const [state, setState] = useState<State>({ kind: 'loading' })
  // A relative in the middle of paying (or reading their thank-you) keeps the flow on screen, even
  // when their payment is the one that settles the bill and closes the page behind it.
  const [paying, setPaying] = useState(false)

  const load = useCallback(() => {
    loadContributionPage(token).then(
      (page) => setState(page ? { kind: 'ready', page } : { kind: 'unknown' }),
      // A failed refresh keeps what is on screen; only a first load that fails says so.
      () => setState((s) => (s.kind === 'ready' ? s : { kind: 'failed' })),
    )
  }, [token])

  useEffect(() => {
    load()
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') load()
    }, REFRESH_MS)
    return () => clearInterval(timer)
  }, [load])

  const open = state.kind === 'ready' && state.page.status === 'open'
  useEffect(() => {
    if (open) void loadForm().catch(() => undefined)
  }, [open])

  return (
    <div className={pub.container}>
      <div className={styles.column}>
        {state.kind === 'loading' && <Text role="status">{t(T.loading)}</Text>}
        {state.kind === 'failed' && (
          <div className={styles.panel} role="alert">
            <Text className={styles.error}>{t(T.loadFailed)}</Text>
            <div>
              <Button icon={<ArrowClockwise20Regular />} onClick={load}>
                {t(T.retry)}
              </Button>
            </div>
          </div>
        )}
        {state.kind === 'unknown' && <Closed kind="unknown" />}
        {state.kind === 'ready' && (
          <>
            <Summary page={state.page} />
            {(state.page.status === 'open' || paying) && (
              <Suspense fallback={<Text className={styles.muted}>{t(T.loading)}</Text>}>
                <ContributeForm page={state.page} token={token} onChange={load} onPaying={setPaying} />
              </Suspense>
            )}
            {state.page.status !== 'open' && <Closed kind={state.page.status} page={state.page} />}
          </>
        )}
      </div>
    </div>
  )
}

function Summary({ page }: { page: ContributionPage }) {
  const styles = useContributeStyles()
  const { t } = useLingui()
  const pub = usePublicStyles()
  const share = page.total > 0 ? Math.min(1, page.paid / page.total) : 1
  return (
    <>
      <header>
        <Caption1 className={styles.home}>{page.home.name}</Caption1>
        <h1 className={pub.pageTitle}>{t(T.title(page.deceased_name))}</h1>
        {page.service_date && <Text block className={styles.muted}>{t(T.service(formatDate(page.service_date)))}</Text>}
      </header>
      {page.message && (
        <section className={styles.panel}>
          <Text weight="semibold">{t(T.familyWords)}</Text>
          <blockquote className={styles.quote}>{page.message}</blockquote>
        </section>
      )}
      <section className={styles.panel}>
        <Text weight="semibold" id="contribute-progress">
          {t(T.progressLabel)}
        </Text>
        <div className={styles.track} role="progressbar" aria-labelledby="contribute-progress" aria-valuemin={0} aria-valuemax={page.total} aria-valuenow={page.paid} aria-valuetext={t(T.progress(page.paid, page.total))}>
          <div className={styles.fill} style={{ width: `${Math.round(share * 100)}%` }} />
        </div>
        <Caption1 className={styles.muted}>{t(T.progress(page.paid, page.total))}</Caption1>
        <Text className={styles.due}>{t(T.stillDue(page.amount_due))}</Text>
        <Text weight="semibold">{t(T.contributionsTitle)}</Text>
        {page.contributions.length === 0 ? (
          <Text block className={styles.muted}>
            {t(T.noContributions)}
          </Text>
        ) : (
          <ul className={styles.list} aria-label={t(T.contributionsTitle)}>
            {page.contributions.map((c, i) => (
              <li key={i} className={styles.row}>
                <span>{c.name}</span>
                <span>{formatKsh(c.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}

function Closed({ kind, page }: { kind: 'closed' | 'settled' | 'expired' | 'unknown'; page?: ContributionPage }) {
  const styles = useContributeStyles()
  const { t } = useLingui()
  // An unknown link has no page: the home's published contact details stand in.
  const phone = page?.home.phone ?? CONTACT.phoneDisplay
  const email = page?.home.email ?? CONTACT.email
  return (
    <section className={styles.panel}>
      <h2 className={styles.heading}>{t(T.closed[kind])}</h2>
      <Text block>{t(T.closedBody[kind])}</Text>
      <Text block>
        {t(T.contact)}{' '}
        <a className={mergeClasses(styles.link, styles.nowrap)} href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
          {phone}
        </a>{' '}
        {t(T.orEmail)}{' '}
        <a className={styles.link} href={`mailto:${email}`}>
          {email}
        </a>
        .
      </Text>
    </section>
  )
}
