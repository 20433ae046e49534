import { RolePortal, type PortalRoute } from '../role-portal'
import { SectionPage } from '../../components/section-page'

const routes: PortalRoute[] = [
  { path: '', element: <SectionPage title="Morgue Dashboard">Bodies in storage, pending tasks, scheduled transfers and storage alerts.</SectionPage> },
  // SPEC.md gives both readings: the menu says body-management, the dashboard links to bodies.
  { path: 'body-management', element: <SectionPage title="Body Management">The bodies in our care: intake, storage and release.</SectionPage> },
  { path: 'bodies', element: <SectionPage title="Body Management">The bodies in our care: intake, storage and release.</SectionPage> },
  { path: 'tasks', element: <SectionPage title="Preparation Tasks">Preparation work to do before each service.</SectionPage> },
  { path: 'transport', element: <SectionPage title="Transport">Scheduled transfers and hearse bookings.</SectionPage> },
  { path: 'documents', element: <SectionPage title="Documents">Documents for the bookings assigned to you.</SectionPage> },
  { path: 'messages', element: <SectionPage title="Messages">Messages with the funeral home team.</SectionPage> },
]

export default function MorguePortal() {
  return <RolePortal role="morgueAttendant" routes={routes} />
}
