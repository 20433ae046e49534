import {
  Body1,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  ProgressBar,
  Radio,
  RadioGroup,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import {
  REPORT_TIMEFRAMES,
  type ReportRequest,
  type ReportTimeframe,
} from '../../../../machines/admin/financial-reports.machine'
import { REPORT_TYPES, type DateRange, type ReportType } from '../../../../shared/contracts/payments'
import { formatDate } from '../../../lib/format'
import { useLingui } from '@lingui/react/macro'
import { DialogFooter } from '../../../components/dialog-footer'
import { REPORTS_TEXT, REPORT_TIMEFRAME_LABELS, REPORT_TYPE_LABELS } from './reports-words'

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  muted: { color: tokens.colorNeutralForeground2 },
})

interface ReportDialogProps {
  request: ReportRequest
  /** The range the page shows, if it shows one: offered besides the named periods. */
  pageRange: DateRange | null
  generating: boolean
  onTimeframe: (t: ReportTimeframe) => void
  onType: (t: ReportType) => void
  onGenerate: () => void
  onClose: () => void
}

const RANGE = 'range'

/** Generate report: timeframe and content, a progress bar while the server builds the workbook. */
export function ReportDialog({ request, pageRange, generating, onTimeframe, onType, onGenerate, onClose }: ReportDialogProps) {
  const styles = useStyles()
  const { t } = useLingui()
  const words = REPORTS_TEXT.dialog
  return (
    <Dialog
      open
      modalType={generating ? 'alert' : 'modal'}
      onOpenChange={(_, d) => {
        if (!d.open && !generating) onClose()
      }}
    >
      <DialogSurface>
        <form
          onSubmit={(e) => {
            e.preventDefault()
            onGenerate()
          }}
        >
          <DialogBody>
            <DialogTitle>{t(words.title)}</DialogTitle>
            <DialogContent className={styles.content}>
              <Body1 className={styles.muted}>{t(words.intro)}</Body1>
              <Field label={t(words.timeframe)}>
                <RadioGroup
                  value={typeof request.timeframe === 'string' ? request.timeframe : RANGE}
                  disabled={generating}
                  onChange={(_, d) => {
                    const next = d.value === RANGE ? pageRange : REPORT_TIMEFRAMES.find((x) => x === d.value)
                    if (next) onTimeframe(next)
                  }}
                >
                  {REPORT_TIMEFRAMES.map((x) => (
                    <Radio key={x} value={x} label={t(REPORT_TIMEFRAME_LABELS[x])} />
                  ))}
                  {pageRange && <Radio value={RANGE} label={t(REPORTS_TEXT.range.name(formatDate(pageRange.from), formatDate(pageRange.to)))} />}
                </RadioGroup>
              </Field>
              <Field label={t(words.content)}>
                <RadioGroup
                  value={request.type}
                  disabled={generating}
                  onChange={(_, d) => {
                    const next = REPORT_TYPES.find((x) => x === d.value)
                    if (next) onType(next)
                  }}
                >
                  {REPORT_TYPES.map((x) => (
                    <Radio key={x} value={x} label={t(REPORT_TYPE_LABELS[x])} />
                  ))}
                </RadioGroup>
              </Field>
              {generating && (
                <Field validationMessage={t(words.working)} validationState="none">
                  <ProgressBar aria-label={t(words.working)} />
                </Field>
              )}
            </DialogContent>
            <DialogFooter busy={generating} onCancel={onClose} cancel={t(words.cancel)} confirm={t(words.submit)} />
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}
