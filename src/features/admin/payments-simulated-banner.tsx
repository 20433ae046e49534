import { useEffect, useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components'
import { paymentsMode } from '../../api/settings'

const useStyles = makeStyles({
  bar: { marginBottom: tokens.spacingVerticalL },
})

/**
 * Above every admin screen while the server runs the M-Pesa simulator in production
 * (DARAJA_SIMULATOR=1): bookings are marked paid although no money moved.
 */
export function PaymentsSimulatedBanner() {
  const styles = useStyles()
  const { t } = useLingui()
  const [simulated, setSimulated] = useState(false)
  useEffect(() => {
    let live = true
    paymentsMode().then(
      (mode) => live && setSimulated(mode.simulated),
      () => {
        /* unknown: no banner; the server printed its own warning */
      },
    )
    return () => {
      live = false
    }
  }, [])
  if (!simulated) return null
  return (
    <MessageBar intent="warning" layout="multiline" className={styles.bar}>
      <MessageBarBody>
        <MessageBarTitle>{t`Payments are simulated: no money moves.`}</MessageBarTitle>{' '}
        {t`M-Pesa is not connected on this server (DARAJA_SIMULATOR=1), so a payment marked paid was never received. Ask whoever runs the server to set the Daraja credentials.`}
      </MessageBarBody>
    </MessageBar>
  )
}
