import { Button, Caption1, MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { DEMO_ACCOUNTS } from '../../../../shared/demo-accounts'

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, marginTop: tokens.spacingVerticalS, padding: 0, listStyleType: 'none' },
  item: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  mono: { fontFamily: tokens.fontFamilyMonospace },
})

/** The roles' names as this list says them (the demo data's own labels are English). */
const ROLE_LABELS = {
  admin: msg`Administrator`,
  morgue_attendant: msg`Morgue attendant`,
  client: msg`Family (client)`,
} as const

/** Mock mode only: the demo accounts, one click to fill the form. */
export default function DemoAccounts({ onUse }: { onUse: (email: string, password: string) => void }) {
  const styles = useStyles()
  const { t } = useLingui()
  return (
    <MessageBar intent="info" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>
          <Trans>Demo accounts</Trans>
        </MessageBarTitle>
        <ul className={styles.list}>
          {DEMO_ACCOUNTS.map((a) => {
            const label = t(ROLE_LABELS[a.role])
            return (
              <li key={a.email} className={styles.item}>
                <Caption1>
                  {label}: <span className={styles.mono}>{a.email}</span> / <span className={styles.mono}>{a.password}</span>
                </Caption1>
                <Button size="small" onClick={() => onUse(a.email, a.password)} aria-label={t`Use the ${label} demo account`}>
                  <Trans>Use</Trans>
                </Button>
              </li>
            )
          })}
        </ul>
      </MessageBarBody>
    </MessageBar>
  )
}
