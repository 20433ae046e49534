import { useEffect, useState } from 'react'
import { Body1, Button, Field, Input, Subtitle2, makeStyles, tokens } from '@fluentui/react-components'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useSubmission } from '../../app/use-notifying-machine'
import { feedUrl, makeFeed, turnOffFeed } from '../../api/calendar'

const useStyles = makeStyles({
  panel: { marginTop: tokens.spacingVerticalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '720px' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
})

const FEED_FAILED = msg`Failed to change the calendar feed`

/**
 * A staff member's private calendar feed (the admin's under the calendar, an attendant's on their
 * own screen): an address their phone's calendar subscribes to. Making it
 * again or turning it off kills the address given before (shown once: the server keeps no copy to show).
 */
export function FeedPanel() {
  const styles = useStyles()
  const { t } = useLingui()
  const make = useSubmission(() => makeFeed(), { failureMessage: t(FEED_FAILED) })
  const off = useSubmission(() => turnOffFeed(), { failureMessage: t(FEED_FAILED), successMessage: t`Calendar feed turned off` })
  // The address shown is the last one made, until it is turned off.
  const [shown, setShown] = useState<string | null>(null)
  const [copied, setCopied] = useState<string | null>(null)
  useEffect(() => setShown(make.result ? feedUrl(make.result.path) : null), [make.result])
  useEffect(() => {
    if (off.result) setShown(null)
  }, [off.result])
  return (
    <section className={styles.panel} aria-label={t`Calendar on your phone`}>
      <Subtitle2 as="h2">{t`Calendar on your phone`}</Subtitle2>
      <Body1>{t`Subscribe to this private address in your phone's calendar. Anyone with it sees the events: make a new one or turn it off if it is shared by mistake.`}</Body1>
      {shown ? (
        <Field label={t`Feed address`}>
          <Input readOnly value={shown} onFocus={(e) => e.currentTarget.select()} />
        </Field>
      ) : null}
      {copied && copied === shown ? <Body1 role="status">{t`Address copied`}</Body1> : null}
      <div className={styles.actions}>
        {shown ? (
          <Button
            onClick={() => {
              // The browser's clipboard, where it allows it (the field above can still be selected by hand).
              void navigator.clipboard?.writeText(shown).then(() => setCopied(shown))
            }}
          >{t`Copy address`}</Button>
        ) : null}
        <Button appearance="primary" disabled={make.busy} onClick={() => make.submit(undefined)}>
          {shown ? t`Make a new address` : t`Make my feed address`}
        </Button>
        <Button disabled={off.busy} onClick={() => off.submit(undefined)}>{t`Turn off`}</Button>
      </div>
    </section>
  )
}
