import type { PermitStatus, TransportStatus } from '../../api/contracts/morgue'

/** Words the morgue attendant reads (one place, so a Kiswahili catalogue can be added). */
export { TASK_LABELS } from '../../components/preparation'

export const TRANSPORT_LABELS: Record<TransportStatus, string> = {
  scheduled: 'Scheduled',
  departed: 'Departed',
  delivered: 'Delivered',
}

export const PERMIT_LABELS: Record<PermitStatus, string> = {
  approved: 'Approved',
  pending: 'Awaiting review',
  rejected: 'Rejected',
  missing: 'Not uploaded',
}

/** What stops a release, in words the attendant can act on. */
export const PERMIT_MISSING_TEXT: Record<Exclude<PermitStatus, 'approved'>, string> = {
  missing: 'Cannot release: the family has not uploaded the burial permit yet.',
  pending: 'Cannot release: the burial permit is waiting for the office to approve it.',
  rejected: 'Cannot release: the burial permit was rejected; the family must upload a new copy.',
}

export const MORGUE_TEXT = {
  dashboardTitle: 'Morgue Dashboard',
  dashboardSubtitle: 'Your caseload today, from the bookings assigned to you.',
  bodiesInStorage: 'Bodies in storage',
  pendingTasks: 'Pending tasks',
  scheduledTransfers: 'Scheduled transfers',
  storageAlerts: 'Storage alerts',
  viewBodies: 'View bodies',
  viewTasks: 'View tasks',
  bodiesTitle: 'Body Management',
  bodiesSubtitle: 'The bodies assigned to you: details, burial permit and release.',
  tasksTitle: 'Preparation Tasks',
  tasksSubtitle: 'Tick each step as it is done; the office and the family see the progress.',
  transportTitle: 'Transport',
  transportSubtitle: 'Transfers to the service, soonest first.',
  documentsTitle: 'Documents',
  documentsSubtitle: 'The documents of the bookings assigned to you (read only).',
  noBodies: 'No bodies are assigned to you.',
  bodyFilter: 'Show',
  bodyFilters: { active: 'In care', released: 'Released', all: 'All, completed included' },
  noBodiesInFilter: 'None in this list. Choose another above.',
  noTasks: 'No bodies in storage: nothing to prepare.',
  noTransfers: 'No transfers scheduled.',
  noDocuments: 'No documents have been uploaded for the bookings assigned to you yet.',
  loading: 'Loading your caseload',
  retry: 'Retry',
  details: 'Details',
  release: 'Release to family',
  released: 'Released',
  notInCare: 'No longer in our care',
  markDeparted: 'Mark departed',
  markDelivered: 'Mark delivered',
  today: 'Today',
  close: 'Close',
  savingStep: 'Saving',
  officeReason: "The office's reason",
  ourMortuary: 'Our mortuary',
  pickup: 'Pickup',
  destination: 'Destination',
  family: 'Family',
  noDestination: 'Not given yet: ask the office',
  changePickup: 'Change pickup',
  pickupField: 'Pickup place',
  pickupHint: 'Where the body is collected, e.g. the family home for an overnight vigil. Leave blank for the usual place.',
  save: 'Save',
  cancel: 'Cancel',
  mustReleaseFirst: 'The body must be released (burial permit approved) before it departs.',
} as const

/** The dashboard's urgent work, above SPEC.md's four cards. */
export const URGENT_TEXT = {
  title: 'Needs attention',
  soon: 'Services in the next 48 hours',
  soonNone: 'No service in the next 48 hours.',
  blocked: 'Cannot be released',
  blockedNone: 'Every body in care has its burial permit uploaded and not rejected.',
  permitMissing: 'Burial permit not uploaded',
  permitRejected: 'Burial permit rejected',
  lateTitle: 'Preparation overdue',
  lateNone: 'Preparation is on time.',
  late: 'Late',
  service: 'Service',
  notScheduled: 'not scheduled',
  today: 'Transfers today',
  todayNone: 'No transfers today.',
  caseload: 'Your caseload',
} as const

/** The case panel's form for the next movement of the chain of custody. */
export const CUSTODY_FORM_TEXT = {
  formLabel: 'Record the next movement',
  loadingSection: 'Loading the chain of custody…',
  kind: 'Movement',
  bay: 'Storage bay',
  bayHint: 'e.g. Cold room, bay 3',
  place: 'Where (optional)',
  receiverName: 'Received by (full name)',
  receiverId: 'ID or passport number',
  receiverIdHint: 'As on the document you were shown',
  relationship: 'Relationship to the deceased',
  relationshipPlaceholder: 'e.g. Son',
  submit: 'Record movement',
  submitRelease: 'Record release',
  saving: 'Saving…',
  releaseHere: 'Record the release under Chain of custody, with the name and ID number of the person receiving the body.',
  releasedTo: (name: string, relationship: string, at: string) => `Released to ${name} (${relationship}) on ${at}.`,
} as const

/** The case's printable QR tag. */
export const TAG_TEXT = {
  title: 'QR tag',
  print: 'Print tag',
  booking: 'Booking',
  scan: 'Scan to open this case (staff sign-in required).',
  qrLabel: (name: string) => `QR code that opens the case of ${name}`,
} as const
