import { lazy } from 'react'
import { RolePortal, type PortalRoute } from '../role-portal'
import { SectionPage } from '../../components/section-page'

const DocumentReviewPage = lazy(() => import('../../features/admin/documents/document-review-page').then((m) => ({ default: m.DocumentReviewPage })))
// reports: a chunk of its own (its chart library is another chunk, loaded with it).
const ReportsPage = lazy(() => import('../../features/admin/reports/reports-page').then((m) => ({ default: m.ReportsPage })))

const routes: PortalRoute[] = [
  { path: '', element: <SectionPage title="Admin Dashboard">Users, active bookings, monthly revenue and pending approvals, with recent activity.</SectionPage> },
  { path: 'users', element: <SectionPage title="User Management">Create staff accounts, edit and remove users.</SectionPage> },
  { path: 'services', element: <SectionPage title="Booking Management">Every booking: set its status and payment status, or cancel it.</SectionPage> },
  { path: 'reports', element: <ReportsPage /> },
  { path: 'documents', element: <DocumentReviewPage /> },
  { path: 'settings', element: <SectionPage title="System Settings">Facility details, notifications, security and data retention.</SectionPage> },
]

export default function AdminPortal() {
  return <RolePortal role="admin" routes={routes} />
}
