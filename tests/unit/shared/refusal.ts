import { ApiError } from '../../../shared/errors'

/** The ApiError a rule throws, for its status, message and field errors; fails when the rule does not refuse. */
export function refusal(run: () => unknown): ApiError {
  try {
    run()
  } catch (error) {
    if (error instanceof ApiError) return error
    throw error
  }
  throw new Error('the rule did not refuse')
}
