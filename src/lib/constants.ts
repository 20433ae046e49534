import type { ToastContainerProps } from 'react-toastify'

/** Toasts: 3 visible, 4000 ms, 356 px wide, 14 px gap, swipe to dismiss at 45 px (SPEC.md section 9). */
export const TOAST_OPTIONS = {
  // Top centre, below the top bar (src/app/global.css): clear of the top bar's links and of the
  // primary buttons and inline errors, which sit low in a form. On a phone the stylesheet moves
  // them to the bottom, clear of the page's heading and back link.
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
