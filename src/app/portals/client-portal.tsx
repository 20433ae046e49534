import { RolePortal, type PortalRoute } from '../role-portal'
import { SectionPage } from '../../components/section-page'
import { ClientDashboardPage } from '../../features/client/dashboard/client-dashboard-page'
import { BookServicePage } from '../../features/client/book-service/book-service-page'
import { BookingsPage } from '../../features/client/bookings/bookings-page'
import { BookingDetailPage } from '../../features/client/bookings/booking-detail-page'
import { PaymentsPage } from '../../features/client/payments/payments-page'

const routes: PortalRoute[] = [
  { path: '', element: <ClientDashboardPage /> },
  { path: 'book-service', element: <BookServicePage /> },
  { path: 'bookings', element: <BookingsPage /> },
  { path: 'bookings/:id', element: <BookingDetailPage /> },
  { path: 'documents', element: <SectionPage title="Documents">Upload the documents a burial needs (death certificate, burial permit) and follow their review.</SectionPage> },
  { path: 'payments', element: <PaymentsPage /> },
  { path: 'messages', element: <SectionPage title="Messages">Write to the funeral home team.</SectionPage> },
]

export default function ClientPortal() {
  return <RolePortal role="client" routes={routes} />
}
