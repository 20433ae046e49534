import { z } from 'zod/mini'

/**
 * The mock backend's own endpoints (`/api/__mock/*`, mock builds only) as the Demo tools menu
 * speaks to them: the forced faults and the SMS the mock would have sent. See mocks/README.md.
 */

/** The faults the mock injects: the next call under a path answered with a status, offline, slow. */
export const Faults = z.object({
  /** Answer the next call whose path (after /api) starts with `pathPrefix` with `status`, once. */
  failNext: z.nullable(z.object({ pathPrefix: z.string(), status: z.number() })),
  /** Every /api call (except /api/__mock/*) fails as a network error. */
  offline: z.boolean(),
  /** Every /api call (except /api/__mock/*) takes 3 s longer. */
  slow: z.boolean(),
})
export type Faults = z.infer<typeof Faults>

/** The window event the mock fires when the faults change (the Demo tools menu redraws). */
export const FAULTS_EVENT = 'afh-mock-faults-change'

/** The SMS the mock would have sent (it never sends one): the families' side of the outbox. */
export const MockSms = z.object({ messages: z.array(z.object({ id: z.number(), to_phone: z.string(), body: z.string(), status: z.string(), created_at: z.string() })) })
