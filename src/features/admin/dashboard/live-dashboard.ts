import { fromPromise } from 'xstate'
import { createAdminDashboardMachine } from '../../../../machines/admin/admin-dashboard.machine'
import { adminStatistics } from '../../../api/users'
import type { AdminStatisticsResponse } from '../../../../shared/contracts/admin'

/** The dashboard machine with its real I/O (GET /users/admin/statistics) and the wall clock. */
export const liveAdminDashboardMachine = createAdminDashboardMachine<AdminStatisticsResponse>(() => Date.now()).provide({
  actors: { loadStatistics: fromPromise(() => adminStatistics()) },
})
