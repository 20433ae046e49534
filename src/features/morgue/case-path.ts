import { paths } from '../../app/paths'

/**
 * One body's case: Body Management with its detail panel open. Kept here, not in the app's paths
 * module, because that one is in every first load (/login and /register have no bytes to spare).
 */
export const casePath = (id: string) => `${paths.morgue.bodyManagement}/${encodeURIComponent(id)}`
