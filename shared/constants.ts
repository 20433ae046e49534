/** Business constants of SPEC.md section 9. */
export const CLIENT_RECENT_BOOKINGS = 5
export const ADMIN_PAGE_SIZE = 10
export const ADMIN_REFRESH_MS = 5 * 60 * 1000
export const MPESA_POLL_INTERVAL_MS = 5000
export const MPESA_MAX_ATTEMPTS = 10
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024
export const TIME_ZONE = 'Africa/Nairobi'
export const CURRENCY = 'KSH'
