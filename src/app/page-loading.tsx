import { makeStyles, tokens } from '@fluentui/react-components'
import { Trans } from '@lingui/react/macro'
import { CONTACT } from '../lib/contact'

const useStyles = makeStyles({
  // A screen tall (the text a fifth of the way down): while a public page's code arrives, its
  // footer stays below the fold instead of showing for a moment and then being pushed away.
  root: {
    margin: 0,
    minHeight: '100vh',
    boxSizing: 'border-box',
    paddingTop: '20vh',
    textAlign: 'center',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase300,
  },
  line: { margin: `0 0 ${tokens.spacingVerticalS}` },
  phone: { color: tokens.colorBrandForegroundLink, fontWeight: tokens.fontWeightSemibold },
})

/**
 * What a lazy screen shows while its chunk arrives: a calm line of text (a Fluent Spinner would
 * add its code to the first load of every page for a moment's display), and the home's number, one
 * tap away however long the wait. The family portal's shell carries this in its HTML
 * (build/prerender-pages.ts), so a slow phone paints it, number included, before any script.
 */
export function PageLoading() {
  const styles = useStyles()
  return (
    <div role="status" className={styles.root}>
      <p className={styles.line}>
        <Trans>Loading…</Trans>
      </p>
      <p className={styles.line}>
        <Trans>
          Call us, day or night: <a className={styles.phone} href={CONTACT.phoneHref}>{CONTACT.phoneDisplay}</a>
        </Trans>
      </p>
    </div>
  )
}
