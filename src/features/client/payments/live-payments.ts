import { fromPromise } from 'xstate'
import { mpesaPaymentMachine, type StkPushResult, type VerifyResult } from '../../../../machines/payment/mpesa-payment.machine'
import {
  paymentHistoryMachine,
  paymentsPageMachine,
  pendingPaymentsMachine,
} from '../../../../machines/payment/payments-page.machine'
import * as paymentsApi from '../../../api/payments'
import type { StkPushRequest } from '../../../../shared/contracts/payments'

/** The Payments screen's machines with their real I/O: the /api client. Tests give fakes instead. */
export const livePaymentsPageMachine = paymentsPageMachine.provide({
  actors: {
    pendingPayments: pendingPaymentsMachine.provide({
      actors: { fetchItems: fromPromise(() => paymentsApi.pendingPayments()) },
    }),
    paymentHistory: paymentHistoryMachine.provide({
      actors: { fetchItems: fromPromise(() => paymentsApi.myPayments()) },
    }),
    mpesaPayment: mpesaPaymentMachine.provide({
      actors: {
        stkPush: fromPromise<StkPushResult, StkPushRequest>(({ input }) => paymentsApi.stkPush(input)),
        verifyPayment: fromPromise<VerifyResult, string>(({ input }) => paymentsApi.verifyPayment(input)),
      },
    }),
  },
})
