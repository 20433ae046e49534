import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import {
  Button,
  CounterBadge,
  Hamburger,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { Call20Regular, SignOut20Regular } from '@fluentui/react-icons'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MenuEntry } from './menus'
import { LanguageSwitch } from './language-switch'
import { activateLocale, rememberLocale, type Locale } from '../lib/i18n'
import { useMediaQuery } from '../components/use-media-query'
import { useOnline, useReachability } from './use-online'
import { formatClock } from '../lib/format'
import { loadOnce } from '../lib/load-once'

/**
 * The menu (a side bar on a wide screen, a slide-in drawer on a phone) in a chunk of its own: on a
 * phone it is drawn only once opened, and its drawer and focus manager (about 11 KB) were a tenth of
 * what a family's phone fetched before its bookings showed. A wide screen asks for it as soon as the
 * frame is drawn, in the room kept for it.
 */
type MenuModule = typeof import('./portal-nav')
/** The menu's code, asked for once; a failed fetch (offline) is asked for again next time. */
const loadMenu = loadOnce(() => import('./portal-nav'))
const MENU_FETCH_AFTER_MS = 8000

/**
 * Where focus goes back when the menu's drawer closes, written on the button from the first view as
 * the attribute Fluent's `useRestoreFocusTarget` returns: the hook would create Fluent's focus manager
 * (tabster, about 20 KB compressed) with the frame. The drawer creates the manager with its restorer
 * when first opened, and the manager reads the attributes already on the page. A screen may have
 * created the manager before, without a restorer, and then the attribute was read without one: the
 * menu's code (`MenuButtonFocusReturn`) writes it again in Fluent's own spelling, which has no spaces,
 * so the manager reads it again, now with its restorer.
 */
const RESTORE_FOCUS_HERE = { 'data-tabster': '{"restorer": {"type": 1}}' }

const useStyles = makeStyles({
  root: {
    display: 'flex',
    minHeight: '100vh',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  // The side menu's room while its code arrives (Fluent's NavDrawer: 260 px, its background).
  navSpace: { width: '260px', flexShrink: 0, backgroundColor: tokens.colorNeutralBackground4 },
  column: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  topBar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    '@media (max-width: 768px)': { gap: tokens.spacingHorizontalS, paddingInline: tokens.spacingHorizontalM },
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    position: 'sticky',
    top: 0,
    zIndex: 2,
  },
  // The same mark and serif name as the public site, smaller: staff see it all day.
  brand: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    fontFamily: 'var(--fontFamilyHeading)',
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase400,
    color: tokens.colorBrandForeground1,
    textDecorationLine: 'none',
  },
  spacer: { flexGrow: 1 },
  user: { color: tokens.colorNeutralForeground2, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  main: {
    flexGrow: 1,
    padding: tokens.spacingHorizontalL,
    maxWidth: '1200px',
    width: '100%',
    boxSizing: 'border-box',
    marginLeft: 'auto',
    marginRight: 'auto',
    '@media (max-width: 640px)': { padding: tokens.spacingHorizontalM },
  },
  hamburgerBadge: { marginLeft: `calc(-1 * ${tokens.spacingHorizontalL})`, alignSelf: 'flex-start' },
  offline: {
    margin: `0 0 ${tokens.spacingVerticalM}`,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorPaletteYellowBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteYellowBorder1}`,
    color: tokens.colorNeutralForeground1,
  },
})

export interface PortalShellProps {
  menu: MenuEntry[]
  roleName: MessageDescriptor
  /** "Client Portal", in the footer of the menu. */
  portalName: MessageDescriptor
  userName: string
  homePath: string
  /** The user's own profile, opened from their name in the top bar. */
  profilePath?: string
  onLogout: () => void
  /** The user chose another language (kept in their profile). */
  onLanguage?: (locale: Locale) => void
  /** A count beside a menu entry (by its path): unread messages. */
  badges?: Record<string, number>
  /** The home's phone, one tap away in the top bar on every page (the family's portal). */
  call?: { href: string; display: string }
  children: ReactNode
}

/**
 * The language button of a phone's top bar: the code alone ("SW", "EN"), with its full name for
 * screen readers and on hover, so the user's name keeps its room. Here, not in LanguageSwitch: the public
 * pages' first load carries that one, and it must not grow.
 */
function CompactLanguageSwitch({ onChange }: { onChange?: ((locale: Locale) => void) | undefined }) {
  const { i18n } = useLingui()
  const next: Locale = i18n.locale === 'sw' ? 'en' : 'sw'
  const name = next === 'sw' ? 'Kiswahili' : 'English'
  const code = next === 'sw' ? 'SW' : 'EN'
  const change = () => {
    rememberLocale(next)
    void activateLocale(next).then(() => onChange?.(next))
  }
  // The name read out starts with the code shown ("SW, Kiswahili"), so "click SW" works by voice too.
  return (
    <Button appearance="subtle" lang={next} onClick={change} aria-label={`${code}, ${name}`} title={name} style={{ minWidth: 'auto' }}>
      {code}
    </Button>
  )
}

/** The portal frame: top bar, side menu (a slide-in drawer on small screens), content. */
export function PortalShell({ menu, roleName, portalName, userName, homePath, profilePath, onLogout, onLanguage, badges, call, children }: PortalShellProps) {
  const styles = useStyles()
  const { t } = useLingui()
  const role = t(roleName)
  const location = useLocation()
  const navigate = useNavigate()
  const isSmall = useMediaQuery('(max-width: 768px)')
  const [drawerOpen, setDrawerOpen] = useState(false)
  // On a phone the menu's drawer is made when first opened: a modal drawer, even closed, has Fluent's
  // focus manager put focusable aria-hidden sentinels around the whole page (a finding for screen
  // reader checks, and work on every phone's first view for a menu most visits never open).
  const [drawerMade, setDrawerMade] = useState(false)
  // The menu once its code is here. Not React.lazy: a fetch that fails offline must leave the page as
  // it is (a lazy component would throw past the screen's own boundary) and be tried again next time.
  // On a phone its focus return (where focus goes back when the drawer closes) is set on the menu's
  // button as soon as the code is here: Fluent's focus manager comes with it, not with the first view.
  const [menuCode, setMenuCode] = useState<MenuModule | null>(null)
  const PortalNav = menuCode?.default
  const FocusReturn = menuCode?.MenuButtonFocusReturn
  const menuButton = useRef<HTMLButtonElement>(null)
  const fetchMenu = useCallback(() => {
    loadMenu().then(setMenuCode, () => {})
  }, [])
  const wanted = !isSmall || drawerMade
  useEffect(() => {
    if (!wanted || menuCode) return
    let live = true
    loadMenu().then(
      (m) => live && setMenuCode(m),
      () => {
        if (!live) return
        setDrawerMade(false)
        setDrawerOpen(false)
      },
    )
    return () => {
      live = false
    }
  }, [wanted, menuCode])
  // On a phone the menu's code comes when a finger or the keyboard reaches its button, or a few
  // seconds after the page has drawn: never on the line while the first screen is still arriving.
  useEffect(() => {
    if (!isSmall) return
    const id = setTimeout(fetchMenu, MENU_FETCH_AFTER_MS)
    return () => clearTimeout(id)
  }, [isSmall, fetchMenu])

  const current = [...menu]
    .sort((a, b) => b.to.length - a.to.length)
    .find((m) => (m.end ? location.pathname === m.to : location.pathname === m.to || location.pathname.startsWith(`${m.to}/`)))

  const open = isSmall ? drawerOpen : true
  const unread = Object.values(badges ?? {}).reduce((n, c) => n + c, 0)
  const phone = call?.display ?? ''
  // Offline is the browser's word for it, or the server not answering the last call (a dead line
  // or the server down, which the browser's flag does not see).
  const browserOnline = useOnline()
  const { unreachable, lastAnswerAt } = useReachability()
  const online = browserOnline && !unreachable
  const asOf = lastAnswerAt === null ? '' : formatClock(lastAnswerAt)

  return (
    <div className={styles.root}>
      {wanted && !PortalNav && !isSmall && <div className={styles.navSpace} aria-hidden />}
      {wanted && PortalNav && (
        <PortalNav
          menu={menu}
          current={current?.to ?? ''}
          open={open}
          isSmall={isSmall}
          label={t`${role} menu`}
          portalName={portalName}
          badges={badges}
          onOpenChange={setDrawerOpen}
          onNavigate={(to) => {
            navigate(to)
            setDrawerOpen(false)
          }}
        />
      )}
      <div className={styles.column}>
        <header className={styles.topBar}>
          {isSmall && (
            <Hamburger
              {...RESTORE_FOCUS_HERE}
              ref={menuButton}
              aria-label={unread > 0 ? t`Open menu, ${unread} unread` : t`Open menu`}
              onPointerDown={fetchMenu}
              onFocus={fetchMenu}
              onClick={() => {
                setDrawerMade(true)
                setDrawerOpen(true)
              }}
              aria-expanded={drawerOpen}
            />
          )}
          {isSmall && FocusReturn && <FocusReturn button={menuButton} />}
          {/* On a phone the menu is folded away: its count shows beside the button that opens it. */}
          {isSmall && unread > 0 && <CounterBadge count={unread} color="danger" size="small" aria-hidden className={styles.hamburgerBadge} />}
          <Link to={homePath} className={styles.brand} aria-label={t`Amani Funeral Home dashboard`}>
            <img src="/logo-mark.svg" alt="" width={28} height={28} />
            {/* On a phone the mark alone: the bar's room goes to the user's name and Logout. */}
            {!isSmall && 'Amani'}
          </Link>
          <span className={styles.spacer} />
          {call && (
            <Button
              as="a"
              href={call.href}
              appearance="primary"
              icon={<Call20Regular />}
              aria-label={t`Call us, ${phone}`}
              title={call.display}
            >
              {/* On a phone the green phone icon alone: the name beside it stays whole. */}
              {isSmall ? null : call.display}
            </Button>
          )}
          {profilePath ? (
            <Link to={profilePath} className={styles.user} aria-label={t`${userName}: my profile`}>
              {userName}
            </Link>
          ) : (
            <Text className={styles.user} size={300}>
              {userName}
            </Text>
          )}
          {/* On a phone both buttons are compact, so the name keeps the room (their names stay whole for screen readers). */}
          {isSmall ? <CompactLanguageSwitch onChange={onLanguage} /> : <LanguageSwitch onChange={onLanguage} />}
          {isSmall ? (
            <Button appearance="subtle" icon={<SignOut20Regular />} onClick={onLogout} aria-label={t`Logout`} title={t`Logout`} />
          ) : (
            <Button appearance="subtle" icon={<SignOut20Regular />} onClick={onLogout}>
              <Trans>Logout</Trans>
            </Button>
          )}
        </header>
        <main className={styles.main} id="main">
          {/* Said at once, above every page: what is shown may be old, and the phone still works. */}
          {!online && (
            // A plain line, not Fluent's MessageBar: the shell is shared by every portal and weighed.
            <p className={styles.offline} role="status">
              {asOf
                ? call
                  ? t`You are offline: what you see is as of ${asOf}. You can still call us on ${phone}.`
                  : t`You are offline: what you see is as of ${asOf}.`
                : call
                  ? t`You are offline. What you see may be out of date. You can still call us on ${phone}.`
                  : t`You are offline. What you see may be out of date.`}
            </p>
          )}
          {children}
        </main>
      </div>
    </div>
  )
}
