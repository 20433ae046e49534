import type { Role } from '../../shared/contracts/auth'

/** Every route of the app, in one place (SPEC.md section 2). */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  about: '/about',
  resources: {
    planning: '/resources/planning',
    griefSupport: '/resources/grief-support',
    legal: '/resources/legal',
    whatToDoNow: '/resources/what-to-do-now',
  },
  dashboard: '/dashboard',
  client: {
    home: '/dashboard/client',
    bookService: '/dashboard/client/book-service',
    bookings: '/dashboard/client/bookings',
    booking: (id: string) => `/dashboard/client/bookings/${encodeURIComponent(id)}`,
    documents: '/dashboard/client/documents',
    payments: '/dashboard/client/payments',
    messages: '/dashboard/client/messages',
  },
  morgue: {
    home: '/dashboard/morgue',
    bodyManagement: '/dashboard/morgue/body-management',
    bodies: '/dashboard/morgue/bodies',
    tasks: '/dashboard/morgue/tasks',
    transport: '/dashboard/morgue/transport',
    documents: '/dashboard/morgue/documents',
    messages: '/dashboard/morgue/messages',
    calendarFeed: '/dashboard/morgue/calendar',
  },
  admin: {
    home: '/dashboard/admin',
    users: '/dashboard/admin/users',
    services: '/dashboard/admin/services',
    /** One booking's case file: everything about it on one page. */
    booking: (id: string) => `/dashboard/admin/bookings/${encodeURIComponent(id)}`,
    reports: '/dashboard/admin/reports',
    calendar: '/dashboard/admin/calendar',
    documents: '/dashboard/admin/documents',
    settings: '/dashboard/admin/settings',
    messages: '/dashboard/admin/messages',
    smsOutbox: '/dashboard/admin/messages/sms',
    condolences: '/dashboard/admin/messages/condolences',
  },
} as const

/** The role's own dashboard (SPEC.md section 2: Dashboard button; section 6: wrong role). */
export function homeOf(role: Role | null | undefined): string {
  if (role === 'admin') return paths.admin.home
  if (role === 'morgueAttendant') return paths.morgue.home
  if (role === 'client') return paths.client.home
  return paths.home
}

/** Which role a dashboard path belongs to, or null for public paths. */
export function roleOfPath(pathname: string): Role | null {
  if (pathname === paths.admin.home || pathname.startsWith(`${paths.admin.home}/`)) return 'admin'
  if (pathname === paths.morgue.home || pathname.startsWith(`${paths.morgue.home}/`)) return 'morgueAttendant'
  if (pathname === paths.client.home || pathname.startsWith(`${paths.client.home}/`)) return 'client'
  return null
}

/** Each role's own profile page, reached from the name in the top bar. */
export function profileOf(role: Role): string {
  return `${homeOf(role)}/profile`
}

/** Where to go after signing in: the remembered page when it belongs to this role, else the role's home. */
export function afterLoginPath(role: Role, from: unknown): string {
  if (typeof from === 'string' && from.startsWith('/dashboard/')) {
    const home = homeOf(role)
    if (from === home || from.startsWith(`${home}/`)) return from
  }
  return homeOf(role)
}
