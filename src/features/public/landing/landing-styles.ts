import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components'

/** The landing page's own look; the shared page frame is usePublicStyles (../public-styles). */
export const useLandingStyles = makeStyles({
  // Warm sand, so the dawn illustration's sky runs on into the page instead of sitting in a box.
  hero: {
    backgroundColor: tokens.colorNeutralBackground3,
  },
  heroInner: {
    display: 'grid',
    alignItems: 'center',
    gap: tokens.spacingVerticalXXL,
    paddingBlock: '40px',
    '@media (min-width: 640px)': { paddingBlock: '72px' },
    '@media (min-width: 880px)': { gridTemplateColumns: '7fr 6fr' },
  },
  heroText: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  // width/height on the <img> reserve its box (no layout shift); the CSS only scales it down.
  heroArt: {
    display: 'block',
    width: '100%',
    maxWidth: '560px',
    height: 'auto',
    justifySelf: 'center',
  },
  urgent: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalS,
    marginBlockEnd: tokens.spacingVerticalL,
  },
  // A large, obvious tap target (48 px) that reads as a phone call.
  callLink: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '48px',
    paddingInline: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover, color: tokens.colorNeutralForegroundOnBrand },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  callNumber: {
    fontWeight: tokens.fontWeightRegular,
    whiteSpace: 'nowrap',
  },
  urgentIcon: {
    fontSize: '20px',
  },
  urgentLink: {
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    minHeight: '24px',
  },
  heroActions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
  },
  // Below the first screen: the browser styles, lays out and paints a section only when it comes near
  // the screen. Measured on a phone with Lighthouse's 4x slower CPU, laying out the whole page (4,400
  // px) before the first paint, and again when the fonts arrive, took 200-270 ms each time. `auto`
  // keeps a section's real height once it has been drawn; the estimate only sizes the scroll bar.
  belowFirstScreen: {
    contentVisibility: 'auto',
    containIntrinsicSize: 'auto 800px',
  },
  sectionIntro: {
    marginBlockEnd: tokens.spacingVerticalXL,
  },
  // Fluent Card's look (surface, radius, shadow) without its focus management, which static
  // content does not need.
  card: {
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    height: '100%',
    padding: tokens.spacingHorizontalXL,
    gap: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    color: tokens.colorNeutralForeground1,
  },
  formSlot: {
    minHeight: '430px',
  },
  cardIcon: {
    display: 'flex',
    fontSize: '32px',
    color: tokens.colorBrandForeground1,
  },
  price: {
    ...typographyStyles.body1Strong,
    margin: 0,
    color: tokens.colorBrandForeground1,
  },
  cardText: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase400,
    color: tokens.colorNeutralForeground2,
  },
  about: {
    display: 'grid',
    gap: tokens.spacingHorizontalXXL,
    alignItems: 'center',
    '@media (min-width: 800px)': { gridTemplateColumns: '1fr 2fr' },
  },
  yearsColumn: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXL,
    '@media (min-width: 800px)': { flexDirection: 'column', alignItems: 'flex-start' },
  },
  years: {
    margin: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  yearsFigure: {
    ...typographyStyles.largeTitle,
    fontFamily: 'var(--fontFamilyHeading)',
    color: tokens.colorBrandForeground1,
  },
  yearsLabel: {
    ...typographyStyles.subtitle2,
    color: tokens.colorNeutralForeground2,
  },
  quote: {
    margin: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  blockquote: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
    fontStyle: 'italic',
    color: tokens.colorNeutralForeground1,
  },
  cite: {
    ...typographyStyles.body1Strong,
    color: tokens.colorNeutralForeground2,
  },
  contactLead: {
    marginBlockEnd: tokens.spacingVerticalXL,
  },
  contact: {
    display: 'grid',
    gap: tokens.spacingHorizontalXXXL,
    '@media (min-width: 800px)': { gridTemplateColumns: '1fr 1fr' },
  },
  details: {
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase400,
  },
  detail: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    overflowWrap: 'anywhere',
  },
  detailIcon: {
    flexShrink: 0,
    fontSize: '24px',
    color: tokens.colorBrandForeground1,
  },
})
