import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { paths } from '../../../app/paths'
import { RouterLink } from '../../../components/router-link'
import { ResourcePage, type ArticleSection } from './resource-page'

const SECTIONS: readonly ArticleSection[] = [
  {
    id: 'the-first-steps-after-a-death',
    title: msg`The first steps after a death`,
    content: (
      <>
        <p>
          <Trans>There is no need to decide everything at once. In the first hours, these are the things that matter:</Trans>
        </p>
        <ul>
          <li>
            <Trans>
              If the death happened in hospital, the staff will tell you what happens next and give you the notification
              of death.
            </Trans>
          </li>
          <li>
            <Trans>
              If the death happened at home, inform the area chief or assistant chief. If it was sudden or unexpected,
              inform the police as well.
            </Trans>
          </li>
          <li><Trans>Call us at any hour. We can collect your loved one and care for them in our mortuary.</Trans></li>
          <li><Trans>Let close family know, and agree who will speak for the family when decisions are made.</Trans></li>
        </ul>
        <p>
          <Trans>
            The legal steps, such as registering the death and the burial permit, are explained in{' '}
            <RouterLink to={paths.resources.legal} inline>
              Legal requirements
            </RouterLink>
            .
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: 'choosing-burial-or-cremation',
    title: msg`Choosing burial or cremation`,
    content: (
      <>
        <p>
          <Trans>
            Many families choose burial, often at the family land in the home county. Cremation is chosen by some faiths
            and families, and can make it easier for relatives who live far apart. Either way, you can hold a service
            before, and a memorial later.
          </Trans>
        </p>
        <p>
          <Trans>
            If your loved one left wishes, start from them. If you are unsure what their faith or community expects,
            their place of worship can guide you, and so can we.
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: 'a-typical-timeline',
    title: msg`A typical timeline`,
    content: (
      <ul>
        <li><Trans>First day: care of the body, informing family, and the notification of death.</Trans></li>
        <li>
          <Trans>The first week: family meetings, registration of the death and the burial permit, choosing a date.</Trans>
        </li>
        <li><Trans>The funeral: often one to two weeks after the death, sometimes sooner for faith reasons.</Trans></li>
        <li><Trans>Afterwards: the death certificate, and matters such as the estate, which can take longer.</Trans></li>
      </ul>
    ),
  },
  {
    id: 'costs-and-family-contributions',
    title: msg`Costs and family contributions`,
    content: (
      <>
        <p>
          <Trans>
            The main costs are usually mortuary care, the casket, transport, the venue and the burial or cremation itself.
            Ask for every price before you agree. When you book with us, you see the total in Kenya shillings (KSH) before
            you confirm anything.
          </Trans>
        </p>
        <p>
          <Trans>
            It is common for relatives and friends to contribute through a harambee or a family committee. Keeping a
            simple written record of what is collected and spent helps everyone trust the process.
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: 'what-to-bring-to-us',
    title: msg`What to bring to us`,
    content: (
      <ul>
        <li><Trans>The notification of death from the hospital, or from the chief or police.</Trans></li>
        <li><Trans>The national ID card or passport of the deceased, if you have it.</Trans></li>
        <li><Trans>Your own ID and a phone number we can reach you on.</Trans></li>
        <li><Trans>Clothes for your loved one, if you would like to choose them.</Trans></li>
      </ul>
    ),
  },
  {
    id: 'how-booking-online-works',
    title: msg`How booking online works`,
    content: (
      <>
        <p><Trans>Once you have registered and signed in, booking takes four steps:</Trans></p>
        <ol>
          <li><Trans>Choose the services you need.</Trans></li>
          <li><Trans>Enter the details of the deceased.</Trans></li>
          <li><Trans>Choose the date and time of the service.</Trans></li>
          <li><Trans>Review everything, then confirm the booking.</Trans></li>
        </ol>
        <p>
          <Trans>
            You can then pay with M-Pesa from your phone, upload documents, and follow the booking from your dashboard.{' '}
            <RouterLink to={paths.register} inline>
              Register to start
            </RouterLink>
            .
          </Trans>
        </p>
      </>
    ),
  },
]

/** `/resources/planning`. */
export function PlanningPage() {
  const { t } = useLingui()
  return (
    <ResourcePage
      current="planning"
      title={t`Planning a funeral in Kenya`}
      intro={t`A gentle guide to the first days: what to do, what to decide, and what can wait.`}
      sections={SECTIONS}
      art={{ src: '/illustrations/path.svg', width: 360, height: 180 }}
    />
  )
}
