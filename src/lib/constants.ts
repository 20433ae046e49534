import type { ToastContainerProps } from 'react-toastify'

/** Business constants of SPEC.md section 9. */
export const CLIENT_RECENT_BOOKINGS = 5
export const ADMIN_PAGE_SIZE = 10
export const ADMIN_REFRESH_MS = 5 * 60 * 1000
export const MPESA_POLL_INTERVAL_MS = 5000
export const MPESA_MAX_ATTEMPTS = 10
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
export const TIME_ZONE = 'Africa/Nairobi'
export const CURRENCY = 'KSH'

/** Toasts: 3 visible, 4000 ms, 356 px wide, 14 px gap, swipe to dismiss at 45 px (SPEC.md section 9). */
export const TOAST_OPTIONS = {
  // Top centre, below the top bar (src/app/global.css): clear of the top bar's links and of the
  // primary buttons and inline errors, which sit low in a form.
  position: 'top-center',
  autoClose: 4000,
  limit: 3,
  draggable: true,
  // react-toastify measures the swipe in percent of the toast's width: 45 px of 356 px.
  draggablePercent: (45 / 356) * 100,
  newestOnTop: true,
  pauseOnFocusLoss: true,
} satisfies ToastContainerProps
/** A toast shown this long before a change of page belongs to the old page and is cleared. */
export const TOAST_NAVIGATION_GRACE_MS = 1500

/** Width and gap are set in src/app/global.css (CSS variables of react-toastify). */
