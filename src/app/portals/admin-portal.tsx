import { lazy } from 'react'
import { RolePortal, type PortalRoute } from '../role-portal'
import { SectionPage } from '../../components/section-page'

// bookings area: All bookings + Service catalogue, its own chunk.
const AdminBookingsPage = lazy(() => import('../../features/admin/bookings/admin-bookings-page').then((m) => ({ default: m.AdminBookingsPage })))

const routes: PortalRoute[] = [
  { path: '', element: <SectionPage title="Admin Dashboard">Users, active bookings, monthly revenue and pending approvals, with recent activity.</SectionPage> },
  { path: 'users', element: <SectionPage title="User Management">Create staff accounts, edit and remove users.</SectionPage> },
  { path: 'services', element: <AdminBookingsPage /> },
  { path: 'reports', element: <SectionPage title="Financial Reports">Revenue summary, transactions and report downloads.</SectionPage> },
  { path: 'documents', element: <SectionPage title="Document Review">Approve or reject the documents families upload.</SectionPage> },
  { path: 'settings', element: <SectionPage title="System Settings">Facility details, notifications, security and data retention.</SectionPage> },
]

export default function AdminPortal() {
  return <RolePortal role="admin" routes={routes} />
}
