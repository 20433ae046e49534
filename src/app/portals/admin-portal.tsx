import { RolePortal, type PortalRoute } from '../role-portal'
import { lazy } from 'react'
import { SectionPage } from '../../components/section-page'

// admin: Dashboard, Users and Settings screens, each its own chunk.
const AdminDashboardPage = lazy(() => import('../../features/admin/dashboard/admin-dashboard-page').then((m) => ({ default: m.AdminDashboardPage })))
const UsersPage = lazy(() => import('../../features/admin/users/users-page').then((m) => ({ default: m.UsersPage })))
const SettingsPage = lazy(() => import('../../features/admin/settings/settings-page').then((m) => ({ default: m.SettingsPage })))

const routes: PortalRoute[] = [
  { path: '', element: <AdminDashboardPage /> },
  { path: 'users', element: <UsersPage /> },
  { path: 'services', element: <SectionPage title="Booking Management">Every booking: set its status and payment status, or cancel it.</SectionPage> },
  { path: 'reports', element: <SectionPage title="Financial Reports">Revenue summary, transactions and report downloads.</SectionPage> },
  { path: 'documents', element: <SectionPage title="Document Review">Approve or reject the documents families upload.</SectionPage> },
  { path: 'settings', element: <SettingsPage /> },
]

export default function AdminPortal() {
  return <RolePortal role="admin" routes={routes} />
}
