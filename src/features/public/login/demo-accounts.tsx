import { Button, Caption1, MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components'
import { DEMO_ACCOUNTS } from '../../../../mocks/demo-accounts'

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, marginTop: tokens.spacingVerticalS, padding: 0, listStyleType: 'none' },
  item: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  mono: { fontFamily: tokens.fontFamilyMonospace },
})

/** Mock mode only: the demo accounts, one click to fill the form. */
export default function DemoAccounts({ onUse }: { onUse: (email: string, password: string) => void }) {
  const styles = useStyles()
  return (
    <MessageBar intent="info" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>Demo accounts</MessageBarTitle>
        <ul className={styles.list}>
          {DEMO_ACCOUNTS.map((a) => (
            <li key={a.email} className={styles.item}>
              <Caption1>
                {a.label}: <span className={styles.mono}>{a.email}</span> / <span className={styles.mono}>{a.password}</span>
              </Caption1>
              <Button size="small" onClick={() => onUse(a.email, a.password)} aria-label={`Use the ${a.label} demo account`}>
                Use
              </Button>
            </li>
          ))}
        </ul>
      </MessageBarBody>
    </MessageBar>
  )
}
