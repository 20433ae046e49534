import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { submissionMachine } from '../../machines/shared/submission.machine'
import type { NotifyEvent } from '../../machines/shared/notify'

function start(submit: (payload: unknown) => Promise<unknown>, successMessage?: string) {
  const sent: unknown[] = []
  const machine = submissionMachine.provide({
    actors: {
      submit: fromPromise(async ({ input }) => {
        sent.push(input)
        return submit(input)
      }),
    },
  })
  const actor = createActor(machine, { input: { failureMessage: 'Registration failed', ...(successMessage ? { successMessage } : {}) } })
  const notes: Omit<NotifyEvent, 'type'>[] = []
  actor.on('notify', ({ level, message }) => notes.push({ level, message }))
  actor.start()
  return { actor, sent, notes }
}

const refused = (serverMessage?: string) => Object.assign(new Error('400'), serverMessage ? { serverMessage } : {})

describe('submission machine', () => {
  it('sends the payload of the submit event and says the success message', async () => {
    const { actor, sent, notes } = start(async () => ({ ok: true }), 'Registration successful! Please login.')
    actor.send({ type: 'submit', payload: { email: 'wanjiku@example.com' } })
    const done = await waitFor(actor, (s) => s.matches('succeeded'))
    expect(sent).toEqual([{ email: 'wanjiku@example.com' }])
    expect(done.context.result).toEqual({ ok: true })
    expect(notes).toEqual([{ level: 'success', message: 'Registration successful! Please login.' }])
  })

  it("a refusal records and toasts the server's words; without any, the fallback; the form can be sent again", async () => {
    let answer: Error = refused('Email already exists')
    const { actor, sent, notes } = start(async () => Promise.reject(answer))
    actor.send({ type: 'submit', payload: 1 })
    let failed = await waitFor(actor, (s) => s.matches('failed'))
    expect(failed.context.error).toBe('Email already exists')

    answer = refused()
    actor.send({ type: 'submit', payload: 2 })
    expect(actor.getSnapshot().context.error).toBeNull()
    failed = await waitFor(actor, (s) => s.matches('failed'))
    expect(failed.context.error).toBe('Registration failed')
    expect(sent).toEqual([1, 2])
    expect(notes).toEqual([
      { level: 'error', message: 'Email already exists' },
      { level: 'error', message: 'Registration failed' },
    ])
  })
})
