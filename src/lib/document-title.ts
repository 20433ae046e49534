import { useEffect } from 'react'

const SITE = 'Amani Funeral Home'

/**
 * Keep the document title (and, for public pages, the meta description) meaningful for screen
 * readers, browser tabs and search results.
 */
export function useDocumentTitle(title: string, description?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE}` : SITE
  }, [title])
  useEffect(() => {
    if (!description) return
    const meta = document.querySelector('meta[name="description"]')
    if (!meta) return
    const before = meta.getAttribute('content')
    meta.setAttribute('content', description)
    return () => {
      if (before !== null) meta.setAttribute('content', before)
    }
  }, [description])
}
