import { ResourcePage, type ArticleSection } from './resource-page'
import { CONTACT } from '../../../lib/contact-details'

/* Short, practical and in the order a family meets them in the first hours; the legal detail is on
   the legal page. */
const SECTIONS: readonly ArticleSection[] = [
  {
    title: 'Call us, at any hour',
    content: (
      <p>
        Call us on <a href={CONTACT.phoneHref}>{CONTACT.phoneDisplay}</a>, day or night. We answer, we listen, and we can
        come to collect your loved one from home or from the hospital when you are ready. You do not need to have any
        papers yet.
      </p>
    ),
  },
  {
    title: 'A doctor or the police confirm the death',
    content: (
      <p>
        In a hospital, the doctor confirms the death. At home, call the family doctor or the nearest health facility; if
        the death was sudden, violent or unexplained, tell the police, who will guide you. Please do not move your loved
        one before the death has been confirmed.
      </p>
    ),
  },
  {
    title: 'The notification of death and the burial permit',
    content: (
      <p>
        The hospital, or at home the area chief or assistant chief, gives you the notification of death. It is used to
        register the death and to obtain the burial permit, which is needed before any burial or cremation. We can help
        you with these steps.
      </p>
    ),
  },
  {
    title: 'Bring identity documents',
    content: (
      <p>
        When you come to us, bring your own national ID and, if you have it, the ID card or birth certificate of the
        person who has died, with the notification of death.
      </p>
    ),
  },
  {
    title: 'What we do next',
    content: (
      <p>
        We collect and care for your loved one, explain the choices and prices plainly, and help you book the service
        and the documents online or by phone, at your own pace. Nothing is decided until you say so.
      </p>
    ),
  },
]

/** `/resources/what-to-do-now`: the first hours after a death, for a family on the phone. */
export function WhatToDoNowPage() {
  return (
    <ResourcePage
      current="whatToDoNow"
      title="A death has just occurred: what to do now"
      intro="We are sorry for your loss. These are the first steps, one at a time. You do not have to do them alone."
      sections={SECTIONS}
    />
  )
}
