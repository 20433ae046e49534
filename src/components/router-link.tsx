import type { MouseEvent, ReactElement, ReactNode } from 'react'
import { Button, Link, type ButtonProps } from '@fluentui/react-components'
import { createPath, useHref, useLinkClickHandler, type To } from 'react-router-dom'
import { prefetchRoute } from '../lib/prefetch'

/**
 * Fluent's Link and Button render real anchors but know nothing of the router: these give them the
 * router's href (so they work with a middle click, a screen reader's link list and `getByRole('link')`)
 * and a click handler that navigates in the page instead of reloading it.
 */
function useRouterAnchor(to: To) {
  const href = useHref(to)
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to)
  // Intent (pointer over, touch, keyboard focus) fetches the next screen's chunk before the click.
  const prefetch = () => prefetchRoute(typeof to === 'string' ? to : createPath(to))
  return { href, onClick: (e: MouseEvent<HTMLAnchorElement>) => navigate(e), onMouseEnter: prefetch, onFocus: prefetch, onTouchStart: prefetch }
}

export interface RouterLinkProps {
  to: To
  children: ReactNode
  className?: string
  inline?: boolean
  'aria-label'?: string
}

/** A Fluent Link that navigates with the router. */
export function RouterLink({ to, children, className, inline, 'aria-label': ariaLabel }: RouterLinkProps) {
  const anchor = useRouterAnchor(to)
  return (
    <Link {...anchor} className={className} inline={inline} aria-label={ariaLabel}>
      {children}
    </Link>
  )
}

export interface RouterButtonLinkProps {
  to: To
  children: ReactNode
  appearance?: ButtonProps['appearance']
  size?: ButtonProps['size']
  icon?: ReactElement
  iconPosition?: ButtonProps['iconPosition']
  className?: string
}

/** A link that looks like a Fluent Button (it navigates, so it stays a link for assistive technology). */
export function RouterButtonLink({ to, children, appearance, size, icon, iconPosition, className }: RouterButtonLinkProps) {
  const anchor = useRouterAnchor(to)
  return (
    <Button
      as="a"
      {...anchor}
      appearance={appearance}
      size={size}
      icon={icon}
      iconPosition={iconPosition}
      className={className}
    >
      {children}
    </Button>
  )
}
