import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components'

const WIDE = '@media (min-width: 640px)'

/** Shared look of the public pages: a calm column of readable text, one column on phones. */
export const usePublicStyles = makeStyles({
  container: {
    boxSizing: 'border-box',
    width: '100%',
    maxWidth: '1100px',
    marginInline: 'auto',
    paddingInline: tokens.spacingHorizontalL,
    [WIDE]: { paddingInline: tokens.spacingHorizontalXXL },
  },
  section: {
    paddingBlock: tokens.spacingVerticalXXXL,
    [WIDE]: { paddingBlock: '56px' },
  },
  sectionAlt: {
    backgroundColor: tokens.colorNeutralBackground2,
  },
  pageTitle: {
    ...typographyStyles.title2,
    margin: 0,
    color: tokens.colorNeutralForeground1,
    [WIDE]: { ...typographyStyles.title1 },
  },
  sectionTitle: {
    ...typographyStyles.title3,
    margin: 0,
    marginBlockEnd: tokens.spacingVerticalM,
    color: tokens.colorNeutralForeground1,
    [WIDE]: { ...typographyStyles.title2 },
  },
  subTitle: {
    ...typographyStyles.subtitle2,
    margin: 0,
    color: tokens.colorNeutralForeground1,
  },
  lead: {
    margin: 0,
    maxWidth: '65ch',
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
    color: tokens.colorNeutralForeground2,
  },
  prose: {
    maxWidth: '70ch',
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
    color: tokens.colorNeutralForeground1,
    '& p': { marginBlock: `0 ${tokens.spacingVerticalM}` },
    '& ul, & ol': { marginBlock: `0 ${tokens.spacingVerticalM}`, paddingInlineStart: tokens.spacingHorizontalXXL },
    '& li': { marginBlockEnd: tokens.spacingVerticalXS },
  },
  plainList: {
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  cardItem: {
    display: 'flex',
    minWidth: 0,
  },
  cardGrid: {
    display: 'grid',
    gap: tokens.spacingHorizontalL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))',
  },
  linkRow: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    marginBlockStart: tokens.spacingVerticalL,
  },
})
