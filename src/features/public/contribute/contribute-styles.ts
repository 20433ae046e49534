import { makeStyles, tokens } from '@fluentui/react-components'

/** The contribution page's look, shared by the page and its lazily loaded form. */
export const useContributeStyles = makeStyles({
  // At least a screen tall: the page and then its form arrive without pushing the footer into view.
  column: { maxWidth: '560px', minHeight: '100vh', marginInline: 'auto', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, paddingBlock: tokens.spacingVerticalXL },
  // A plain panel, not Fluent's Card (its focus machinery is weight this page does not need).
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500, fontWeight: tokens.fontWeightSemibold },
  home: { color: tokens.colorNeutralForeground2 },
  quote: { margin: 0, paddingLeft: tokens.spacingHorizontalM, borderLeft: `${tokens.strokeWidthThickest} solid ${tokens.colorBrandStroke2}`, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  due: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  track: { height: '8px', borderRadius: tokens.borderRadiusCircular, backgroundColor: tokens.colorNeutralBackground5, overflow: 'hidden' },
  fill: { height: '100%', backgroundColor: tokens.colorBrandBackground },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  row: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2 },
  error: { color: tokens.colorPaletteRedForeground1 },
  // Plain links (Fluent's Link would split the chunks the sign-in pages share with this page).
  link: { color: tokens.colorBrandForegroundLink, textDecorationLine: 'underline', background: 'none', border: 'none', padding: 0, font: 'inherit', cursor: 'pointer' },
  // A phone number read or dialled in one piece, never split over two lines.
  nowrap: { whiteSpace: 'nowrap' },
})
