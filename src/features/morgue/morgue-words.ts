import { msg, plural } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { PermitStatus, TransportStatus } from '../../../shared/contracts/morgue'
import { liveWords } from '../../lib/live-words'

/** Words the morgue attendant reads, read as strings in the language in use (see `liveWords`). */
export { TASK_LABELS } from '../../components/preparation-words'

export const TRANSPORT_LABELS = liveWords({
  scheduled: msg`Scheduled`,
  departed: msg`Departed`,
  delivered: msg`Delivered`,
} satisfies Record<TransportStatus, MessageDescriptor>)

export const PERMIT_LABELS = liveWords({
  approved: msg`Approved`,
  pending: msg`Awaiting review`,
  rejected: msg`Rejected`,
  missing: msg`Not uploaded`,
} satisfies Record<PermitStatus, MessageDescriptor>)

/** What stops a release, in words the attendant can act on. */
export const PERMIT_MISSING_TEXT = liveWords({
  missing: msg`Cannot release: the family has not uploaded the burial permit yet.`,
  pending: msg`Cannot release: the burial permit is waiting for the office to approve it.`,
  rejected: msg`Cannot release: the burial permit was rejected; the family must upload a new copy.`,
} satisfies Record<Exclude<PermitStatus, 'approved'>, MessageDescriptor>)

export const MORGUE_TEXT = liveWords({
  dashboardTitle: msg`Morgue Dashboard`,
  dashboardSubtitle: msg`Your caseload today, from the bookings assigned to you.`,
  bodiesInStorage: msg`Bodies in storage`,
  pendingTasks: msg`Pending tasks`,
  scheduledTransfers: msg`Scheduled transfers`,
  storageAlerts: msg`Storage alerts`,
  viewBodies: msg`View bodies`,
  viewTasks: msg`View tasks`,
  bodiesTitle: msg`Body Management`,
  bodiesSubtitle: msg`The bodies assigned to you: details, burial permit and release.`,
  bodiesList: msg`Bodies assigned to you`,
  tasksTitle: msg`Preparation Tasks`,
  tasksSubtitle: msg`Tick each step as it is done; the office and the family see the progress.`,
  checklists: msg`Preparation checklists`,
  transportTitle: msg`Transport`,
  transportSubtitle: msg`Transfers to the service, soonest first.`,
  documentsTitle: msg`Documents`,
  documentsSubtitle: msg`The documents of the bookings assigned to you (read only).`,
  noBodies: msg`No bodies are assigned to you.`,
  bodyFilter: msg`Show`,
  bodyFilters: { active: msg`In care`, released: msg`Released`, all: msg`All, completed included` },
  noBodiesInFilter: msg`None in this list. Choose another above.`,
  noTasks: msg`No bodies in storage: nothing to prepare.`,
  noTransfers: msg`No transfers scheduled.`,
  noDocuments: msg`No documents have been uploaded for the bookings assigned to you yet.`,
  loading: msg`Loading your caseload`,
  retry: msg`Retry`,
  details: msg`Details`,
  release: msg`Release to family`,
  released: msg`Released`,
  notInCare: msg`No longer in our care`,
  markDeparted: msg`Mark departed`,
  markDelivered: msg`Mark delivered`,
  today: msg`Today`,
  close: msg`Close`,
  savingStep: msg`Saving`,
  officeReason: msg`The office's reason`,
  ourMortuary: msg`Our mortuary`,
  pickup: msg`Pickup`,
  destination: msg`Destination`,
  family: msg`Family`,
  noDestination: msg`Not given yet: ask the office`,
  changePickup: msg`Change pickup`,
  pickupField: msg`Pickup place`,
  pickupHint: msg`Where the body is collected, e.g. the family home for an overnight vigil. Leave blank for the usual place.`,
  save: msg`Save`,
  cancel: msg`Cancel`,
  mustReleaseFirst: msg`The body must be released (burial permit approved) before it departs.`,
  /** A case whose deceased has no name yet. */
  bookingNumber: (id: string) => msg`Booking #${id}`,
  serviceDatePassed: msg`Service date has passed`,
  inCareMoreThan: (days: number) => msg`In care more than ${days} days`,
  permitBadge: (status: string) => msg`Burial permit: ${status}`,
  // The case's facts (a card of Body Management and its panel).
  dateOfDeath: msg`Date of death`,
  placeOfDeath: msg`Place of death`,
  daysInCare: msg`Days in care`,
  days: (days: number) => msg`${plural(days, { one: '# day', other: '# days' })}`,
  service: msg`Service`,
  booking: msg`Booking`,
  received: msg`Received`,
  services: msg`Services`,
  preparation: msg`Preparation`,
  tasksDone: (done: number, total: number) => msg`${done} of ${total} tasks done`,
  transport: msg`Transport`,
  notes: msg`Notes`,
  releasedOn: (at: string) => msg`Released to the family on ${at}.`,
  nothingToRelease: { completed: msg`This booking is completed; there is nothing to release.`, cancelled: msg`This booking is cancelled; there is nothing to release.` },
  nothingToReleaseOther: (status: string) => msg`This booking is ${status}; there is nothing to release.`,
  permitApproved: msg`The burial permit is approved: the body can be released to the family.`,
  // Preparation tasks.
  serviceWhen: (at: string) => msg`Service: ${at}`,
  stepsDone: (done: number, total: number) => msg`${done} of ${total} done`,
  preparationOf: (name: string) => msg`Preparation of ${name}`,
  preparationTasksFor: (name: string) => msg`Preparation tasks for ${name}`,
  // Transport.
  transferOf: (name: string) => msg`Transfer of ${name}`,
})

/** The attendant's documents screen. */
export const DOCUMENTS_TEXT = liveWords({
  documentsFor: (name: string) => msg`Documents for ${name}`,
  caseTitle: (name: string, id: string) => msg`${name} (booking #${id})`,
  typeUploaded: (type: string, date: string) => msg`${type}, uploaded ${date}`,
  preview: msg`Preview`,
  previewOf: (name: string) => msg`Preview ${name}`,
  download: msg`Download`,
  downloadOf: (name: string) => msg`Download ${name}`,
  document: msg`Document`,
  type: msg`Type`,
  status: msg`Status`,
  uploaded: msg`Uploaded`,
  actions: msg`Actions`,
})

/** The dashboard's urgent work, above SPEC.md's four cards. */
export const URGENT_TEXT = liveWords({
  title: msg`Needs attention`,
  soon: msg`Services in the next 48 hours`,
  soonNone: msg`No service in the next 48 hours.`,
  blocked: msg`Cannot be released`,
  blockedNone: msg`Every body in care has its burial permit uploaded and not rejected.`,
  permitMissing: msg`Burial permit not uploaded`,
  permitRejected: msg`Burial permit rejected`,
  permitRejectedBecause: (reason: string) => msg`Burial permit rejected: ${reason}`,
  lateTitle: msg`Preparation overdue`,
  lateNone: msg`Preparation is on time.`,
  late: (steps: string) => msg`Late: ${steps}`,
  service: (at: string) => msg`Service ${at}`,
  notScheduled: msg`not scheduled`,
  today: msg`Transfers today`,
  todayNone: msg`No transfers today.`,
  caseload: msg`Your caseload`,
})

/** The case's printable QR tag. */
export const TAG_TEXT = liveWords({
  title: msg`QR tag`,
  print: msg`Print tag`,
  booking: msg`Booking`,
  scan: msg`Scan to open this case (staff sign-in required).`,
  qrLabel: (name: string) => msg`QR code that opens the case of ${name}`,
})

/** "My day", first on the dashboard: the calendar's events of the attendant's cases today. */
export const MY_DAY_TEXT = liveWords({
  title: msg`My day`,
  none: msg`Nothing on the calendar for your cases today.`,
  failed: msg`Failed to load your day`,
  where: (names: string) => msg`At: ${names}`,
  family: msg`Family`,
  calendarTitle: msg`My calendar`,
  calendarSubtitle: msg`The events of your cases on your phone's calendar.`,
})
