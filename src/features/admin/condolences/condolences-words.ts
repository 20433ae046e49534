import { msg } from '@lingui/core/macro'

/** The link from the admin's Messages to the condolences screen. */
export const CONDOLENCES_LINK = msg`Condolences on tribute pages`

/** The admin's condolence moderation screen's words, shown with t(). */
export const CONDOLENCES_TEXT = {
  title: msg`Condolences`,
  subtitle: msg`Messages relatives left on the families' tribute pages. Nothing shows on a page until the family or you approve it.`,
  back: msg`Messages`,
  show: msg`Show`,
  pending: msg`Waiting`,
  approved: msg`Shown`,
  hidden: msg`Hidden`,
  emptyPending: msg`No condolence is waiting.`,
  empty: msg`None.`,
  loadFailed: msg`Failed to load the condolences`,
  approve: msg`Approve`,
  hide: msg`Hide`,
  updated: msg`Condolence updated`,
  updateFailed: msg`Failed to update the condolence`,
  openPage: msg`Open the page`,
  unpublished: msg`Page not published`,
  listLabel: msg`Condolences to moderate`,
} as const
