import '../msw-matching'
import { http } from 'msw'
import { errorResponse } from '../http'
import { authHandlers } from './auth'
import { bookingHandlers } from './bookings'
import { deceasedHandlers } from './deceased'
import { documentHandlers } from './documents'
import { devHandlers, faultHandler } from './dev'
import { paymentHandlers } from './payments'
import { serviceHandlers } from './services'
import { userHandlers } from './users'
import { morgueHandlers } from './morgue'
import { custodyHandlers } from './custody'
import { settingsHandlers } from './settings'
import { contactHandlers } from './contact'
import { messageHandlers } from './messages'
import { contributionHandlers } from './contributions'
import { tributeHandlers } from './tributes'
import { healthHandlers } from './health'
import { paperHandlers } from './papers'
import { agreementHandlers } from './agreement'
import { calendarHandlers } from './calendar'

/** Any other /api call: 404 { message } (only paths that start with /api/, so app sources like /src/api/*.ts pass through). */
const notFound = http.all(
  ({ request }) => {
    const path = new URL(request.url).pathname
    return path === '/api' || path.startsWith('/api/')
  },
  () => errorResponse(404, 'Not found'),
)

/** `faultHandler` first: the demo-tools faults (all off by default) apply before any real handler. */
export const handlers = [
  faultHandler,
  ...devHandlers,
  ...healthHandlers,
  ...authHandlers,
  ...serviceHandlers,
  ...deceasedHandlers,
  ...contributionHandlers,
  ...tributeHandlers,
  ...paperHandlers,
  ...agreementHandlers,
  ...bookingHandlers,
  ...settingsHandlers,
  ...documentHandlers,
  ...paymentHandlers,
  ...userHandlers,
  ...morgueHandlers,
  ...custodyHandlers,
  ...contactHandlers,
  ...messageHandlers,
  ...calendarHandlers,
  notFound,
]
