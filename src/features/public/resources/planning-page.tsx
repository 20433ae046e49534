import { paths } from '../../../app/paths'
import { RouterLink } from '../../../components/router-link'
import { ResourcePage, type ArticleSection } from './resource-page'

const SECTIONS: readonly ArticleSection[] = [
  {
    title: 'The first steps after a death',
    content: (
      <>
        <p>There is no need to decide everything at once. In the first hours, these are the things that matter:</p>
        <ul>
          <li>
            If the death happened in hospital, the staff will tell you what happens next and give you the notification
            of death.
          </li>
          <li>
            If the death happened at home, inform the area chief or assistant chief. If it was sudden or unexpected,
            inform the police as well.
          </li>
          <li>Call us at any hour. We can collect your loved one and care for them in our mortuary.</li>
          <li>Let close family know, and agree who will speak for the family when decisions are made.</li>
        </ul>
        <p>
          The legal steps, such as registering the death and the burial permit, are explained in{' '}
          <RouterLink to={paths.resources.legal} inline>
            Legal requirements
          </RouterLink>
          .
        </p>
      </>
    ),
  },
  {
    title: 'Choosing burial or cremation',
    content: (
      <>
        <p>
          Many families choose burial, often at the family land in the home county. Cremation is chosen by some faiths
          and families, and can make it easier for relatives who live far apart. Either way, you can hold a service
          before, and a memorial later.
        </p>
        <p>
          If your loved one left wishes, start from them. If you are unsure what their faith or community expects,
          their place of worship can guide you, and so can we.
        </p>
      </>
    ),
  },
  {
    title: 'A typical timeline',
    content: (
      <ul>
        <li>First day: care of the body, informing family, and the notification of death.</li>
        <li>The first week: family meetings, registration of the death and the burial permit, choosing a date.</li>
        <li>The funeral: often one to two weeks after the death, sometimes sooner for faith reasons.</li>
        <li>Afterwards: the death certificate, and matters such as the estate, which can take longer.</li>
      </ul>
    ),
  },
  {
    title: 'Costs and family contributions',
    content: (
      <>
        <p>
          The main costs are usually mortuary care, the casket, transport, the venue and the burial or cremation itself.
          Ask for every price before you agree. When you book with us, you see the total in Kenya shillings (KSH) before
          you confirm anything.
        </p>
        <p>
          It is common for relatives and friends to contribute through a harambee or a family committee. Keeping a
          simple written record of what is collected and spent helps everyone trust the process.
        </p>
      </>
    ),
  },
  {
    title: 'What to bring to us',
    content: (
      <ul>
        <li>The notification of death from the hospital, or from the chief or police.</li>
        <li>The national ID card or passport of the deceased, if you have it.</li>
        <li>Your own ID and a phone number we can reach you on.</li>
        <li>Clothes for your loved one, if you would like to choose them.</li>
      </ul>
    ),
  },
  {
    title: 'How booking online works',
    content: (
      <>
        <p>Once you have registered and signed in, booking takes four steps:</p>
        <ol>
          <li>Choose the services you need.</li>
          <li>Enter the details of the deceased.</li>
          <li>Choose the date and time of the service.</li>
          <li>Review everything, then confirm the booking.</li>
        </ol>
        <p>
          You can then pay with M-Pesa from your phone, upload documents, and follow the booking from your dashboard.{' '}
          <RouterLink to={paths.register} inline>
            Register to start
          </RouterLink>
          .
        </p>
      </>
    ),
  },
]

/** `/resources/planning`. */
export function PlanningPage() {
  return (
    <ResourcePage
      current="planning"
      title="Planning a funeral in Kenya"
      intro="A gentle guide to the first days: what to do, what to decide, and what can wait."
      sections={SECTIONS}
      art={{ src: '/illustrations/path.svg', width: 360, height: 180 }}
    />
  )
}
