import { useEffect, useMemo, useState } from 'react'
import { fromPromise } from 'xstate'
import { useActorRef, useSelector } from '@xstate/react'
import { Badge, Body1, Button, Caption1, Card, Link, Spinner, Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components'
import { i18n } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { createPollMachine } from '../../../../machines/shared/poll.machine'
import { condolencesToModerate, moderateCondolence, tributeUrl } from '../../../api/tributes'
import type { AdminCondolence, CondolenceStatus } from '../../../../shared/contracts/tributes'
import { PageHeader } from '../../../components/page-header'
import { RouterLink } from '../../../components/router-link'
import { paths } from '../../../app/paths'
import { useNotifications } from '../../../app/use-notifications'
import { useSubmission } from '../../../app/use-notifying-machine'
import { formatDateTime } from '../../../lib/format'
import { CONDOLENCES_TEXT as T } from './condolences-words'

const useStyles = makeStyles({
  layout: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'grid', gap: tokens.spacingVerticalXS, overflowWrap: 'anywhere' },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  words: { whiteSpace: 'pre-wrap' },
  muted: { color: tokens.colorNeutralForeground2 },
})

const STATUSES: CondolenceStatus[] = ['pending', 'approved', 'hidden']

/**
 * The admin's condolence moderation across every family's tribute page: what waits first (the
 * family may be slow, or unreachable), approve or hide each, with the page it was left on. The same
 * approve and hide the family's card uses (PATCH on the booking's tribute).
 */
export function CondolencesPage() {
  const styles = useStyles()
  const { t } = useLingui()
  const [status, setStatus] = useState<CondolenceStatus>('pending')
  return (
    <div className={styles.layout}>
      <PageHeader title={t(T.title)} subtitle={t(T.subtitle)} />
      <RouterLink to={paths.admin.messages}>{`← ${t(T.back)}`}</RouterLink>
      <TabList aria-label={t(T.show)} selectedValue={status} onTabSelect={(_, d) => setStatus(d.value as CondolenceStatus)}>
        {STATUSES.map((s) => (
          <Tab key={s} value={s}>
            {t(T[s])}
          </Tab>
        ))}
      </TabList>
      {/* A list (and its poll) per status. */}
      <CondolenceList key={status} status={status} />
    </div>
  )
}

function CondolenceList({ status }: { status: CondolenceStatus }) {
  const styles = useStyles()
  const { t } = useLingui()
  const machine = useMemo(
    () => createPollMachine<AdminCondolence[]>(60_000, i18n._(T.loadFailed)).provide({ actors: { load: fromPromise(() => condolencesToModerate(status)) } }),
    [status],
  )
  const actor = useActorRef(machine, { input: {} })
  useNotifications(actor)
  const rows = useSelector(actor, (s) => s.context.data)
  const moderate = useSubmission(({ c, to }: { c: AdminCondolence; to: 'approved' | 'hidden' }) => moderateCondolence(c.booking_id, c.id, to), {
    successMessage: t(T.updated),
    failureMessage: t(T.updateFailed),
  })
  useEffect(() => {
    if (moderate.succeeded) actor.send({ type: 'refresh' })
  }, [moderate.succeeded, moderate.result, actor])

  return rows === null ? (
        <Spinner size="small" />
      ) : rows.length === 0 ? (
        <Body1 className={styles.muted}>{t(status === 'pending' ? T.emptyPending : T.empty)}</Body1>
      ) : (
        <ul className={styles.list} aria-label={t(T.listLabel)}>
          {rows.map((c) => (
            <li key={c.id}>
              <Card className={styles.item}>
                <div className={styles.row}>
                  <RouterLink to={paths.admin.booking(c.booking_id)}>{c.deceased_name}</RouterLink>
                  {c.published ? (
                    <Link href={tributeUrl(c.slug)} target="_blank" rel="noopener">
                      {t(T.openPage)}
                    </Link>
                  ) : (
                    <Badge appearance="tint" color="subtle">
                      {t(T.unpublished)}
                    </Badge>
                  )}
                </div>
                <Text weight="semibold">{c.name}</Text>
                <Text className={styles.words}>{c.message}</Text>
                <Caption1 className={styles.muted}>{`${formatDateTime(c.at)} · ${t(T[c.status])}`}</Caption1>
                <div className={styles.row}>
                  {c.status !== 'approved' && (
                    <Button size="small" appearance="primary" disabled={moderate.busy} onClick={() => moderate.submit({ c, to: 'approved' })}>
                      {t(T.approve)}
                    </Button>
                  )}
                  {c.status !== 'hidden' && (
                    <Button size="small" disabled={moderate.busy} onClick={() => moderate.submit({ c, to: 'hidden' })}>
                      {t(T.hide)}
                    </Button>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )
}
