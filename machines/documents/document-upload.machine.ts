import { assign, emit, fromCallback, setup } from 'xstate'
import { notify, type NotifyEvent } from '../shared/notify'
import { recordFailure, serverMessageOr } from '../shared/failure'

/**
 * One document upload (SPEC.md sections 5 and 8): the form is checked before this machine is told
 * to send; while it sends, the progress is known; a failure keeps the dialog usable with the
 * server's message or 'Failed to upload document'; success says 'Document uploaded successfully'.
 * The upload itself is the `upload` actor (a callback actor: it reports progress, then done or
 * failed), given by the screen; tests give a fake.
 */
export const UPLOAD_FAILED = 'Failed to upload document'
export const UPLOAD_DONE = 'Document uploaded successfully'

export interface UploadPayload {
  file: { name: string; size: number; type: string }
  document_type: string
  description?: string
  booking_id?: string
}

export interface UploadContext {
  payload: UploadPayload | null
  loaded: number
  total: number
  error: string | null
  result: unknown
}

export type UploadActorEvent =
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.done'; output: unknown }
  | { type: 'upload.failed'; error: unknown }

export type UploadEvent = { type: 'upload.send'; payload: UploadPayload } | { type: 'upload.cancel' } | { type: 'upload.reset' } | UploadActorEvent

export const documentUploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    emitted: {} as NotifyEvent,
  },
  actors: {
    upload: fromCallback<UploadEvent, UploadPayload>(() => {
      throw new Error('upload actor not provided')
    }),
  },
  actions: {
    /** The message in the dialog and as a toast; what was chosen stays for a retry. */
    fail: recordFailure<UploadContext, UploadEvent>('error'),
  },
}).createMachine({
  id: 'documentUpload',
  description: 'Send one file: idle → uploading (progress) → done | failed; the form stays as typed.',
  context: { payload: null, loaded: 0, total: 0, error: null, result: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The form is being filled in; nothing sent.',
      on: { 'upload.send': { target: 'uploading', actions: assign({ payload: ({ event }) => event.payload }) } },
    },
    uploading: {
      description: 'The file is on its way; progress is known as it goes. Cancel aborts the request.',
      tags: ['busy'],
      entry: assign({ error: null, loaded: 0, total: ({ context }) => context.payload?.file.size ?? 0 }),
      invoke: {
        src: 'upload',
        input: ({ context }) => context.payload as UploadPayload,
      },
      on: {
        'upload.progress': { actions: assign({ loaded: ({ event }) => event.loaded, total: ({ event }) => event.total }) },
        'upload.done': {
          target: 'done',
          actions: [assign({ result: ({ event }) => event.output, loaded: ({ context }) => context.total }), emit(notify('success', UPLOAD_DONE))],
        },
        'upload.failed': {
          target: 'failed',
          actions: { type: 'fail', params: serverMessageOr(UPLOAD_FAILED) },
        },
        // Stopping the invoked actor aborts the request.
        'upload.cancel': { target: 'idle' },
      },
    },
    done: {
      description: 'Uploaded: the screen closes the dialog and lists the document.',
      on: { 'upload.reset': { target: 'idle', actions: assign({ payload: null, result: null, loaded: 0, total: 0 }) } },
    },
    failed: {
      description: 'The message is shown in the dialog; everything chosen is still there.',
      on: {
        'upload.send': { target: 'uploading', actions: assign({ payload: ({ event }) => event.payload }) },
        'upload.reset': { target: 'idle', actions: assign({ error: null }) },
      },
    },
  },
})

/** 0–1, or null while the size is unknown. */
export function uploadFraction(context: Pick<UploadContext, 'loaded' | 'total'>): number | null {
  if (!context.total) return null
  return Math.min(1, context.loaded / context.total)
}
