import { useEffect, useMemo, useState } from 'react'
import { useMachine, useSelector } from '@xstate/react'
import {
  Button,
  DataGrid,
  DataGridBody,
  DataGridCell,
  DataGridHeader,
  DataGridHeaderCell,
  DataGridRow,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Option,
  Spinner,
  Text,
  Textarea,
  createTableColumn,
  makeStyles,
  tokens,
  type TableColumnDefinition,
} from '@fluentui/react-components'
import { ChevronLeft20Regular, ChevronRight20Regular, DismissCircle20Regular, Search20Regular } from '@fluentui/react-icons'
import type { AnyActorRef } from 'xstate'
import { BOOKING_STATUSES, PAYMENT_STATUSES, type Booking, type BookingStatus, type PaymentStatus } from '../../../api/contracts/bookings'
import type { User } from '../../../api/contracts/auth'
import { bridgeNotifications } from '../../../app/toast-bridge'
import { PreparationProgress } from '../../../components/preparation-progress'
import { bookingStatusLabel, paymentStatusLabel } from '../../../components/status-badge'
import { formatDate, formatKsh } from '../../../lib/format'
import { useMediaQuery } from '../../../components/use-media-query'
import { bookingsPage, type BookingSort } from '../../../../machines/admin/admin-bookings.machine'
import { liveAdminBookingsMachine } from './live-machines'
import { ADMIN_BOOKINGS_TEXT as T } from './messages'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  toolbar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  search: { flexGrow: 1, minWidth: '200px', maxWidth: '360px', '@media (max-width: 480px)': { minWidth: 0, width: '100%', maxWidth: 'none' } },
  filter: { minWidth: '160px', '@media (max-width: 480px)': { width: '100%' } },
  dropdown: { minWidth: '160px', '@media (max-width: 480px)': { width: '100%' } },
  scroller: {
    overflowX: 'auto',
    maxWidth: '100%',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  grid: { minWidth: '960px' },
  wrap: { minWidth: 0, overflowWrap: 'anywhere' },
  cellDropdown: { minWidth: 0, width: '100%' },
  nowrap: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  stack: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground2 },
  amount: { whiteSpace: 'nowrap' },
  pager: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  cards: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  cardHead: { display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: tokens.spacingHorizontalS },
  cardControls: { display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', alignItems: 'center', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXS },
  pagerButtons: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
})

/** Relative column widths of the grid (Fluent gives every column the same share otherwise). */
const COLUMN_FLEX: Record<string, number> = { deceased: 1.3, services: 1.3, total: 0.8, status: 1.2, payment: 1, attendant: 1.3, preparation: 0.8, created: 0.85, actions: 0.45 }
const columnStyle = (columnId: string | number) => ({ flexGrow: COLUMN_FLEX[String(columnId)] ?? 1, flexBasis: 0 })

/** One empty list, so the rows are not derived again on every render before the list exists. */
const NO_BOOKINGS: Booking[] = []

const deceasedOf = (b: Booking) => `${b.deceased_first_name} ${b.deceased_last_name}`.trim() || `Booking #${b.id}`

/** The All bookings tab: every booking in a DataGrid, changed in place. */
export function BookingsTab() {
  const styles = useStyles()
  const [snapshot, send, actorRef] = useMachine(liveAdminBookingsMachine)
  // The list is the machine's `list` child (a collection): its load failure is its own toast.
  const list = snapshot.children.list
  useEffect(() => {
    const subs = [bridgeNotifications(actorRef as AnyActorRef), ...(list ? [bridgeNotifications(list)] : [])]
    return () => subs.forEach((sub) => sub.unsubscribe())
  }, [actorRef, list])

  const { attendants, cancelId, view } = snapshot.context
  const { search, status, sort } = view
  const bookings = useSelector(list, (s) => s?.context.items ?? NO_BOOKINGS)
  const loading = useSelector(list, (s) => s?.hasTag('loading') ?? true)
  const loadFailed = useSelector(list, (s) => s?.matches('failed') ?? false)
  const saving = snapshot.hasTag('saving')

  const { rows, matching, page: current, pages, first } = useMemo(() => bookingsPage(bookings, view), [bookings, view])

  const columns = useMemo(
    () => bookingColumns({ attendants, saving, send, styles }),
    // styles are stable per render of the same component
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [attendants, saving, send],
  )

  const isSmall = useMediaQuery('(max-width: 640px)')
  const cell = (columnId: string, b: Booking) => columns.find((c) => c.columnId === columnId)?.renderCell(b)
  const cancelling = bookings.find((b) => b.id === cancelId) ?? null

  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        <Field label={T.search} hint={T.searchHint} className={styles.search}>
          <Input
            type="search"
            value={search}
            contentBefore={<Search20Regular aria-hidden="true" />}
            onChange={(_, d) => send({ type: 'bookings.filter', search: d.value })}
          />
        </Field>
        <Field label={T.statusFilter} className={styles.filter}>
          <Dropdown
            className={styles.dropdown}
            value={status === 'all' ? T.allStatuses : bookingStatusLabel(status)}
            selectedOptions={[status]}
            onOptionSelect={(_, d) => send({ type: 'bookings.filter', status: (d.optionValue ?? 'all') as BookingStatus | 'all' })}
          >
            <Option value="all">{T.allStatuses}</Option>
            {BOOKING_STATUSES.map((s) => (
              <Option key={s} value={s}>
                {bookingStatusLabel(s)}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={T.sort} className={styles.filter}>
          <Dropdown
            className={styles.dropdown}
            value={sort === 'newest' ? T.newest : T.oldest}
            selectedOptions={[sort]}
            onOptionSelect={(_, d) => send({ type: 'bookings.sort', sort: (d.optionValue ?? 'newest') as BookingSort })}
          >
            <Option value="newest">{T.newest}</Option>
            <Option value="oldest">{T.oldest}</Option>
          </Dropdown>
        </Field>
        {(loading || saving) && <Spinner size="tiny" label={loading ? 'Loading bookings' : 'Saving'} />}
      </div>

      {loadFailed && (
        <MessageBar intent="error">
          <MessageBarBody>{T.loadFailed}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => send({ type: 'bookings.reload' })}>{T.retry}</Button>
          </MessageBarActions>
        </MessageBar>
      )}

      {!loading && !loadFailed && matching === 0 ? (
        <Text className={styles.muted}>{bookings.length === 0 ? T.empty : T.noMatch}</Text>
      ) : (
        matching > 0 && (
          <>
            {isSmall ? (
              <ul className={styles.cards} aria-label="All bookings">
                {rows.map((b) => (
                  <li key={b.id} className={styles.card} aria-label={`Booking #${b.id} for ${deceasedOf(b)}`}>
                    <div className={styles.cardHead}>
                      {cell('deceased', b)}
                      {cell('actions', b)}
                    </div>
                    <Text size={200} className={styles.muted}>
                      {b.services.map((x) => x.service_name).join(', ')}
                    </Text>
                    <Text weight="semibold">
                      {formatKsh(b.total_amount)} · <span className={styles.muted}>{formatDate(b.created_at)}</span>
                    </Text>
                    <div className={styles.cardControls}>
                      {(['status', 'payment', 'attendant', 'preparation'] as const).map((id) => (
                        <div key={id} style={{ display: 'contents' }}>
                          <Text size={200} className={styles.muted} aria-hidden="true">
                            {T.cardLabels[id]}
                          </Text>
                          {cell(id, b)}
                        </div>
                      ))}
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <>
              {/* A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable). */}
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
              <div className={styles.scroller} role="region" aria-label="All bookings table" tabIndex={0}>
                <DataGrid
                  className={styles.grid}
                  items={rows}
                  columns={columns}
                  getRowId={(b: Booking) => b.id}
                  focusMode="composite"
                  aria-label="All bookings"
                >
                  <DataGridHeader>
                    <DataGridRow>{({ renderHeaderCell, columnId }) => <DataGridHeaderCell style={columnStyle(columnId)}>{renderHeaderCell()}</DataGridHeaderCell>}</DataGridRow>
                  </DataGridHeader>
                  <DataGridBody<Booking>>
                    {({ item, rowId }) => (
                      <DataGridRow<Booking> key={rowId} aria-label={`Booking #${item.id} for ${deceasedOf(item)}`}>
                        {({ renderCell, columnId }) => <DataGridCell style={columnStyle(columnId)}>{renderCell(item)}</DataGridCell>}
                      </DataGridRow>
                    )}
                  </DataGridBody>
                </DataGrid>
              </div>
              </>
            )}
            <div className={styles.pager}>
              <Text className={styles.muted}>
                {T.showing(first, first + rows.length - 1, matching)}
              </Text>
              <div className={styles.pagerButtons}>
                <Button icon={<ChevronLeft20Regular />} aria-label={T.previous} disabled={current <= 1} onClick={() => send({ type: 'bookings.page', page: current - 1 })} />
                <Text>{T.page(current, pages)}</Text>
                <Button icon={<ChevronRight20Regular />} aria-label={T.next} disabled={current >= pages} onClick={() => send({ type: 'bookings.page', page: current + 1 })} />
              </div>
            </div>
          </>
        )
      )}

      <CancelDialog
        booking={cancelling}
        busy={snapshot.hasTag('cancelling')}
        onClose={() => send({ type: 'cancel.close' })}
        onConfirm={(notes) => send({ type: 'cancel.confirm', notes })}
      />
    </div>
  )
}

type Send = ReturnType<typeof useMachine<typeof liveAdminBookingsMachine>>[1]

function bookingColumns({
  attendants,
  saving,
  send,
  styles,
}: {
  attendants: User[]
  saving: boolean
  send: Send
  styles: ReturnType<typeof useStyles>
}): TableColumnDefinition<Booking>[] {
  return [
    createTableColumn<Booking>({
      columnId: 'deceased',
      renderHeaderCell: () => 'Deceased / family',
      renderCell: (b) => (
        <div className={styles.stack}>
          <Text weight="semibold" className={styles.wrap}>
            {deceasedOf(b)}
          </Text>
          <Text size={200} className={styles.wrap}>
            {b.client_name ?? ''}
          </Text>
          <Text size={200} className={styles.muted}>
            #{b.id}
          </Text>
        </div>
      ),
    }),
    createTableColumn<Booking>({
      columnId: 'services',
      renderHeaderCell: () => 'Services',
      renderCell: (b) => <span className={styles.wrap}>{b.services.map((s) => s.service_name).join(', ')}</span>,
    }),
    createTableColumn<Booking>({
      columnId: 'total',
      renderHeaderCell: () => 'Total',
      renderCell: (b) => <span className={styles.amount}>{formatKsh(b.total_amount)}</span>,
    }),
    createTableColumn<Booking>({
      columnId: 'status',
      renderHeaderCell: () => 'Status',
      renderCell: (b) => (
        <Dropdown
          className={styles.cellDropdown}
          button={{ className: styles.nowrap }}
          aria-label={`Status of booking #${b.id}`}
          value={bookingStatusLabel(b.status)}
          selectedOptions={[b.status]}
          disabled={saving}
          onOptionSelect={(_, d) => {
            if (d.optionValue && d.optionValue !== b.status) send({ type: 'booking.setStatus', id: b.id, status: d.optionValue as BookingStatus })
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
      renderHeaderCell: () => 'Payment',
      renderCell: (b) => (
        <Dropdown
          className={styles.cellDropdown}
          button={{ className: styles.nowrap }}
          aria-label={`Payment status of booking #${b.id}`}
          value={paymentStatusLabel(b.payment_status)}
          selectedOptions={[b.payment_status]}
          disabled={saving}
          onOptionSelect={(_, d) => {
            if (d.optionValue && d.optionValue !== b.payment_status) {
              send({ type: 'booking.setPayment', id: b.id, paymentStatus: d.optionValue as PaymentStatus })
            }
          }}
        >
          {PAYMENT_STATUSES.map((s) => (
            <Option key={s} value={s}>
              {paymentStatusLabel(s)}
            </Option>
          ))}
        </Dropdown>
      ),
    }),
    createTableColumn<Booking>({
      columnId: 'attendant',
      renderHeaderCell: () => 'Attendant',
      renderCell: (b) => {
        const assigned = b.assignedAttendant ?? null
        const listed = assigned && !attendants.some((a) => a.id === assigned.id) ? [{ id: assigned.id, name: assigned.name }, ...attendants] : attendants
        return (
          <Dropdown
            className={styles.cellDropdown}
            button={{ className: styles.nowrap }}
            aria-label={`Attendant for booking #${b.id}`}
            placeholder={attendants.length === 0 ? T.noAttendants : T.unassigned}
            value={assigned?.name ?? ''}
            selectedOptions={assigned ? [assigned.id] : []}
            disabled={saving || listed.length === 0}
            onOptionSelect={(_, d) => {
              if (d.optionValue && d.optionValue !== assigned?.id) send({ type: 'booking.assign', id: b.id, attendantId: d.optionValue })
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
      renderHeaderCell: () => 'Preparation',
      renderCell: (b) => (b.morgue && b.status !== 'cancelled' ? <PreparationProgress booking={b} compact /> : <span className={styles.muted}>—</span>),
    }),
    createTableColumn<Booking>({ columnId: 'created', renderHeaderCell: () => 'Created', renderCell: (b) => formatDate(b.created_at) }),
    createTableColumn<Booking>({
      columnId: 'actions',
      renderHeaderCell: () => 'Cancel',
      renderCell: (b) => (
        <Button
          appearance="subtle"
          icon={<DismissCircle20Regular />}
          aria-label={`Cancel booking #${b.id}`}
          title="Cancel booking"
          disabled={saving || b.status === 'cancelled'}
          onClick={() => send({ type: 'cancel.open', id: b.id })}
        />
      ),
    }),
  ]
}

function CancelDialog({
  booking,
  busy,
  onClose,
  onConfirm,
}: {
  booking: Booking | null
  busy: boolean
  onClose: () => void
  onConfirm: (notes: string) => void
}) {
  const [notes, setNotes] = useState('')
  useEffect(() => {
    if (booking) setNotes('')
  }, [booking])
  return (
    <Dialog
      open={booking !== null}
      onOpenChange={(_, d) => {
        if (!d.open && !busy) onClose()
      }}
    >
      <DialogSurface>
        <form
          onSubmit={(e) => {
            e.preventDefault()
            onConfirm(notes)
          }}
        >
          <DialogBody>
            <DialogTitle>{T.cancelTitle}</DialogTitle>
            <DialogContent>
              {booking && <p>{T.cancelBody(deceasedOf(booking), booking.client_name ?? '')}</p>}
              <Field label={T.cancelReason} hint={T.cancelReasonHint}>
                <Textarea value={notes} onChange={(_, d) => setNotes(d.value)} resize="vertical" />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" disabled={busy} onClick={onClose}>
                {T.keep}
              </Button>
              <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
                {T.confirmCancel}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
}
