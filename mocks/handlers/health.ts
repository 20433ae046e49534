import { http, HttpResponse } from 'msw'
import type { HealthResponse } from '../../shared/contracts/health'

/** The mock has no database or storage to fail: always healthy, with nothing waiting. */
const healthy: HealthResponse = {
  status: 'ok',
  checks: { database: 'ok', migrations: 'ok', storage: 'ok' },
  failed: [],
  mpesa: { overdue: 0 },
  sms: { queued: 0, failed: 0 },
  mail: { queued: 0, failed: 0 },
}

export const healthHandlers = [http.get('*/api/health', () => HttpResponse.json(healthy, { headers: { 'Cache-Control': 'no-store' } }))]
