import { http, HttpResponse } from 'msw'
import { resetDatabase } from '../db'
import { route } from '../http'

/** Called after a reset so the browser host can drop its persisted copy. */
let onReset: (() => void) | null = null
export function setResetListener(listener: (() => void) | null): void {
  onReset = listener
}

export const devHandlers = [
  http.get('*/api/__mock/status', () => HttpResponse.json({ mock: true, message: 'Mock backend running' })),
  http.post(
    '*/api/__mock/reset',
    route(async () => {
      await resetDatabase()
      onReset?.()
      return HttpResponse.json({ message: 'Demo data has been reset' })
    }),
  ),
]
