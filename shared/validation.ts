/**
 * One shape for bad input on both backends: 422 `{ message, errors: { field: message } }`. The
 * message names the field whenever zod's own wording would not ("deceased_id: Invalid input"
 * rather than a bare "Invalid input"); a schema's own message ("First name is required") is kept.
 */
import en from 'zod/v4/locales/en.js'
import type { z } from 'zod/mini'

const englishErrors = en().localeError

type Issue = z.core.$ZodIssue

/** True when the issue's message is zod's default wording (no schema-specific message). */
function isDefaultMessage(issue: Issue): boolean {
  try {
    const fallback = englishErrors(issue as never)
    const text = typeof fallback === 'string' ? fallback : fallback?.message
    return text === issue.message
  } catch {
    return false
  }
}

export function describeIssues(issues: readonly Issue[]): { message: string; errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const named = (issue: Issue) => {
    const path = issue.path.map(String).join('.')
    return path && (issue.code === 'invalid_type' || isDefaultMessage(issue)) ? `${path}: ${issue.message}` : issue.message
  }
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_'
    if (!(key in errors)) errors[key] = issue.message
  }
  const first = issues[0]
  return { message: first ? named(first) : 'Invalid request', errors }
}
