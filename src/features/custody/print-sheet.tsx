import type { ReactNode } from 'react'
import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { useLingui } from '@lingui/react'
import { Print20Regular } from '@fluentui/react-icons/svg/print'
import { RouterLink } from '../../components/router-link'
import { CUSTODY_TEXT } from './custody-words'

/**
 * On paper only the sheet shows: the portal's bar, menu and toasts are hidden without the shell
 * knowing about printing. Kept here (mounted with the sheet) rather than in the global stylesheet
 * every first load carries.
 */
const PRINT_CSS = `@media print {
  @page { margin: 12mm; }
  body * { visibility: hidden !important; }
  .afh-print-sheet, .afh-print-sheet * { visibility: visible !important; }
  .afh-print-sheet { position: absolute; left: 0; top: 0; width: 100%; box-shadow: none !important; border: 0 !important; }
  .afh-no-print { display: none !important; }
  html, body, #root, main { background: #fff !important; }
}`

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center', marginBottom: tokens.spacingVerticalL },
  sheet: {
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    padding: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    maxWidth: '210mm',
    boxSizing: 'border-box',
    '@media (max-width: 640px)': { padding: tokens.spacingHorizontalM },
  },
})

/** A printable page: Back and Print above (never printed), the sheet below (the only thing printed). */
export function PrintSheet({ backTo, printLabel, children }: { backTo: string; printLabel: string; children: ReactNode }) {
  useLingui()
  const styles = useStyles()
  return (
    <>
      <style>{PRINT_CSS}</style>
      <div className={`${styles.bar} afh-no-print`}>
        <RouterLink to={backTo}>{CUSTODY_TEXT.back}</RouterLink>
        <Button appearance="primary" icon={<Print20Regular />} onClick={() => window.print()}>
          {printLabel}
        </Button>
      </div>
      <div className={`${styles.sheet} afh-print-sheet`}>{children}</div>
    </>
  )
}
