import { describe, expect, it } from 'vitest'
import { DEFAULT_PASSWORD_RULES, passwordProblem, passwordRulesOf } from '../../shared/contracts/password-rules'
import { passwordHintWords } from '../../src/components/password-words'
import { i18n } from '../../src/lib/i18n'
import { DEFAULT_SETTINGS } from '../../shared/contracts/settings'

const passwordHint = (rules: Parameters<typeof passwordHintWords>[0]) => i18n._(passwordHintWords(rules))

describe('the password rules check', () => {
  it('names the length first, then the complexity', () => {
    const rules = { minLength: 10, requireComplexity: true }
    expect(passwordProblem('', rules)).toBe('Password is required')
    expect(passwordProblem('Abc1', rules)).toBe('Password must be at least 10 characters')
    expect(passwordProblem('abcdefghi1', rules)).toBe('Password must contain an upper-case letter, a lower-case letter and a digit')
    expect(passwordProblem('ABCDEFGHI1', rules)).toBe('Password must contain an upper-case letter, a lower-case letter and a digit')
    expect(passwordProblem('Abcdefghij', rules)).toBe('Password must contain an upper-case letter, a lower-case letter and a digit')
    expect(passwordProblem('Abcdefghi1', rules)).toBeNull()
  })

  it('counts characters as people do, and takes letters of any alphabet', () => {
    expect(passwordProblem('😀😀😀😀😀', { minLength: 6, requireComplexity: false })).toBe('Password must be at least 6 characters')
    expect(passwordProblem('Ñandú2024', { minLength: 6, requireComplexity: true })).toBeNull()
  })

  it('the default settings are the defaults: 6 characters, no complexity, as SPEC.md\'s staff form', () => {
    expect(passwordRulesOf(DEFAULT_SETTINGS.security)).toEqual(DEFAULT_PASSWORD_RULES)
    expect(DEFAULT_PASSWORD_RULES).toEqual({ minLength: 6, requireComplexity: false })
    expect(passwordProblem('abcde', DEFAULT_PASSWORD_RULES)).toBe('Password must be at least 6 characters')
    expect(passwordProblem('abcdef', DEFAULT_PASSWORD_RULES)).toBeNull()
    expect(passwordHint(DEFAULT_PASSWORD_RULES)).toBe('At least 6 characters')
    expect(passwordHint({ minLength: 12, requireComplexity: true })).toBe('At least 12 characters, with an upper-case letter, a lower-case letter and a digit')
  })

  it('reads the settings, out-of-bounds lengths as the default', () => {
    expect(passwordRulesOf({ minPasswordLength: '12', requireComplexity: true })).toEqual({ minLength: 12, requireComplexity: true })
    expect(passwordRulesOf({ minPasswordLength: '4', requireComplexity: false }).minLength).toBe(6)
    expect(passwordRulesOf({ minPasswordLength: 'x', requireComplexity: false }).minLength).toBe(6)
  })
})
