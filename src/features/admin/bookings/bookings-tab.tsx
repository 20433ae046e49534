import { Suspense, lazy, useMemo, useState } from 'react'
import { useMachine, useSelector } from '@xstate/react'
import {
  Button,
  DataGrid,
  DataGridBody,
  DataGridCell,
  DataGridHeader,
  DataGridHeaderCell,
  DataGridRow,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Option,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowSort20Regular, ArrowSortDown20Regular, ArrowSortUp20Regular, ChevronLeft20Regular, ChevronRight20Regular, Search20Regular } from '@fluentui/react-icons'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { BOOKING_STATUSES, type Booking, type BookingStatus } from '../../../../shared/contracts/bookings'
import { BOOKING_SORTS } from '../../../../shared/booking-search'
import { useNotifications } from '../../../app/use-notifications'
import { bookingStatusLabel, paymentStatusLabel } from '../../../components/status-badge'
import { useMediaQuery } from '../../../components/use-media-query'
import { busyBookingIds, shownPage, type BookingSort } from '../../../../machines/admin/admin-bookings.machine'
import { liveAdminBookingsMachine } from './live-machines'
import { ADMIN_BOOKINGS_TEXT as T } from './bookings-words'
import { bookingColumns, columnStyle, deceasedOf } from './booking-columns'
import { BookingCards } from './booking-cards'
import { ConfirmChangeDialog } from './confirm-change-dialog'
import { HistoryDialog } from './history-dialog'

// The papers' dialog (and the download code) loads when the office opens it.
const PapersDialog = lazy(() => import('./papers-dialog').then((m) => ({ default: m.PapersDialog })))

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
  grid: { minWidth: '1060px' },
  wrap: { minWidth: 0, overflowWrap: 'anywhere' },
  cellDropdown: { minWidth: 0, width: '100%' },
  nowrap: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  stack: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground2 },
  // A badge is one line tall; in a narrow column its words wrap, so it grows with them.
  badge: { height: 'auto', minHeight: '16px', alignSelf: 'flex-start', paddingBlock: '1px', whiteSpace: 'normal', overflowWrap: 'anywhere' },
  amount: { whiteSpace: 'nowrap' },
  // Storage owed on a booking marked Paid: dark enough to read as text, warm enough to be noticed.
  owed: { color: tokens.colorStatusWarningForeground3, paddingTop: tokens.spacingVerticalXXS },
  pager: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  pagerButtons: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
})

/** Each order's name in the Sort dropdown. */
const SORT_WORDS: Record<BookingSort, MessageDescriptor> = { newest: T.newest, oldest: T.oldest, service_soonest: T.serviceSoonest, service_latest: T.serviceLatest }

/** One empty list, so the rows are not derived again on every render before the list exists. */
const NO_BOOKINGS: Booking[] = []

/** The All bookings tab: every booking in a DataGrid, changed in place. */
export function BookingsTab() {
  const styles = useStyles()
  const { t, i18n } = useLingui()
  const [snapshot, send, actorRef] = useMachine(liveAdminBookingsMachine)
  // The list is the machine's `list` child (a collection): its load failure is its own toast.
  const list = snapshot.children.list
  useNotifications(actorRef)
  useNotifications(list)

  const { attendants, pending, view } = snapshot.context
  const { search, status, sort } = view
  const bookings = useSelector(list, (s) => s?.context.items ?? NO_BOOKINGS)
  // Set when the server answered one page: how many bookings match in all.
  const total = useSelector(list, (s) => s?.context.total ?? null)
  const loading = useSelector(list, (s) => s?.hasTag('loading') ?? true)
  const loadFailed = useSelector(list, (s) => s?.matches('failed') ?? false)
  const busy = useMemo(() => busyBookingIds(snapshot.context), [snapshot.context])
  const saving = busy.size > 0
  const undoable = snapshot.hasTag('undoable')
  const assignPending = snapshot.context.assignPending
  const [historyId, setHistoryId] = useState<string | null>(null)
  const [papersId, setPapersId] = useState<string | null>(null)

  const { rows, matching, page: current, pages, first } = useMemo(() => shownPage(bookings, total, view), [bookings, total, view])
  const filtered = search.trim() !== '' || status !== 'all'

  const columns = useMemo(
    () => bookingColumns({ attendants, busy, send, onHistory: (b) => setHistoryId(b.id), onPapers: (b) => setPapersId(b.id), styles, t: (d) => i18n._(d) }),
    // styles are stable per render of the same component; the locale changes the words
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [attendants, busy, send, i18n, i18n.locale],
  )

  const isSmall = useMediaQuery('(max-width: 640px)')
  const cell = (columnId: string, b: Booking) => columns.find((c) => c.columnId === columnId)?.renderCell(b)
  const pendingBooking = bookings.find((b) => b.id === pending?.id) ?? null
  const historyBooking = bookings.find((b) => b.id === historyId) ?? null
  const pendingWords = pending
    ? t(T.pendingWords(pending.kind, (pending.kind === 'payment' ? paymentStatusLabel(pending.to) : bookingStatusLabel(pending.to)).toLowerCase()))
    : ''

  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        <Field label={t(T.search)} hint={t(T.searchHint)} className={styles.search}>
          <Input
            type="search"
            value={search}
            contentBefore={<Search20Regular aria-hidden="true" />}
            onChange={(_, d) => send({ type: 'bookings.filter', search: d.value })}
          />
        </Field>
        <Field label={t(T.statusFilter)} className={styles.filter}>
          <Dropdown
            className={styles.dropdown}
            value={status === 'all' ? t(T.allStatuses) : bookingStatusLabel(status)}
            selectedOptions={[status]}
            onOptionSelect={(_, d) => send({ type: 'bookings.filter', status: (d.optionValue ?? 'all') as BookingStatus | 'all' })}
          >
            <Option value="all">{t(T.allStatuses)}</Option>
            {BOOKING_STATUSES.map((s) => (
              <Option key={s} value={s}>
                {bookingStatusLabel(s)}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t(T.sort)} className={styles.filter}>
          <Dropdown
            className={styles.dropdown}
            value={t(SORT_WORDS[sort])}
            selectedOptions={[sort]}
            onOptionSelect={(_, d) => send({ type: 'bookings.sort', sort: (d.optionValue ?? 'newest') as BookingSort })}
          >
            {BOOKING_SORTS.map((s) => (
              <Option key={s} value={s}>
                {t(SORT_WORDS[s])}
              </Option>
            ))}
          </Dropdown>
        </Field>
        {(loading || saving) && <Spinner size="tiny" label={t(loading ? T.loadingBookings : T.saving)} />}
      </div>

      {undoable && pending && (
        <MessageBar intent="warning" aria-live="polite">
          <MessageBarBody>{t(T.undoNotice(pending.id, pendingWords))}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => send({ type: 'change.undo' })}>{t(T.undo)}</Button>
          </MessageBarActions>
        </MessageBar>
      )}

      {assignPending && snapshot.hasTag('assignUndoable') && (
        <MessageBar intent="warning" aria-live="polite">
          <MessageBarBody>{t(T.undoNotice(assignPending.id, t(T.attendantWords(attendants.find((a) => a.id === assignPending.attendantId)?.name ?? ''))))}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => send({ type: 'assign.undo' })}>{t(T.undo)}</Button>
          </MessageBarActions>
        </MessageBar>
      )}

      {loadFailed && (
        <MessageBar intent="error">
          <MessageBarBody>{t(T.loadFailed)}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => send({ type: 'bookings.reload' })}>{t(T.retry)}</Button>
          </MessageBarActions>
        </MessageBar>
      )}

      {!loading && !loadFailed && matching === 0 ? (
        <Text className={styles.muted}>{t(total === null ? (bookings.length === 0 ? T.empty : T.noMatch) : filtered ? T.noMatch : T.empty)}</Text>
      ) : (
        matching > 0 && (
          <>
            {isSmall ? (
              <BookingCards rows={rows} cell={cell} />
            ) : (
              <>
              {/* A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable). */}
              {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
              <div className={styles.scroller} role="region" aria-label={t(T.tableRegion)} tabIndex={0}>
                <DataGrid
                  className={styles.grid}
                  items={rows}
                  columns={columns}
                  getRowId={(b: Booking) => b.id}
                  focusMode="composite"
                  aria-label={t(T.tabBookings)}
                >
                  <DataGridHeader>
                    <DataGridRow>
                      {({ renderHeaderCell, columnId }) =>
                        columnId === 'serviceDate' ? (
                          // Sorted by the server: a click asks for the other direction (soonest first from any other order).
                          <DataGridHeaderCell style={columnStyle(columnId)} aria-sort={sort === 'service_soonest' ? 'ascending' : sort === 'service_latest' ? 'descending' : 'none'}>
                            <Button
                              appearance="transparent"
                              size="small"
                              title={t(T.sortByService)}
                              icon={sort === 'service_soonest' ? <ArrowSortUp20Regular /> : sort === 'service_latest' ? <ArrowSortDown20Regular /> : <ArrowSort20Regular />}
                              iconPosition="after"
                              onClick={() => send({ type: 'bookings.sort', sort: sort === 'service_soonest' ? 'service_latest' : 'service_soonest' })}
                            >
                              {renderHeaderCell()}
                            </Button>
                          </DataGridHeaderCell>
                        ) : (
                          <DataGridHeaderCell style={columnStyle(columnId)}>{renderHeaderCell()}</DataGridHeaderCell>
                        )
                      }
                    </DataGridRow>
                  </DataGridHeader>
                  <DataGridBody<Booking>>
                    {({ item, rowId }) => (
                      <DataGridRow<Booking> key={rowId} aria-label={t(T.rowLabel(item.id, deceasedOf(item)))}>
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
                {t(T.showing(first, first + rows.length - 1, matching))}
              </Text>
              <div className={styles.pagerButtons}>
                <Button icon={<ChevronLeft20Regular />} aria-label={t(T.previous)} disabled={current <= 1} onClick={() => send({ type: 'bookings.page', page: current - 1 })} />
                <Text>{t(T.page(current, pages))}</Text>
                <Button icon={<ChevronRight20Regular />} aria-label={t(T.next)} disabled={current >= pages} onClick={() => send({ type: 'bookings.page', page: current + 1 })} />
              </div>
            </div>
          </>
        )
      )}

      <ConfirmChangeDialog
        pending={snapshot.hasTag('confirming') ? pending : null}
        booking={pendingBooking}
        onDismiss={() => send({ type: 'confirm.dismiss' })}
        attendants={attendants}
        onAccept={(reason, refund, attendantId) => send({ type: 'confirm.accept', reason, refund, ...(attendantId ? { attendantId } : {}) })}
      />
      <HistoryDialog booking={historyBooking} onClose={() => setHistoryId(null)} />
      {papersId !== null && (
        <Suspense fallback={null}>
          <PapersDialog booking={bookings.find((b) => b.id === papersId) ?? null} onClose={() => setPapersId(null)} />
        </Suspense>
      )}
    </div>
  )
}
