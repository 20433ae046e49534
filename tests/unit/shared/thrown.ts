import { ApiError } from '../../../shared/errors'

/** The answer a shared rule throws (status, message, errors), or null when it passes. */
export function thrown(run: () => unknown): { status: number; message: string; errors?: Record<string, string> } | null {
  try {
    run()
    return null
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return { status: error.status, message: error.message, ...(error.errors ? { errors: error.errors } : {}) }
  }
}
