import { z } from 'zod/mini'

/**
 * `GET /health`: for load balancers and whoever runs the server. No token, never cached, nothing
 * about a person: 200 with `status: 'ok'` when every check passes, 503 with `status: 'fail'` and the
 * failed checks named otherwise. The counts are the backlog an operator watches; null when the
 * database could not be read.
 */
export const HEALTH_CHECKS = ['database', 'migrations', 'storage'] as const
export type HealthCheck = (typeof HEALTH_CHECKS)[number]

const Count = z.nullable(z.number())
export const HealthResponse = z.object({
  status: z.enum(['ok', 'fail']),
  checks: z.object({ database: z.enum(['ok', 'fail']), migrations: z.enum(['ok', 'fail']), storage: z.enum(['ok', 'fail']) }),
  failed: z.array(z.enum(HEALTH_CHECKS)),
  /** Open M-Pesa pushes older than their expiry (the reconciliation job should have closed them). */
  mpesa: z.object({ overdue: Count }),
  sms: z.object({ queued: Count, failed: Count }),
  mail: z.object({ queued: Count, failed: Count }),
})
export type HealthResponse = z.infer<typeof HealthResponse>
