import { useLingui } from '@lingui/react'
import { Card, Checkbox, ProgressBar, Field, Spinner, Subtitle2, Text, makeStyles, tokens } from '@fluentui/react-components'
import { shownTasks } from '../../../machines/morgue/caseload.machine'
import { PREP_TASKS } from '../../../shared/contracts/morgue'
import { PageHeader } from '../../components/page-header'
import { formatDateTime } from '../../lib/format'
import { byServiceDate, deceasedName, inStorage, serviceAt } from './caseload'
import { CaseloadFrame } from './caseload-parts'
import { MORGUE_TEXT, TASK_LABELS, URGENT_TEXT } from './morgue-words'
import { useCaseload } from './use-caseload'

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalM, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))' },
  card: { gap: tokens.spacingVerticalS },
  muted: { color: tokens.colorNeutralForeground2 },
  checks: { display: 'flex', flexDirection: 'column', border: 'none', margin: 0, padding: 0 },
  step: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
})

/**
 * Preparation tasks: a checklist per body in storage, kept by the server (PUT /bookings/{id}/tasks).
 * A tick shows at once; only that step says it is saving, the others stay free to tick.
 */
export function TasksPage() {
  const styles = useStyles()
  // Re-render on a change of language: the words below are read in the language in use.
  useLingui()
  const caseload = useCaseload()
  const bodies = byServiceDate(caseload.bookings).filter(inStorage)

  return (
    <>
      <PageHeader title={MORGUE_TEXT.tasksTitle} subtitle={MORGUE_TEXT.tasksSubtitle} />
      <CaseloadFrame loading={caseload.loading} error={caseload.error} empty={bodies.length === 0} emptyText={MORGUE_TEXT.noTasks} onRetry={caseload.reload}>
        <ul className={styles.list} aria-label={MORGUE_TEXT.checklists}>
          {bodies.map((b) => {
            const done = shownTasks(b.id, b.morgue?.tasks ?? [], caseload.taskQueue)
            const busy = new Set(caseload.taskQueue.filter((q) => q.id === b.id).map((q) => q.task))
            const name = deceasedName(b)
            return (
              <li key={b.id}>
                <Card className={styles.card}>
                  <Subtitle2 as="h2">{name}</Subtitle2>
                  <Text className={styles.muted}>{MORGUE_TEXT.serviceWhen(formatDateTime(serviceAt(b)) || URGENT_TEXT.notScheduled)}</Text>
                  <Field validationMessage={MORGUE_TEXT.stepsDone(done.length, PREP_TASKS.length)} validationState="none">
                    <ProgressBar value={done.length} max={PREP_TASKS.length} thickness="large" aria-label={MORGUE_TEXT.preparationOf(name)} />
                  </Field>
                  <fieldset className={styles.checks} aria-label={MORGUE_TEXT.preparationTasksFor(name)}>
                    {PREP_TASKS.map((t) => (
                      <div key={t} className={styles.step}>
                        <Checkbox label={TASK_LABELS[t]} checked={done.includes(t)} aria-busy={busy.has(t) || undefined} onChange={(_, d) => caseload.tickTask(b.id, t, d.checked === true)} />
                        {busy.has(t) && <Spinner size="extra-tiny" aria-label={`${MORGUE_TEXT.savingStep}: ${TASK_LABELS[t]}`} />}
                      </div>
                    ))}
                  </fieldset>
                </Card>
              </li>
            )
          })}
        </ul>
      </CaseloadFrame>
    </>
  )
}
