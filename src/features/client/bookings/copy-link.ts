import { showNotification } from '../../../app/toast-bridge'

/**
 * Copies a link the family shares, and says so. Without the clipboard (a page not served over
 * HTTPS, an older phone, a refusal), the link is selected in its box and the family is told to copy
 * it themselves: the button never does nothing.
 */
export function copyLink(url: string, box: HTMLInputElement | null, words: { copied: string; copyByHand: string }): void {
  const byHand = () => {
    box?.focus()
    box?.select()
    showNotification({ type: 'notify', level: 'info', message: words.copyByHand })
  }
  if (!navigator.clipboard) return byHand()
  navigator.clipboard.writeText(url).then(() => showNotification({ type: 'notify', level: 'success', message: words.copied }), byHand)
}
