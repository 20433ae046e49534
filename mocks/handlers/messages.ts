import { http, HttpResponse } from 'msw'
import { db, plain } from '../db'
import { body, requireRoleOf, requireUser, route, toIntId, ApiError, parseId } from '../http'
import { MSG_MESSAGE_SENT, MSG_THREAD_NOT_FOUND, OpenThreadRequest, REPLY_SMS_DELAY_MS, SendMessageRequest } from '../../shared/contracts/messages'
import { maskSignInCode } from '../../shared/contracts/two-factor'
import { canSeeBooking } from '../../shared/rules'
import { MSG_BOOKING_NOT_FOUND } from '../../shared/contracts/bookings'
import { addMessage, bookingThread, flushDueSms, markRead, smsMockFamily, summary, threadsFor, visibleThread, wireMessages, wireSms } from '../messages'

/** Conversations per booking (src/api/contracts/messages.ts), as the server answers them. */
export const messageHandlers = [
  http.get(
    '*/api/messages/threads',
    route(async ({ request }) => {
      const user = await requireUser(request)
      return HttpResponse.json({ threads: await threadsFor(user) })
    }),
  ),

  http.get(
    '*/api/messages/unread',
    route(async ({ request }) => {
      const user = await requireUser(request)
      return HttpResponse.json({ unread: (await threadsFor(user)).reduce((n, t) => n + t.unread, 0) })
    }),
  ),

  http.post(
    '*/api/messages/threads',
    route(async ({ request }) => {
      const user = await requireUser(request)
      const input = await body(request, OpenThreadRequest)
      const id = toIntId(input.booking_id)
      const booking = id === null ? undefined : db.booking.findFirst((q) => q.where({ id }))
      if (!booking || !canSeeBooking(user, booking)) throw new ApiError(404, MSG_BOOKING_NOT_FOUND)
      return HttpResponse.json({ thread: summary(user, await bookingThread(booking.id)) })
    }),
  ),

  http.get(
    '*/api/messages/threads/:id',
    route(async ({ request, params }) => {
      const user = await requireUser(request)
      const { thread, booking } = visibleThread(user, parseId(params.id, MSG_THREAD_NOT_FOUND))
      // Opening a thread reads it: its news leaves the side menu and the family's dashboard.
      await markRead(thread.id, user.id)
      if (booking && user.role === 'client' && booking.has_notifications) {
        await db.booking.update((q) => q.where({ id: booking.id }), { data: (b) => { b.has_notifications = false } })
      }
      return HttpResponse.json({ thread: summary(user, thread), messages: wireMessages(user, thread.id) })
    }),
  ),

  http.post(
    '*/api/messages/threads/:id/messages',
    route(async ({ request, params }) => {
      const user = await requireUser(request)
      const { thread, booking } = visibleThread(user, parseId(params.id, MSG_THREAD_NOT_FOUND))
      const input = await body(request, SendMessageRequest)
      const message = await addMessage(user, thread, input.body)
      if (booking && user.role !== 'client') {
        await db.booking.update((q) => q.where({ id: booking.id }), { data: (b) => { b.has_notifications = true } })
        // One SMS for a burst of answers, sent only if the family has not read them within a few minutes.
        const waiting = db.sms.findFirst((q) => q.where({ booking_id: booking.id, kind: 'reply', status: 'queued' }))
        if (!waiting) await smsMockFamily(booking, 'reply', (t, home, name) => t.reply(home, name), { messageId: message.id, delayMs: REPLY_SMS_DELAY_MS })
      }
      const item = wireMessages(user, thread.id).find((m) => m.id === message.id)
      return HttpResponse.json({ message: MSG_MESSAGE_SENT, item }, { status: 201 })
    }),
  ),

  http.get(
    '*/api/sms-outbox',
    route(async ({ request }) => {
      await requireRoleOf(request, 'admin')
      await flushDueSms()
      // As the server: the SMS went out with the code; the admin sees it masked.
      const messages = wireSms().map((sms) => ({ ...sms, body: maskSignInCode(sms.kind, sms.body) }))
      return HttpResponse.json({ messages, provider: 'outbox' })
    }),
  ),

  http.get(
    '*/api/mail-outbox',
    route(async ({ request }) => {
      await requireRoleOf(request, 'admin')
      const mails = db.mail.findMany(undefined, { orderBy: { id: 'desc' } }).slice(0, 200).map(plain)
      // 'log': the mock sends nothing; a reset link is handed back to the page (demo mode).
      return HttpResponse.json({ mails, transport: 'log' })
    }),
  ),
]
