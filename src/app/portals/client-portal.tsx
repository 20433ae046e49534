import { lazy } from 'react'
import { RolePortal, type PortalRoute } from '../role-portal'

// Each screen is its own chunk: the dashboard does not wait for the wizard or the M-Pesa dialog.
const ClientDashboardPage = lazy(() => import('../../features/client/dashboard/client-dashboard-page').then((m) => ({ default: m.ClientDashboardPage })))
const BookServicePage = lazy(() => import('../../features/client/book-service/book-service-page').then((m) => ({ default: m.BookServicePage })))
const BookingsPage = lazy(() => import('../../features/client/bookings/bookings-page').then((m) => ({ default: m.BookingsPage })))
const BookingDetailPage = lazy(() => import('../../features/client/bookings/booking-detail-page').then((m) => ({ default: m.BookingDetailPage })))
const CustodyRecordPage = lazy(() => import('../../features/custody/custody-record-page').then((m) => ({ default: m.CustodyRecordPage })))
const DocumentsPage = lazy(() => import('../../features/client/documents/documents-page').then((m) => ({ default: m.DocumentsPage })))
const PaymentsPage = lazy(() => import('../../features/client/payments/payments-page').then((m) => ({ default: m.PaymentsPage })))
const ClientMessagesPage = lazy(() => import('../../features/client/messages/client-messages-page').then((m) => ({ default: m.ClientMessagesPage })))

const routes: PortalRoute[] = [
  { path: '', element: <ClientDashboardPage /> },
  { path: 'book-service', element: <BookServicePage /> },
  { path: 'bookings', element: <BookingsPage /> },
  { path: 'bookings/:id', element: <BookingDetailPage /> },
  { path: 'bookings/:bookingId/custody', element: <CustodyRecordPage family /> },
  { path: 'documents', element: <DocumentsPage /> },
  { path: 'payments', element: <PaymentsPage /> },
  { path: 'messages', element: <ClientMessagesPage /> },
  { path: 'messages/:threadId', element: <ClientMessagesPage /> },
]

export default function ClientPortal() {
  return <RolePortal role="client" routes={routes} />
}
