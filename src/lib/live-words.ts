import type { MessageDescriptor } from '@lingui/core'
import { i18n } from './i18n'

type AnyArgs = never[]
/** A table of words with each message read as a string in the language in use. */
export type LiveWords<T> = {
  readonly [K in keyof T]: T[K] extends MessageDescriptor
    ? string
    : T[K] extends (...args: infer A) => MessageDescriptor
      ? (...args: A) => string
      : T[K] extends (...args: AnyArgs) => unknown
        ? T[K]
        : T[K] extends Record<string, unknown>
          ? LiveWords<T[K]>
          : T[K]
}

const isDescriptor = (value: unknown): value is MessageDescriptor => !!value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string'

/**
 * A feature's text module, written with `msg` descriptors (and functions returning them), read as
 * plain strings in the language in use at the moment each is read: screens keep reading
 * `WORDS.title` while the words follow the language. A component that reads them re-renders on a
 * change of language when it calls `useLingui()`.
 */
export function liveWords<T extends object>(table: T): LiveWords<T> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(table)) {
    if (isDescriptor(value)) Object.defineProperty(out, key, { enumerable: true, get: () => i18n._(value) })
    else if (typeof value === 'function') out[key] = (...args: unknown[]) => {
      const result: unknown = value(...args)
      return isDescriptor(result) ? i18n._(result) : result
    }
    else if (value && typeof value === 'object' && !Array.isArray(value)) out[key] = liveWords(value)
    else out[key] = value
  }
  return out as LiveWords<T>
}
