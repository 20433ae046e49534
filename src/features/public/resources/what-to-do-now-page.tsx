import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { ResourcePage, type ArticleSection } from './resource-page'
import { CONTACT } from '../../../lib/contact'

/* Short, practical and in the order a family meets them in the first hours; the legal detail is on
   the legal page. */
const SECTIONS: readonly ArticleSection[] = [
  {
    id: 'call-us-at-any-hour',
    title: msg`Call us, at any hour`,
    content: (
      <p>
        <Trans>
          Call us on <a href={CONTACT.phoneHref}>{CONTACT.phoneDisplay}</a>, day or night. We answer, we listen, and we can
          come to collect your loved one from home or from the hospital when you are ready. You do not need to have any
          papers yet.
        </Trans>
      </p>
    ),
  },
  {
    id: 'a-doctor-or-the-police-confirm-the-death',
    title: msg`A doctor or the police confirm the death`,
    content: (
      <p>
        <Trans>
          In a hospital, the doctor confirms the death. At home, call the family doctor or the nearest health facility; if
          the death was sudden, violent or unexplained, tell the police, who will guide you. Please do not move your loved
          one before the death has been confirmed.
        </Trans>
      </p>
    ),
  },
  {
    id: 'the-notification-of-death-and-the-burial-permit',
    title: msg`The notification of death and the burial permit`,
    content: (
      <p>
        <Trans>
          The hospital, or at home the area chief or assistant chief, gives you the notification of death. It is used to
          register the death and to obtain the burial permit, which is needed before any burial or cremation. We can help
          you with these steps.
        </Trans>
      </p>
    ),
  },
  {
    id: 'bring-identity-documents',
    title: msg`Bring identity documents`,
    content: (
      <p>
        <Trans>
          When you come to us, bring your own national ID and, if you have it, the ID card or birth certificate of the
          person who has died, with the notification of death.
        </Trans>
      </p>
    ),
  },
  {
    id: 'what-we-do-next',
    title: msg`What we do next`,
    content: (
      <p>
        <Trans>
          We collect and care for your loved one, explain the choices and prices plainly, and help you book the service
          and the documents online or by phone, at your own pace. Nothing is decided until you say so.
        </Trans>
      </p>
    ),
  },
]

/** `/resources/what-to-do-now`: the first hours after a death, for a family on the phone. */
export function WhatToDoNowPage() {
  const { t } = useLingui()
  return (
    <ResourcePage
      current="whatToDoNow"
      title={t`A death has just occurred: what to do now`}
      intro={t`We are sorry for your loss. These are the first steps, one at a time. You do not have to do them alone.`}
      sections={SECTIONS}
    />
  )
}
