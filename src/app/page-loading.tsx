import { makeStyles, tokens } from '@fluentui/react-components'
import { Trans } from '@lingui/react/macro'

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
})

/**
 * What a lazy screen shows while its chunk arrives: a calm line of text (a Fluent Spinner would
 * add its code to the first load of every page for a moment's display).
 */
export function PageLoading() {
  const styles = useStyles()
  return (
    <p role="status" className={styles.root}>
      <Trans>Loading…</Trans>
    </p>
  )
}
