import { lazy } from 'react'

/**
 * The contribution page, one step removed: the app's first-load code then names this one small
 * file instead of the page's whole list of chunks, which the sign-in pages would carry too.
 */
const ContributePage = lazy(() => import('./contribute-page').then((m) => ({ default: m.ContributePage })))

export default function ContributeRoute() {
  return <ContributePage />
}
