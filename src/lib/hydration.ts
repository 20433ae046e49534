import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False while React takes over HTML written at build time (and in that build-time render itself),
 * true in every other render. What only this device knows (a remembered email, the history
 * entry's state) is shown once it is true, so the first render matches the HTML exactly.
 */
export function useAfterHydration(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}

/** What a visitor typed into a pre-rendered page that the app then drew anew (in another language). */
let typedIntoHtml: Map<string, string | boolean> | null = null
let stopListening: (() => void) | null = null

const valueOf = (input: HTMLInputElement) => (input.type === 'checkbox' ? input.checked : input.value)

/**
 * Keeps what was typed into the pre-rendered page's fields before the app draws the page anew
 * instead of taking it over (the page came in a language other than the one this device wants):
 * the new render's forms take it back (useKeepTypedBeforeHydration), so nothing typed is lost.
 */
export function keepTypedIntoHtml(root: HTMLElement): void {
  const typed = new Map<string, string | boolean>()
  for (const input of root.querySelectorAll<HTMLInputElement>('input[name]')) typed.set(input.name, valueOf(input))
  typedIntoHtml = typed
  // Keystrokes go on into the old fields while the new page renders: each one is kept too.
  const onInput = (event: Event) => {
    const input = event.target
    if (input instanceof HTMLInputElement && input.name) typedIntoHtml?.set(input.name, valueOf(input))
  }
  root.addEventListener('input', onInput, true)
  stopListening = () => root.removeEventListener('input', onInput, true)
}

/** The values kept by keepTypedIntoHtml, handed out once. */
export function takeTypedIntoHtml(): Map<string, string | boolean> | null {
  const typed = typedIntoHtml
  typedIntoHtml = null
  stopListening?.()
  stopListening = null
  return typed
}
