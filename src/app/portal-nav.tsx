import { useLayoutEffect, type RefObject } from 'react'
import { Caption1, CounterBadge, NavDrawer, NavDrawerBody, NavDrawerFooter, NavDrawerHeader, NavItem, Text, makeStyles, tokens, useRestoreFocusTarget } from '@fluentui/react-components'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MenuEntry } from './menus'

const useStyles = makeStyles({
  nav: {
    position: 'sticky',
    top: 0,
    height: '100vh',
    flexShrink: 0,
  },
  headerBrand: { padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}` },
  badge: { marginLeft: tokens.spacingHorizontalS },
  portalName: {
    display: 'block',
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    color: tokens.colorNeutralForeground2,
  },
})

export interface PortalNavProps {
  menu: MenuEntry[]
  /** The entry of the page shown ('' for none). */
  current: string
  open: boolean
  /** A phone: a slide-in drawer over the page; else a side bar beside it. */
  isSmall: boolean
  label: string
  portalName: MessageDescriptor
  badges?: Record<string, number> | undefined
  onOpenChange: (open: boolean) => void
  onNavigate: (to: string) => void
}

/**
 * Makes the menu's button (in the shell, drawn before this chunk comes) the place focus goes back to
 * when the drawer closes, as Fluent's `useRestoreFocusTarget` on the button would. The hook sets up
 * Fluent's focus manager with its restorer; the attribute is then written in the hook's spelling,
 * which differs from the shell's, so the manager reads it again even if a screen had created it
 * before without a restorer. The shell draws this on a phone as soon as the menu's code is here (a
 * few seconds after the page, or when a finger or the keyboard reaches the button).
 */
export function MenuButtonFocusReturn({ button }: { button: RefObject<HTMLButtonElement | null> }) {
  const [name, value] = Object.entries(useRestoreFocusTarget())[0] ?? ['', '']
  useLayoutEffect(() => {
    const element = button.current
    if (element && name) element.setAttribute(name, value)
  }, [button, name, value])
  return null
}

/** The portal's menu (src/app/portal-shell.tsx loads it in a chunk of its own). */
export default function PortalNav({ menu, current, open, isSmall, label, portalName, badges, onOpenChange, onNavigate }: PortalNavProps) {
  const styles = useStyles()
  const { t } = useLingui()
  return (
    <NavDrawer
      className={isSmall ? undefined : styles.nav}
      open={open}
      type={isSmall ? 'overlay' : 'inline'}
      onOpenChange={(_, data) => onOpenChange(data.open)}
      selectedValue={current}
      tabbable
      aria-label={label}
    >
      <NavDrawerHeader className={styles.headerBrand}>
        <Text weight="semibold">
          <Trans>Amani Funeral Home</Trans>
        </Text>
      </NavDrawerHeader>
      <NavDrawerBody>
        {menu.map((entry) => (
          <NavItem
            key={entry.to}
            href={entry.to}
            value={entry.to}
            icon={entry.icon}
            aria-current={current === entry.to ? 'page' : undefined}
            onClick={(e) => {
              // Client-side navigation; the href keeps it a real link (new tab, screen readers).
              if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return
              e.preventDefault()
              onNavigate(entry.to)
            }}
          >
            {t(entry.label)}
            {(badges?.[entry.to] ?? 0) > 0 && <CounterBadge className={styles.badge} count={badges![entry.to]} color="danger" size="small" aria-label={t`${badges![entry.to]} unread`} />}
          </NavItem>
        ))}
      </NavDrawerBody>
      <NavDrawerFooter>
        <Caption1 className={styles.portalName}>{t(portalName)}</Caption1>
      </NavDrawerFooter>
    </NavDrawer>
  )
}
