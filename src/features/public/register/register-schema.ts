import { z } from 'zod'

/** The register form (SPEC.md section 5): every field required; passwords must match. */
export const RegisterForm = z
  .object({
    firstName: z.string().trim().min(1, 'First name is required'),
    lastName: z.string().trim().min(1, 'Last name is required'),
    email: z.string().trim().min(1, 'Email is required').email('Please enter a valid email address'),
    phone: z.string().trim().min(1, 'Phone is required'),
    address: z.string().trim().min(1, 'Address is required'),
    password: z.string().min(1, 'Password is required').min(6, 'Password must be at least 6 characters'),
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] })
export type RegisterForm = z.infer<typeof RegisterForm>

export const REGISTER_MESSAGES = {
  success: 'Registration successful! Please log in.',
  failure: 'Registration failed. Please try again.',
} as const
