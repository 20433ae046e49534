import { useLocation } from 'react-router-dom'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { paths } from '../../../app/paths'
import { WhatToDoNowPage } from './what-to-do-now-page'
import { makeStyles, tokens } from '@fluentui/react-components'
import { ResourcePage, type ArticleSection } from './resource-page'

const SECTIONS: readonly ArticleSection[] = [
  {
    id: 'report-the-death-and-get-a-notification-of-death',
    title: msg`Report the death and get a notification of death`,
    content: (
      <>
        <p>
          <Trans>
            If the death happened in a hospital, the hospital issues the notification of death. If it happened at home,
            report it to the area chief or assistant chief, who can issue the notification. A sudden, violent or
            unexplained death must be reported to the police.
          </Trans>
        </p>
        <p><Trans>Keep the notification safe: you need it for every step that follows.</Trans></p>
      </>
    ),
  },
  {
    id: 'register-the-death-within-30-days',
    title: msg`Register the death within 30 days`,
    content: (
      <p>
        <Trans>
          Under the Births and Deaths Registration Act, every death must be registered with the Civil Registration
          office. Take the notification of death and the ID of the deceased. Register within 30 days of the death: after
          that, late registration needs extra steps and documents. The registration office can confirm the current rules
          and fees.
        </Trans>
      </p>
    ),
  },
  {
    id: 'burial-permit',
    title: msg`Burial permit`,
    content: (
      <p>
        <Trans>
          A burial permit is issued when the death is registered. The law does not allow a burial without it, and
          crematoria ask for it too, so make sure you have it before the funeral. We will ask to see it.
        </Trans>
      </p>
    ),
  },
  {
    id: 'death-certificate',
    title: msg`Death certificate`,
    content: (
      <p>
        <Trans>
          The death certificate is a separate document, applied for at the Civil Registration office or through eCitizen
          once the death is registered. It can take some weeks. It is needed for matters such as the estate, bank
          accounts, insurance and pensions.
        </Trans>
      </p>
    ),
  },
  {
    id: 'post-mortem',
    title: msg`Post-mortem`,
    content: (
      <p>
        <Trans>
          Where the police require it, for example after an accident or an unexplained death, a post-mortem examination is
          carried out by a government pathologist before the body is released. The police will tell the family when the
          body can be collected.
        </Trans>
      </p>
    ),
  },
  {
    id: 'moving-a-body-between-counties',
    title: msg`Moving a body between counties`,
    content: (
      <p>
        <Trans>
          Many families bury their loved one in their home county. Carry the burial permit and the notification of death
          with the body while travelling. Transport should be by a properly equipped hearse; we can arrange it and advise
          on any other documents the receiving county may ask for.
        </Trans>
      </p>
    ),
  },
]

const useStyles = makeStyles({
  note: {
    maxWidth: '70ch',
    margin: 0,
    paddingBlock: tokens.spacingVerticalM,
    paddingInline: tokens.spacingHorizontalL,
    borderLeft: `${tokens.strokeWidthThicker} solid ${tokens.colorBrandStroke1}`,
    fontSize: tokens.fontSizeBase400,
    lineHeight: tokens.lineHeightBase500,
    color: tokens.colorNeutralForeground2,
  },
})

/**
 * `/resources/legal`, and `/resources/what-to-do-now` from the same chunk: one route-table entry
 * fewer in the first load every page carries.
 */
export function LegalPage() {
  const { pathname } = useLocation()
  return pathname === paths.resources.whatToDoNow ? <WhatToDoNowPage /> : <LegalRequirements />
}

function LegalRequirements() {
  const styles = useStyles()
  const { t } = useLingui()
  return (
    <ResourcePage
      current="legal"
      title={t`Legal requirements after a death in Kenya`}
      intro={t`The legal steps after a death in Kenya, in the order families usually meet them.`}
      sections={SECTIONS}
      art={{ src: '/illustrations/lily.svg', width: 180, height: 180 }}
      note={
        <p className={styles.note}>
          <Trans>
            This is general guidance, not legal advice. Rules and fees change; your local Civil Registration office or a
            lawyer can advise on your situation.
          </Trans>
        </p>
      }
    />
  )
}
