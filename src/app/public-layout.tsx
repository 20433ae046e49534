import { useEffect, useId, useState } from 'react'
import { Button, Link, makeStyles, tokens, typographyStyles } from '@fluentui/react-components'
import { DismissRegular, NavigationRegular } from '@fluentui/react-icons'
import { Outlet, useLocation, useNavigate } from 'react-router-dom'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { LanguageSwitch } from './language-switch'
import { homeOf, paths } from './paths'
import { logoutFromAnywhere, useLoadedSession, useSessionHint } from './session-slot'
import { CONTACT } from '../lib/contact'
import { RouterButtonLink, RouterLink } from '../components/router-link'

/** In-page anchors of the landing page (SPEC.md section 2: shown on the landing page only). */
const LANDING_ANCHORS = [
  { href: '#home', label: msg`Home` },
  { href: '#services', label: msg`Services` },
  { href: '#about', label: msg`About` },
  { href: '#resources', label: msg`Resources` },
  { href: '#contact', label: msg`Contact` },
] as const

/**
 * Below this width the anchors fold behind a Menu button (a plain disclosure: a button that shows
 * a list of links) so nothing overflows at 375 px, without a popover library in the first load.
 */
const NARROW = '@media (max-width: 639.98px)'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: '100vh',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
  },
  skipLink: {
    position: 'absolute',
    left: tokens.spacingHorizontalM,
    top: '-100px',
    zIndex: 1,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForeground1,
    borderRadius: tokens.borderRadiusMedium,
    ':focus': { top: tokens.spacingVerticalS },
  },
  header: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  bar: {
    boxSizing: 'border-box',
    maxWidth: '1100px',
    marginInline: 'auto',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    paddingBlock: tokens.spacingVerticalM,
    paddingInline: tokens.spacingHorizontalL,
    [NARROW]: { columnGap: tokens.spacingHorizontalS, paddingInline: tokens.spacingHorizontalM },
  },
  // The mark and the short name in the heading serif (the mark is a static file, not a component:
  // no script bytes for it).
  brand: {
    ...typographyStyles.subtitle1,
    fontFamily: 'var(--fontFamilyHeading)',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorBrandForeground1,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'none' },
    // Smaller on phones, so the bar keeps the name, the menu and both buttons on one row.
    [NARROW]: { fontSize: tokens.fontSizeBase400, gap: tokens.spacingHorizontalXS },
  },
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0,
  },
  anchors: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    [NARROW]: { display: 'none' },
  },
  anchorLink: {
    fontSize: tokens.fontSizeBase300,
    color: tokens.colorNeutralForeground2,
    ':hover': { color: tokens.colorBrandForeground1 },
  },
  menu: {
    display: 'none',
    [NARROW]: { display: 'block' },
  },
  menuPanel: {
    display: 'none',
    [NARROW]: {
      display: 'flex',
      flexDirection: 'column',
      flexBasis: '100%',
      margin: 0,
      padding: 0,
      listStyleType: 'none',
      borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    },
  },
  menuLink: {
    display: 'block',
    paddingBlock: tokens.spacingVerticalM,
    paddingInline: tokens.spacingHorizontalS,
    fontSize: tokens.fontSizeBase400,
  },
  navButton: {
    [NARROW]: { minWidth: 'auto' },
  },
  actions: {
    marginInlineStart: 'auto',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  main: {
    flexGrow: 1,
    ':focus': { outlineStyle: 'none' },
  },
  footer: {
    backgroundColor: tokens.colorNeutralBackground3,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground2,
  },
  footerInner: {
    boxSizing: 'border-box',
    maxWidth: '1100px',
    marginInline: 'auto',
    paddingBlock: tokens.spacingVerticalXXL,
    paddingInline: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
  },
  footerLinks: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  footerText: { margin: 0 },
})

/**
 * Login and Register, or Dashboard and Logout: the only part of the frame that follows the
 * session, so the session's arrival re-renders these buttons, not the page below them.
 */
function SessionActions({ buttonClass }: { buttonClass: string }) {
  const navigate = useNavigate()
  const { signedIn, role } = useSessionHint()
  const session = useLoadedSession()
  const signOut = () => {
    logoutFromAnywhere(session)
    navigate(paths.home)
  }
  if (!signedIn) {
    return (
      <>
        <RouterButtonLink to={paths.login} appearance="subtle" className={buttonClass}>
          <Trans>Login</Trans>
        </RouterButtonLink>
        <RouterButtonLink to={paths.register} appearance="primary" className={buttonClass}>
          <Trans>Register</Trans>
        </RouterButtonLink>
      </>
    )
  }
  return (
    <>
      <RouterButtonLink to={homeOf(role)} appearance="primary" className={buttonClass}>
        <Trans>Dashboard</Trans>
      </RouterButtonLink>
      <Button appearance="subtle" onClick={signOut} className={buttonClass}>
        <Trans>Logout</Trans>
      </Button>
    </>
  )
}

/** The frame of every public page: navigation bar, the page, and a modest footer. */
export function PublicLayout() {
  const styles = useStyles()
  const { t } = useLingui()
  const { pathname, hash } = useLocation()
  const onLanding = pathname === paths.home
  const [menuOpen, setMenuOpen] = useState(false)
  const menuId = useId()
  // A new page (or anchor) closes the menu.
  useEffect(() => setMenuOpen(false), [pathname, hash])

  return (
    <div className={styles.root}>
      <a className={styles.skipLink} href="#main">
        <Trans>Skip to main content</Trans>
      </a>
      <header className={styles.header}>
        <nav aria-label={t`Main`} className={styles.bar}>
          {/* The name comes from hidden text rather than aria-label, so assistive technology reads the
              full name while sighted visitors see the mark and the short name. */}
          <RouterLink to={paths.home} className={styles.brand}>
            <img src="/logo-mark.svg" alt="" width={28} height={28} />
            <span aria-hidden="true">Amani</span>
            <span className={styles.visuallyHidden}>
              <Trans>Amani Funeral Home, home</Trans>
            </span>
          </RouterLink>

          {onLanding && (
            <>
              <ul className={styles.anchors}>
                {LANDING_ANCHORS.map((a) => (
                  <li key={a.href}>
                    <Link href={a.href} className={styles.anchorLink}>
                      {t(a.label)}
                    </Link>
                  </li>
                ))}
              </ul>
              <div className={styles.menu}>
                <Button
                  appearance="subtle"
                  icon={menuOpen ? <DismissRegular /> : <NavigationRegular />}
                  className={styles.navButton}
                  aria-expanded={menuOpen}
                  aria-controls={menuId}
                  onClick={() => setMenuOpen((open) => !open)}
                >
                  <Trans>Menu</Trans>
                </Button>
              </div>
            </>
          )}

          <div className={styles.actions}>
            <LanguageSwitch className={styles.navButton} />
            <SessionActions buttonClass={styles.navButton} />
          </div>

          {onLanding && menuOpen && (
            <ul id={menuId} className={styles.menuPanel}>
              {LANDING_ANCHORS.map((a) => (
                <li key={a.href}>
                  <Link href={a.href} className={styles.menuLink} onClick={() => setMenuOpen(false)}>
                    {t(a.label)}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </nav>
      </header>

      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>

      <footer className={styles.footer}>
        <div className={styles.footerInner}>
          <nav aria-label={t`Footer`}>
            <ul className={styles.footerLinks}>
              <li>
                <RouterLink to={paths.about}>{t`About us`}</RouterLink>
              </li>
              <li>
                <RouterLink to={paths.resources.planning}>{t`Planning a funeral`}</RouterLink>
              </li>
              <li>
                <RouterLink to={paths.resources.griefSupport}>{t`Grief support`}</RouterLink>
              </li>
              <li>
                <RouterLink to={paths.resources.legal}>{t`Legal requirements`}</RouterLink>
              </li>
            </ul>
          </nav>
          <p className={styles.footerText}>
            <Trans>
              Open 24 hours, every day. Call <Link href={CONTACT.phoneHref}>{CONTACT.phoneDisplay}</Link> or email <Link href={`mailto:${CONTACT.email}`}>{CONTACT.email}</Link>.
            </Trans>
          </p>
          <p className={styles.footerText}>
            {/* The home page's HTML is written at build time; a visit in a later year shows this year. */}
            © <span suppressHydrationWarning>{new Date().getFullYear()}</span> <Trans>Amani Funeral Home</Trans> · {CONTACT.address}
          </p>
        </div>
      </footer>
    </div>
  )
}
