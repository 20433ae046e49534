/** The three demo accounts the login screen lists in mock mode (one per role). */
import type { WireRole } from './contracts/auth'

export interface DemoAccount {
  role: WireRole
  label: string
  name: string
  email: string
  password: string
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: 'admin', label: 'Administrator', name: 'Grace Wanjiru', email: 'admin@funeral.test', password: 'Admin#2026' },
  { role: 'morgue_attendant', label: 'Morgue attendant', name: 'Peter Otieno', email: 'attendant@funeral.test', password: 'Attendant#2026' },
  { role: 'client', label: 'Family (client)', name: 'Mary Achieng', email: 'family@funeral.test', password: 'Family#2026' },
]

/** Password of every other seeded user (`firstname.lastname@example.co.ke`). */
export const SEED_USER_PASSWORD = 'Password#2026'
