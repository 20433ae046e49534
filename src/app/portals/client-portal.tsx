import { RolePortal, lazyScreen, startFirstScreen, type PortalRoute } from '../role-portal'
import { paths } from '../paths'

// Each screen is its own chunk: the dashboard does not wait for the wizard or the M-Pesa dialog.
const dashboard = lazyScreen(() => import('../../features/client/dashboard/client-dashboard-page'), 'ClientDashboardPage')
const bookService = lazyScreen(() => import('../../features/client/book-service/book-service-page'), 'BookServicePage')
const bookings = lazyScreen(() => import('../../features/client/bookings/bookings-page'), 'BookingsPage')
const bookingDetail = lazyScreen(() => import('../../features/client/bookings/booking-detail-page'), 'BookingDetailPage')
const custodyRecord = lazyScreen(() => import('../../features/custody/custody-record-page'), 'CustodyRecordPage')
const documents = lazyScreen(() => import('../../features/client/documents/documents-page'), 'DocumentsPage')
const payments = lazyScreen(() => import('../../features/client/payments/payments-page'), 'PaymentsPage')
const messages = lazyScreen(() => import('../../features/client/messages/client-messages-page'), 'ClientMessagesPage')
const CustodyRecordPage = custodyRecord.Screen as React.ComponentType<{ family?: boolean }>

const routes: PortalRoute[] = [
  { path: '', element: <dashboard.Screen />, load: dashboard.load },
  { path: 'book-service', element: <bookService.Screen />, load: bookService.load },
  { path: 'bookings', element: <bookings.Screen />, load: bookings.load },
  { path: 'bookings/:id', element: <bookingDetail.Screen />, load: bookingDetail.load },
  { path: 'bookings/:bookingId/custody', element: <CustodyRecordPage family />, load: custodyRecord.load },
  { path: 'documents', element: <documents.Screen />, load: documents.load },
  { path: 'payments', element: <payments.Screen />, load: payments.load },
  { path: 'messages', element: <messages.Screen />, load: messages.load },
  { path: 'messages/:threadId', element: <messages.Screen />, load: messages.load },
]
/** The screen at the address opened, loading (src/app/router.tsx waits for it before the first render). */
export const firstScreen = startFirstScreen(paths.client.home, routes)

export default function ClientPortal() {
  return <RolePortal role="client" routes={routes} />
}
