/** An answer other than success: its status, its message and, for bad input, a message per field. Both backends throw it; each turns it into `{ message, errors? }`. */
export class ApiError extends Error {
  readonly status: number
  readonly errors?: Record<string, string>
  /** Headers the answer carries (Retry-After on a 429). */
  headers?: Record<string, string>
  constructor(status: number, message: string, errors?: Record<string, string>) {
    super(message)
    this.status = status
    this.errors = errors
  }
}
