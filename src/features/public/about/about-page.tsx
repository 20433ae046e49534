import { Link, makeStyles, tokens } from '@fluentui/react-components'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { paths } from '../../../app/paths'
import { CONTACT } from '../../../lib/contact'
import { RouterButtonLink } from '../../../components/router-link'
import { InfoArticle, type ArticleSection } from '../resources/resource-page'

const SECTIONS: readonly ArticleSection[] = [
  {
    id: 'who-we-are',
    title: msg`Who we are`,
    content: (
      <>
        <p>
          <Trans>
            Amani Funeral Home is a family-run funeral home in Nairobi. For more than 25 years we have cared for the
            departed and stood beside the families who love them, whatever their faith, tradition or means.
          </Trans>
        </p>
        <p>
          <Trans>
            "Amani" means peace. We try to bring a little of it to one of the hardest times in a family's life: by
            listening, by explaining things plainly, and by taking care of the details.
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: 'what-we-do',
    title: msg`What we do`,
    content: (
      <ul>
        <li><Trans>Funeral services, arranged around your family's customs and faith.</Trans></li>
        <li><Trans>Mortuary care: collection at any hour, respectful storage and preparation.</Trans></li>
        <li><Trans>Cremation, with or without a service beforehand.</Trans></li>
        <li><Trans>Memorial services, to remember and celebrate a life.</Trans></li>
        <li><Trans>Repatriation within Kenya, so your loved one can be laid to rest at home.</Trans></li>
      </ul>
    ),
  },
  {
    id: 'how-we-work',
    title: msg`How we work`,
    content: (
      <ul>
        <li><Trans>With dignity: your loved one is cared for as one of our own.</Trans></li>
        <li><Trans>With clear prices in Kenya shillings (KSH): you see every cost before you confirm anything.</Trans></li>
        <li><Trans>With simple payment: pay by M-Pesa from your phone, and keep a record of every payment.</Trans></li>
        <li><Trans>Online when it helps: book, upload documents and follow every step from your dashboard.</Trans></li>
      </ul>
    ),
  },
]

const useStyles = makeStyles({
  closing: {
    maxWidth: '70ch',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    paddingBlock: tokens.spacingVerticalXL,
    paddingInline: tokens.spacingHorizontalXL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  closingText: {
    margin: 0,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
  },
})

/** `/about`. */
export function AboutPage() {
  const styles = useStyles()
  const { t } = useLingui()
  return (
    <InfoArticle
      title={t`About Amani Funeral Home`}
      intro={t`A family-run funeral home in Nairobi, caring for Kenyan families for more than 25 years.`}
      sections={SECTIONS}
      art={{ src: '/illustrations/hero-dawn.svg', width: 360, height: 216 }}
    >
      <div className={styles.closing}>
        <p className={styles.closingText}>
          <Trans>
            We are open 24 hours, every day. Call <Link href={CONTACT.phoneHref}>{CONTACT.phoneDisplay}</Link>,
            email <Link href={`mailto:${CONTACT.email}`}>{CONTACT.email}</Link>, or create an account to arrange a funeral
            online.
          </Trans>
        </p>
        <div className={styles.actions}>
          <RouterButtonLink to={paths.register} appearance="primary">
            <Trans>Register Now</Trans>
          </RouterButtonLink>
          <RouterButtonLink to={{ pathname: paths.home, hash: '#contact' }} appearance="secondary">
            <Trans>Contact us</Trans>
          </RouterButtonLink>
        </div>
      </div>
    </InfoArticle>
  )
}
