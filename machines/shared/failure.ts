import { enqueueActions, type EventObject, type MachineContext } from 'xstate'
import { failureMessage, notify, type NotifyEvent, type Words } from './notify'

/**
 * What a machine's `fail` action records and shows: `message` goes into the context field the
 * machine chose (e.g. `error`, `dialogError`), `toast` (default: the same words) is emitted.
 */
export interface FailureParams {
  /** English (SPEC.md's words, or the server's), or a descriptor: said in the language in use where it is shown. */
  message: Words
  /** When the toast must say something else than the slot (e.g. SPEC.md's words while the dialog shows the server's); '' for none. */
  toast?: Words
}

/** The context fields a message can be written to (those that accept a string, or any words). */
type MessageField<TContext> = { [K in keyof TContext]: string extends TContext[K] ? K : never }[keyof TContext] & string

/**
 * The one "record the error and tell the user" action. Each machine names it in `setup({ actions })`
 * with the context field it fills, or `null` for a toast only:
 *   actions: { fail: recordFailure<Context, Event>('error') }
 * and calls it with `{ type: 'fail', params: { message } }` or `{ type: 'fail', params: serverMessageOr(fallback) }`.
 */
export function recordFailure<TContext extends MachineContext, TEvent extends EventObject>(field: MessageField<TContext> | null) {
  // It spawns, sends and checks nothing, so `never` in those slots fits every machine's setup().
  return enqueueActions<TContext, TEvent, FailureParams, TEvent, never, never, never, never, NotifyEvent>(({ enqueue }, params) => {
    if (field !== null) enqueue.assign({ [field]: params.message } as Partial<TContext>)
    // An empty toast: the screen shows the message where it belongs, and that is enough.
    if (params.toast !== '') enqueue.emit(notify('error', params.toast ?? params.message))
  })
}

/**
 * Params for `fail` after a change the user asked for: the server's own words when it sent some
 * (e.g. 'Email already exists'), else the fallback. Loads use their fixed SPEC.md message instead.
 */
export const serverMessageOr =
  (fallback: string) =>
  ({ event }: { event: { error?: unknown } }): FailureParams => ({ message: failureMessage(event.error, fallback) })

/**
 * As `serverMessageOr`, for a form that shows its error beside its fields and keeps it until it is
 * fixed: no toast, so the message is said once, in the place it concerns.
 */
export const serverMessageOnForm =
  (fallback: string) =>
  ({ event }: { event: { error?: unknown } }): FailureParams => ({ message: failureMessage(event.error, fallback), toast: '' })

/** As `serverMessageOr`, but the toast keeps SPEC.md's fixed words. */
export const serverMessageWithToast =
  (fallback: string) =>
  ({ event }: { event: { error?: unknown } }): FailureParams => ({ message: failureMessage(event.error, fallback), toast: fallback })
