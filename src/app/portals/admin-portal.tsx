import { Suspense, lazy } from 'react'
import { RolePortal, type PortalRoute } from '../role-portal'
import { paths } from '../paths'

// Each admin screen is its own chunk.
const AdminDashboardPage = lazy(() => import('../../features/admin/dashboard/admin-dashboard-page').then((m) => ({ default: m.AdminDashboardPage })))
const UsersPage = lazy(() => import('../../features/admin/users/users-page').then((m) => ({ default: m.UsersPage })))
const AdminBookingsPage = lazy(() => import('../../features/admin/bookings/admin-bookings-page').then((m) => ({ default: m.AdminBookingsPage })))
const CasePage = lazy(() => import('../../features/admin/case/case-page').then((m) => ({ default: m.CasePage })))
const SettingsPage = lazy(() => import('../../features/admin/settings/settings-page').then((m) => ({ default: m.SettingsPage })))
const DocumentReviewPage = lazy(() => import('../../features/admin/documents/document-review-page').then((m) => ({ default: m.DocumentReviewPage })))
// reports: a chunk of its own (its chart is another chunk, loaded with it).
const AdminMessagesPage = lazy(() => import('../../features/admin/messages/admin-messages-page').then((m) => ({ default: m.AdminMessagesPage })))
const SmsOutboxPage = lazy(() => import('../../features/admin/messages/sms-outbox-page').then((m) => ({ default: m.SmsOutboxPage })))
const CondolencesPage = lazy(() => import('../../features/admin/condolences/condolences-page').then((m) => ({ default: m.CondolencesPage })))
const CustodyRecordPage = lazy(() => import('../../features/custody/custody-record-page').then((m) => ({ default: m.CustodyRecordPage })))
// Shown only when production simulates payments; small, its own chunk.
const PaymentsSimulatedBanner = lazy(() => import('../../features/admin/payments-simulated-banner').then((m) => ({ default: m.PaymentsSimulatedBanner })))
const CalendarPage = lazy(() => import('../../features/admin/calendar/calendar-page').then((m) => ({ default: m.CalendarPage })))
const ReportsPage = lazy(() => import('../../features/admin/reports/reports-page').then((m) => ({ default: m.ReportsPage })))

const routes: PortalRoute[] = [
  { path: '', element: <AdminDashboardPage /> },
  { path: 'users', element: <UsersPage /> },
  { path: 'services', element: <AdminBookingsPage /> },
  // A booking's printable chain of custody (from its history in the bookings table), where the admin
  // also receives a body not yet received (over a full cold room, with a reason).
  { path: 'services/:bookingId/custody', element: <CustodyRecordPage backTo={paths.admin.services} receive /> },
  { path: 'bookings/:bookingId', element: <CasePage /> },
  { path: 'reports', element: <ReportsPage /> },
  { path: 'calendar', element: <CalendarPage /> },
  { path: 'documents', element: <DocumentReviewPage /> },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'messages', element: <AdminMessagesPage /> },
  { path: 'messages/sms', element: <SmsOutboxPage /> },
  { path: 'messages/condolences', element: <CondolencesPage /> },
  { path: 'messages/:threadId', element: <AdminMessagesPage /> },
]

export default function AdminPortal() {
  return (
    <RolePortal
      role="admin"
      routes={routes}
      banner={
        <Suspense fallback={null}>
          <PaymentsSimulatedBanner />
        </Suspense>
      }
    />
  )
}
