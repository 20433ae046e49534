import { Badge, Button, Dropdown, Option, Text, createTableColumn, mergeClasses, type TableColumnDefinition } from '@fluentui/react-components'
import type { useMachine } from '@xstate/react'
import { DocumentPdf20Regular, History20Regular } from '@fluentui/react-icons'
import { DismissCircle20Regular } from '@fluentui/react-icons/svg/dismiss-circle'
import { BOOKING_STATUSES, PAYMENT_STATUSES, type Booking, type BookingStatus, type PaymentStatus } from '../../../../shared/contracts/bookings'
import type { User } from '../../../../shared/contracts/auth'
import { PreparationProgress } from '../../../components/preparation-progress'
import { bookingStatusLabel, paymentStatusLabel } from '../../../components/status-badge'
import { formatDate, formatDateTime, formatKsh } from '../../../lib/format'
import { amountDueNow, paymentStatusNow, serviceAt } from '../../../../shared/urgency'
import { RouterLink } from '../../../components/router-link'
import { paths } from '../../../app/paths'
import type { liveAdminBookingsMachine } from './live-machines'
import { ADMIN_BOOKINGS_TEXT as T, type Translate } from './bookings-words'

/** Relative column widths of the grid (Fluent gives every column the same share otherwise). */
const COLUMN_FLEX: Record<string, number> = { deceased: 1.3, services: 1.2, serviceDate: 1, total: 0.8, status: 1.2, payment: 1, attendant: 1.3, preparation: 0.8, created: 0.85, actions: 0.6 }
export const columnStyle = (columnId: string | number) => ({ flexGrow: COLUMN_FLEX[String(columnId)] ?? 1, flexBasis: 0 })

export const deceasedOf = (b: Booking) => `${b.deceased_first_name} ${b.deceased_last_name}`.trim() || `Booking #${b.id}`

/** The class names the cells use (the tab's styles). */
export type ColumnStyles = Record<'stack' | 'wrap' | 'muted' | 'badge' | 'amount' | 'cellDropdown' | 'nowrap' | 'actions' | 'owed', string>

export type Send = ReturnType<typeof useMachine<typeof liveAdminBookingsMachine>>[1]

/** The All bookings grid's columns; each booking is changed in place from its row (or its card on a phone). */
export function bookingColumns({
  attendants,
  busy,
  send,
  onHistory,
  onPapers,
  styles,
  t,
}: {
  attendants: User[]
  /** The bookings being saved: only their rows are busy. */
  busy: ReadonlySet<string>
  send: Send
  onHistory: (b: Booking) => void
  /** Opens the booking's invoice, statement and receipts (absent: no such button). */
  onPapers?: (b: Booking) => void
  styles: ColumnStyles
  /** Words in the language in use. */
  t: Translate
}): TableColumnDefinition<Booking>[] {
  return [
    createTableColumn<Booking>({
      columnId: 'deceased',
      renderHeaderCell: () => t(T.columns.deceased),
      renderCell: (b) => (
        <div className={styles.stack}>
          {/* The row's way into the booking's case file. */}
          <RouterLink to={paths.admin.booking(b.id)} className={styles.wrap} aria-label={t(T.openCase(deceasedOf(b)))}>
            <Text weight="semibold">{deceasedOf(b)}</Text>
          </RouterLink>
          <Text size={200} className={styles.wrap}>
            {b.client_name ?? ''}
          </Text>
          <Text size={200} className={styles.muted}>
            #{b.id}
          </Text>
          {/* Asked of the family, never a reason to hold up care: marked so the office can ask them. */}
          {b.agreement_signed === false && b.status !== 'cancelled' && (
            <Badge appearance="tint" color="warning" size="small" className={styles.badge}>
              {t(T.notSigned)}
            </Badge>
          )}
        </div>
      ),
    }),
    createTableColumn<Booking>({
      columnId: 'services',
      renderHeaderCell: () => t(T.columns.services),
      renderCell: (b) => <span className={styles.wrap}>{b.services.map((s) => s.service_name).join(', ')}</span>,
    }),
    createTableColumn<Booking>({
      columnId: 'serviceDate',
      renderHeaderCell: () => t(T.columns.serviceDate),
      renderCell: (b) => <span className={styles.wrap}>{formatDateTime(serviceAt(b)) || '—'}</span>,
    }),
    createTableColumn<Booking>({
      columnId: 'total',
      renderHeaderCell: () => t(T.columns.total),
      renderCell: (b) => <span className={styles.amount}>{formatKsh(b.total_amount)}</span>,
    }),
    createTableColumn<Booking>({
      columnId: 'status',
      renderHeaderCell: () => t(T.columns.status),
      renderCell: (b) => (
        <Dropdown
          className={styles.cellDropdown}
          button={{ className: styles.nowrap }}
          aria-label={t(T.statusOf(b.id))}
          value={bookingStatusLabel(b.status)}
          selectedOptions={[b.status]}
          disabled={busy.has(b.id)}
          onOptionSelect={(_, d) => {
            if (d.optionValue && d.optionValue !== b.status) send({ type: 'booking.setStatus', booking: b, status: d.optionValue as BookingStatus })
          }}
        >
          {BOOKING_STATUSES.map((s) => (
            <Option key={s} value={s}>
              {bookingStatusLabel(s)}
            </Option>
          ))}
        </Dropdown>
      ),
    }),
    createTableColumn<Booking>({
      columnId: 'payment',
      renderHeaderCell: () => t(T.columns.payment),
      renderCell: (b) => {
        // The dropdown is the office's word (the stored status, which it sets); a booking marked Paid
        // whose body stayed past the booked days owes storage today, said under it so no one reads "Paid" as settled.
        const owed = paymentStatusNow(b) !== b.payment_status ? amountDueNow(b) : 0
        const noteId = `payment-owed-${b.id}`
        return (
          <div className={styles.stack}>
            <Dropdown
              className={styles.cellDropdown}
              button={{ className: styles.nowrap }}
              aria-label={t(T.paymentOf(b.id))}
              aria-describedby={owed > 0 ? noteId : undefined}
              value={paymentStatusLabel(b.payment_status)}
              selectedOptions={[b.payment_status]}
              disabled={busy.has(b.id)}
              onOptionSelect={(_, d) => {
                if (d.optionValue && d.optionValue !== b.payment_status) {
                  send({ type: 'booking.setPayment', booking: b, paymentStatus: d.optionValue as PaymentStatus })
                }
              }}
            >
              {PAYMENT_STATUSES.map((s) => (
                <Option key={s} value={s}>
                  {paymentStatusLabel(s)}
                </Option>
              ))}
            </Dropdown>
            {owed > 0 && (
              <Text id={noteId} size={200} weight="semibold" className={mergeClasses(styles.wrap, styles.owed)}>
                {t(T.owedToday(formatKsh(owed)))}
              </Text>
            )}
          </div>
        )
      },
    }),
    createTableColumn<Booking>({
      columnId: 'attendant',
      renderHeaderCell: () => t(T.columns.attendant),
      renderCell: (b) => {
        const assigned = b.assignedAttendant ?? null
        const listed = assigned && !attendants.some((a) => a.id === assigned.id) ? [{ id: assigned.id, name: assigned.name }, ...attendants] : attendants
        return (
          <Dropdown
            className={styles.cellDropdown}
            button={{ className: styles.nowrap }}
            aria-label={t(T.attendantOf(b.id))}
            placeholder={t(attendants.length === 0 ? T.noAttendants : T.unassigned)}
            value={assigned?.name ?? ''}
            selectedOptions={assigned ? [assigned.id] : []}
            disabled={busy.has(b.id) || listed.length === 0}
            onOptionSelect={(_, d) => {
              if (d.optionValue && d.optionValue !== assigned?.id) send({ type: 'booking.assignFromRow', booking: b, attendantId: d.optionValue })
            }}
          >
            {listed.map((a) => (
              <Option key={a.id} value={a.id}>
                {a.name}
              </Option>
            ))}
          </Dropdown>
        )
      },
    }),
    createTableColumn<Booking>({
      columnId: 'preparation',
      renderHeaderCell: () => t(T.columns.preparation),
      renderCell: (b) => (b.morgue && b.status !== 'cancelled' ? <PreparationProgress booking={b} compact /> : <span className={styles.muted}>—</span>),
    }),
    createTableColumn<Booking>({ columnId: 'created', renderHeaderCell: () => t(T.columns.created), renderCell: (b) => formatDate(b.created_at) }),
    createTableColumn<Booking>({
      columnId: 'actions',
      renderHeaderCell: () => t(T.columns.actions),
      renderCell: (b) => (
        <div className={styles.actions}>
          <Button
            appearance="subtle"
            icon={<History20Regular />}
            aria-label={t(T.historyTitle(b.id))}
            title={t(T.history)}
            onClick={() => onHistory(b)}
          />
          {onPapers && (
            <Button appearance="subtle" icon={<DocumentPdf20Regular />} aria-label={t(T.papersTitle(b.id))} title={t(T.papers)} onClick={() => onPapers(b)} />
          )}
          <Button
            appearance="subtle"
            icon={<DismissCircle20Regular />}
            aria-label={t(T.cancelBookingOf(b.id))}
            title={t(T.confirmCancel)}
            disabled={busy.has(b.id) || b.status === 'cancelled'}
            onClick={() => send({ type: 'booking.setStatus', booking: b, status: 'cancelled' })}
          />
        </div>
      ),
    }),
  ]
}
