/**
 * Hand a mailto: URL to the visitor's mail app. Its own module so tests can replace it: happy-dom
 * and real browsers would otherwise try to navigate away.
 */
export function openMailApp(url: string): void {
  window.location.href = url
}
