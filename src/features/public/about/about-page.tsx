import { Link, makeStyles, tokens } from '@fluentui/react-components'
import { paths } from '../../../app/paths'
import { CONTACT } from '../../../lib/contact-details'
import { RouterButtonLink } from '../../../components/router-link'
import { InfoArticle, type ArticleSection } from '../resources/resource-page'

const SECTIONS: readonly ArticleSection[] = [
  {
    title: 'Who we are',
    content: (
      <>
        <p>
          Amani Funeral Home is a family-run funeral home in Nairobi. For more than 25 years we have cared for the
          departed and stood beside the families who love them, whatever their faith, tradition or means.
        </p>
        <p>
          "Amani" means peace. We try to bring a little of it to one of the hardest times in a family's life: by
          listening, by explaining things plainly, and by taking care of the details.
        </p>
      </>
    ),
  },
  {
    title: 'What we do',
    content: (
      <ul>
        <li>Funeral services, arranged around your family's customs and faith.</li>
        <li>Mortuary care: collection at any hour, respectful storage and preparation.</li>
        <li>Cremation, with or without a service beforehand.</li>
        <li>Memorial services, to remember and celebrate a life.</li>
        <li>Repatriation within Kenya, so your loved one can be laid to rest at home.</li>
      </ul>
    ),
  },
  {
    title: 'How we work',
    content: (
      <ul>
        <li>With dignity: your loved one is cared for as one of our own.</li>
        <li>With clear prices in Kenya shillings (KSH): you see every cost before you confirm anything.</li>
        <li>With simple payment: pay by M-Pesa from your phone, and keep a record of every payment.</li>
        <li>Online when it helps: book, upload documents and follow every step from your dashboard.</li>
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
  return (
    <InfoArticle
      title="About Amani Funeral Home"
      intro="A family-run funeral home in Nairobi, caring for Kenyan families for more than 25 years."
      sections={SECTIONS}
    >
      <div className={styles.closing}>
        <p className={styles.closingText}>
          We are open 24 hours, every day. Call <Link href={CONTACT.phoneHref}>{CONTACT.phoneDisplay}</Link>,
          email <Link href={`mailto:${CONTACT.email}`}>{CONTACT.email}</Link>, or create an account to arrange a funeral
          online.
        </p>
        <div className={styles.actions}>
          <RouterButtonLink to={paths.register} appearance="primary">
            Register Now
          </RouterButtonLink>
          <RouterButtonLink to={{ pathname: paths.home, hash: '#contact' }} appearance="secondary">
            Contact us
          </RouterButtonLink>
        </div>
      </div>
    </InfoArticle>
  )
}
