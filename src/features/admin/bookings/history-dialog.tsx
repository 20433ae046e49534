import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useLingui } from '@lingui/react/macro'
import type { Booking } from '../../../../shared/contracts/bookings'
import { formatDateTime } from '../../../lib/format'
import { RouterButtonLink } from '../../../components/router-link'
import { paths } from '../../../app/paths'
import { ADMIN_BOOKINGS_TEXT as T, auditValueLabel } from './bookings-words'

const useStyles = makeStyles({
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  muted: { color: tokens.colorNeutralForeground2 },
})

/** A booking's audit trail: who changed its status or payment status, when, from, to and why. */
export function HistoryDialog({ booking, onClose }: { booking: Booking | null; onClose: () => void }) {
  const styles = useStyles()
  const { t } = useLingui()
  const label = (field: string, v: string) => auditValueLabel(field, v, (d) => t(d))
  return (
    <Dialog open={booking !== null} onOpenChange={(_, d) => (d.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{booking ? t(T.historyTitle(booking.id)) : ''}</DialogTitle>
          <DialogContent>
            {booking && booking.audit.length === 0 && <Text>{t(T.historyEmpty)}</Text>}
            {booking && booking.audit.length > 0 && (
              <ol className={styles.list}>
                {booking.audit.map((a, i) => (
                  <li key={`${a.at}-${i}`}>
                    <Text weight="semibold">{t(T.historyLine(a.field, label(a.field, a.from), label(a.field, a.to)))}</Text>
                    <br />
                    <Text size={200} className={styles.muted}>
                      {T.historyBy(a.by, formatDateTime(a.at))}
                    </Text>
                    {a.reason && (
                      <>
                        <br />
                        <Text size={200}>{a.reason}</Text>
                      </>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </DialogContent>
          <DialogActions>
            {booking && (
              <RouterButtonLink to={`${paths.admin.services}/${encodeURIComponent(booking.id)}/custody`}>{t(T.custodyRecord)}</RouterButtonLink>
            )}
            <Button appearance="primary" onClick={onClose}>
              {t(T.close)}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
