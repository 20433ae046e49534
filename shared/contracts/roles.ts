/** Roles and their spellings: no zod here, so the first load can use them. */
export const ROLES = ['client', 'morgueAttendant', 'admin'] as const
export type Role = (typeof ROLES)[number]

/** Wire spelling used by staff forms and payloads. */
export const STAFF_ROLES = ['morgue_attendant', 'admin'] as const
export const WIRE_ROLES = ['client', 'morgue_attendant', 'admin'] as const
export type WireRole = (typeof WIRE_ROLES)[number]

/** `morgue_attendant` / `morgueAttendant` → `morgueAttendant`; `admin` → `admin`; anything else → `client`. */
export function normaliseRole(value: unknown): Role {
  if (typeof value !== 'string') return 'client'
  const v = value.trim().toLowerCase().replace(/[\s_-]/g, '')
  if (v === 'morgueattendant') return 'morgueAttendant'
  if (v === 'admin') return 'admin'
  return 'client'
}
export function toWireRole(role: Role): WireRole {
  return role === 'morgueAttendant' ? 'morgue_attendant' : role
}
