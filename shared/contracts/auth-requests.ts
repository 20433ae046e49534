/**
 * The sign-in and register requests, in `zod/mini`: the sign-in and register screens are a
 * family's first steps after the home page, and validating their forms with zod/mini keeps the full
 * zod out of those screens (it comes later with the session). Both backends validate the same
 * requests with these same schemas; the messages are SPEC.md's.
 */
import { z } from 'zod/mini'

const email = () =>
  z.string().check(z.trim(), z.minLength(1, 'Email is required'), z.regex(z.regexes.email, 'Please enter a valid email address'))

export const LoginRequest = z.object({
  email: email(),
  password: z.string().check(z.minLength(1, 'Password is required')),
})
export type LoginRequest = z.infer<typeof LoginRequest>

export const RegisterRequest = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name is required')),
  email: z.string().check(z.trim(), z.regex(z.regexes.email, 'Please enter a valid email address')),
  // Its length and complexity are the admin's rules, checked by the backend after parsing (password-rules.ts).
  password: z.string().check(z.minLength(1, 'Password is required')),
  phone: z.string().check(z.trim(), z.minLength(1, 'Phone is required')),
  address: z.string().check(z.trim(), z.minLength(1, 'Address is required')),
  role: z.optional(z.literal('client')),
})
export type RegisterRequest = z.infer<typeof RegisterRequest>

/**
 * The register form (SPEC.md section 5): every field required; passwords must match. The password
 * also meets the home's rules (`passwordProblem`, from password-rules.ts) once the screen has them.
 */
export const registerForm = (passwordProblem?: (password: string) => string | null) =>
  z
    .object({
      firstName: z.string().check(z.trim(), z.minLength(1, 'First name is required')),
      lastName: z.string().check(z.trim(), z.minLength(1, 'Last name is required')),
      email: email(),
      phone: z.string().check(z.trim(), z.minLength(1, 'Phone is required')),
      address: z.string().check(z.trim(), z.minLength(1, 'Address is required')),
      password: z.string().check(
        z.minLength(1, 'Password is required'),
        z.refine((password) => !passwordProblem?.(password), { error: (issue) => passwordProblem?.(issue.input as string) }),
      ),
      confirmPassword: z.string().check(z.minLength(1, 'Please confirm your password')),
    })
    .check(
      z.refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] }),
    )
export type RegisterForm = z.infer<ReturnType<typeof registerForm>>
