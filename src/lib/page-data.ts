/**
 * What the real server wrote into the page it sent (shared/page-data.ts): the home's contact
 * details, the catalogue's prices, the page's language. Read before the first render, so the app
 * starts from what the HTML shows and asks the API for none of it. Empty on a static host, in the
 * mock and in the build's own render: the app then does what it always did.
 */
import { PAGE_DATA_ID, parsePageData, type PageData } from '../../shared/page-data'

export function pageData(): PageData {
  if (typeof document === 'undefined') return {}
  const script = document.getElementById(PAGE_DATA_ID)
  return script ? parsePageData(script.textContent) : {}
}

/**
 * `pageData()[key]` until `spendPageData(key)`: for data that is current as the page was sent but
 * not later in the visit (a form opened again should ask). Kept on the element, so it is the page's.
 */
export function freshPageData<K extends keyof PageData>(key: K): PageData[K] {
  if (typeof document === 'undefined' || document.getElementById(PAGE_DATA_ID)?.hasAttribute(`data-spent-${key}`)) return undefined
  return pageData()[key]
}

export function spendPageData(key: keyof PageData): void {
  if (typeof document !== 'undefined') document.getElementById(PAGE_DATA_ID)?.setAttribute(`data-spent-${key}`, '')
}
