import { Fragment } from 'react'
import { Link } from '@fluentui/react-components'

const URL = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])/g

/** Plain text with its web addresses made clickable; nothing else is interpreted (no markup runs). */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL)
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Link key={i} href={part} target="_blank" rel="noopener noreferrer nofollow">
            {part}
          </Link>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  )
}
