import { RolePortal, type PortalRoute } from '../role-portal'
import { SectionPage } from '../../components/section-page'

const routes: PortalRoute[] = [
  { path: '', element: <SectionPage title="Welcome to your Dashboard">Your bookings, documents and payments at a glance.</SectionPage> },
  { path: 'book-service', element: <SectionPage title="Book Service">Choose services, tell us about your loved one, pick a date and confirm.</SectionPage> },
  { path: 'bookings', element: <SectionPage title="My Bookings">Every booking you have made, with its status and payment.</SectionPage> },
  { path: 'bookings/:id', element: <SectionPage title="Booking Details">The services, total and notes of one booking.</SectionPage> },
  { path: 'documents', element: <SectionPage title="Documents">Upload the documents a burial needs (death certificate, burial permit) and follow their review.</SectionPage> },
  { path: 'payments', element: <SectionPage title="Payments">Pay for your bookings by M-Pesa and see your payment history.</SectionPage> },
  { path: 'messages', element: <SectionPage title="Messages">Write to the funeral home team.</SectionPage> },
]

export default function ClientPortal() {
  return <RolePortal role="client" routes={routes} />
}
