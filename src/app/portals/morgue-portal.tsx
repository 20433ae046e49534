import { lazy } from 'react'
import { RolePortal, type PortalRoute } from '../role-portal'

// Each screen is its own chunk inside the morgue portal.
const MorgueDashboardPage = lazy(() => import('../../features/morgue/morgue-dashboard-page').then((m) => ({ default: m.MorgueDashboardPage })))
const BodiesPage = lazy(() => import('../../features/morgue/bodies-page').then((m) => ({ default: m.BodiesPage })))
const TasksPage = lazy(() => import('../../features/morgue/tasks-page').then((m) => ({ default: m.TasksPage })))
const TransportPage = lazy(() => import('../../features/morgue/transport-page').then((m) => ({ default: m.TransportPage })))
const MorgueDocumentsPage = lazy(() => import('../../features/morgue/documents-page').then((m) => ({ default: m.MorgueDocumentsPage })))
const CustodyRecordPage = lazy(() => import('../../features/custody/custody-record-page').then((m) => ({ default: m.CustodyRecordPage })))
const CustodyTagPage = lazy(() => import('../../features/morgue/custody-tag-page').then((m) => ({ default: m.CustodyTagPage })))
const CalendarFeedPage = lazy(() => import('../../features/morgue/calendar-feed-page').then((m) => ({ default: m.CalendarFeedPage })))
const MorgueMessagesPage = lazy(() => import('../../features/morgue/morgue-messages-page').then((m) => ({ default: m.MorgueMessagesPage })))

const routes: PortalRoute[] = [
  { path: '', element: <MorgueDashboardPage /> },
  // SPEC.md gives both readings: the menu says body-management, the dashboard links to bodies.
  { path: 'body-management', element: <BodiesPage /> },
  { path: 'bodies', element: <BodiesPage /> },
  // A case (from the dashboard, or Details): the same screen with that body's panel open.
  { path: 'body-management/:bookingId', element: <BodiesPage /> },
  { path: 'bodies/:bookingId', element: <BodiesPage /> },
  // The case's printable chain of custody and its QR tag.
  { path: 'body-management/:bookingId/custody', element: <CustodyRecordPage /> },
  { path: 'bodies/:bookingId/custody', element: <CustodyRecordPage /> },
  { path: 'body-management/:bookingId/tag', element: <CustodyTagPage /> },
  { path: 'bodies/:bookingId/tag', element: <CustodyTagPage /> },
  { path: 'tasks', element: <TasksPage /> },
  { path: 'transport', element: <TransportPage /> },
  { path: 'documents', element: <MorgueDocumentsPage /> },
  { path: 'messages', element: <MorgueMessagesPage /> },
  { path: 'messages/:threadId', element: <MorgueMessagesPage /> },
  { path: 'calendar', element: <CalendarFeedPage /> },
]

export default function MorguePortal() {
  return <RolePortal role="morgueAttendant" routes={routes} />
}
