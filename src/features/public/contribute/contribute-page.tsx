import { Suspense, lazy, useCallback, useEffect, useState } from 'react'
import { useParams } from 'react-router-dom'
import { Button, Text } from '@fluentui/react-components'
import { ArrowClockwise20Regular } from '@fluentui/react-icons/svg/arrow-clockwise'
import { useLingui } from '@lingui/react/macro'
import { loadContributionPage, servedContributionPage, spendServedContributionPage } from '../../../api/contribution-page'
import type { ContributionPage } from '../../../../shared/contracts/contributions'
import { CONTRIBUTION_SLOT_ID, contributionLoadingHtml, contributionSummaryHtml, contributionUnknownHtml } from '../../../../shared/contribution-page-html'
import { useDocumentTitle } from '../../../lib/document-title'
import { CONTACT } from '../../../lib/contact'
import { currentLocale } from '../../../lib/i18n'
import { usePublicStyles } from '../public-styles'
import { CONTRIBUTE_TEXT as T } from './contribute-words'
import { useContributeStyles } from './contribute-styles'

// The form and the M-Pesa flow (API client, zod, XState, the payment machine) come right after the
// page has painted: the first load stays as light as the home page's. They are asked for in three
// steps, a task apart (the API client, then the machine, then the form and its Fluent fields): the
// browser's work of starting each module's download (≈ 50 of them, 220 ms on a slowed phone in one
// task) is then three shorter tasks, and the downloads still run side by side.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))
let formCode: Promise<typeof import('./contribute-form')> | null = null
function loadForm() {
  formCode ??= (async () => {
    void import('../../../api/contributions').catch(() => undefined)
    await nextTask()
    void import('../../../../machines/payment/mpesa-payment.machine').catch(() => undefined)
    await nextTask()
    return import('./contribute-form')
  })().catch((error: unknown) => {
    // Offline for a moment: the next render asks again.
    formCode = null
    throw error
  })
  return formCode
}
const ContributeForm = lazy(() => loadForm().then((m) => ({ default: m.ContributeForm })))

/** How often an open page looks again (relatives see each other's contributions arrive), while visible. */
const REFRESH_MS = 30_000

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'unknown' } | { kind: 'ready'; page: ContributionPage }

/** The page the server wrote into the HTML for this link (server/contribute-html.ts), as the first state. */
function servedState(token: string): State | null {
  const served = servedContributionPage(token)
  if (served === undefined) return null
  return served ? { kind: 'ready', page: served } : { kind: 'unknown' }
}

/**
 * `/contribute/{token}`: a relative pays towards the funeral by M-Pesa, no account needed. The page's
 * harambee is the shared markup (shared/contribution-page-html.ts) that the real server already sent
 * in the HTML: the app takes it over as it is and adds the form.
 */
export function ContributePage() {
  const styles = useContributeStyles()
  const pub = usePublicStyles()
  const token = useParams().token ?? ''
  const { t } = useLingui()
  useDocumentTitle(t(T.documentTitle))
  const [served] = useState(() => servedState(token))
  const [state, setState] = useState<State>(served ?? { kind: 'loading' })
  // The harambee as the server wrote it into this page, taken over as it is: the take-over then
  // formats no date or amount again (a page's first Intl date formatter loads ICU's data, 50 ms of
  // a slowed phone's main thread). A refresh or another language writes it anew.
  const [servedMarkup] = useState(() => {
    const html = served?.kind === 'ready' && typeof document !== 'undefined' ? document.getElementById(CONTRIBUTION_SLOT_ID)?.innerHTML : undefined
    return served?.kind === 'ready' && html ? { page: served.page, lang: currentLocale(), html } : null
  })
  // The form comes after the page is taken over: the server's HTML has none, so hydration matches.
  const [started, setStarted] = useState(false)
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
    setStarted(true)
    // What the server sent is this visit's: it is not read again, and not asked for again now.
    if (served) spendServedContributionPage()
    else load()
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') load()
    }, REFRESH_MS)
    return () => clearInterval(timer)
  }, [load, served])

  const open = state.kind === 'ready' && state.page.status === 'open'
  useEffect(() => {
    if (open) void loadForm().catch(() => undefined)
  }, [open])

  const lang = currentLocale()
  const taken = servedMarkup && state.kind === 'ready' && state.page === servedMarkup.page && lang === servedMarkup.lang ? servedMarkup.html : null
  const summary = taken ??
    (state.kind === 'ready' ? contributionSummaryHtml(state.page, lang) : state.kind === 'unknown' ? contributionUnknownHtml(lang, { phone: CONTACT.phoneDisplay, email: CONTACT.email }) : state.kind === 'loading' ? contributionLoadingHtml(lang) : '')
  return (
    <div className={pub.container}>
      <div className={styles.column}>
        {/* Markup escaped by the shared function, the same the server wrote (the contributors' names and words are text). */}
        {summary && <div id={CONTRIBUTION_SLOT_ID} dangerouslySetInnerHTML={{ __html: summary }} />}
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
        {started && state.kind === 'ready' && (state.page.status === 'open' || paying) && (
          <Suspense fallback={<Text className={styles.muted}>{t(T.loading)}</Text>}>
            <ContributeForm page={state.page} token={token} onChange={load} onPaying={setPaying} />
          </Suspense>
        )}
      </div>
    </div>
  )
}
