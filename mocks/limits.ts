/** The shared length limits (shared/rules.ts) as the mock's 422: the message names the field. */
import { FieldTooLong, checkLengths } from '../shared/rules'
import { ApiError } from './http'

export function lengths<T extends object>(input: T, labels: Partial<Record<keyof T & string, string>>): T {
  try {
    return checkLengths(input, labels)
  } catch (error) {
    if (error instanceof FieldTooLong) throw new ApiError(422, error.message, { [error.field]: error.message })
    throw error
  }
}
