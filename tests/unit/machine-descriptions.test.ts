import { describe, expect, it } from 'vitest'
import type { AnyStateMachine, AnyStateNode } from 'xstate'
import { adminBookingsMachine } from '../../machines/admin/admin-bookings.machine'
import { createAdminDashboardMachine } from '../../machines/admin/admin-dashboard.machine'
import { financialReportsMachine } from '../../machines/admin/financial-reports.machine'
import { serviceCatalogueMachine } from '../../machines/admin/service-catalogue.machine'
import { settingsMachine } from '../../machines/admin/settings.machine'
import { usersPageMachine } from '../../machines/admin/users-page.machine'
import { createAuthMachine } from '../../machines/auth/auth.machine'
import { bookingDetailMachine } from '../../machines/booking/booking-detail.machine'
import { createBookingWizardMachine } from '../../machines/booking/booking-wizard.machine'
import { createDocumentReviewMachine } from '../../machines/documents/document-review.machine'
import { documentUploadMachine } from '../../machines/documents/document-upload.machine'
import { conversationMachine } from '../../machines/messages/conversation.machine'
import { createPollMachine } from '../../machines/shared/poll.machine'
import { caseloadMachine } from '../../machines/morgue/caseload.machine'
import { mpesaPaymentMachine } from '../../machines/payment/mpesa-payment.machine'
import { paymentsPageMachine } from '../../machines/payment/payments-page.machine'
import { createCollectionMachine } from '../../machines/shared/collection.machine'
import { submissionMachine } from '../../machines/shared/submission.machine'

const MACHINES: Record<string, AnyStateMachine> = {
  adminBookings: adminBookingsMachine,
  adminDashboard: createAdminDashboardMachine(() => 0),
  financialReports: financialReportsMachine,
  serviceCatalogue: serviceCatalogueMachine,
  settings: settingsMachine,
  usersPage: usersPageMachine,
  auth: createAuthMachine(() => 0),
  bookingDetail: bookingDetailMachine,
  bookingWizard: createBookingWizardMachine(() => '2026-03-10'),
  documentReview: createDocumentReviewMachine(),
  documentUpload: documentUploadMachine,
  conversation: conversationMachine,
  poll: createPollMachine(1000, null),
  caseload: caseloadMachine,
  mpesaPayment: mpesaPaymentMachine,
  paymentsPage: paymentsPageMachine,
  collection: createCollectionMachine(),
  submission: submissionMachine,
}

function undescribed(node: AnyStateNode): string[] {
  const own = node.description?.trim() ? [] : [node.id]
  return [...own, ...Object.values(node.states).flatMap((child) => undescribed(child))]
}

describe('machine intent', () => {
  // A machine's intent lives in its states' descriptions (the inspector and the next reader show them).
  it.each(Object.entries(MACHINES))('every state of %s says what it is for', (_, machine) => {
    expect(undescribed(machine.root)).toEqual([])
  })
})
