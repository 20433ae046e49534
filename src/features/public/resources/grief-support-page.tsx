import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { ResourcePage, type ArticleSection } from './resource-page'

const SECTIONS: readonly ArticleSection[] = [
  {
    id: 'grief-is-normal',
    title: msg`Grief is normal`,
    content: (
      <>
        <p>
          <Trans>
            Sadness, anger, numbness, guilt and even relief are all part of grief. Some days will be easier than others.
            There is no right way to grieve and no timetable for it.
          </Trans>
        </p>
        <p>
          <Trans>
            The busy days of arranging a funeral can hold feelings back; they often arrive later, when visitors have gone
            home. That is normal too.
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: 'looking-after-yourself',
    title: msg`Looking after yourself`,
    content: (
      <ul>
        <li><Trans>Eat something, drink water and rest, even when you do not feel like it.</Trans></li>
        <li><Trans>Let others help with meals, errands and the funeral arrangements.</Trans></li>
        <li><Trans>Talk about the person who died, with people who knew them.</Trans></li>
        <li><Trans>Put off big decisions, such as moving house, for a while if you can.</Trans></li>
      </ul>
    ),
  },
  {
    id: 'supporting-children',
    title: msg`Supporting children`,
    content: (
      <>
        <p>
          <Trans>
            Tell children the truth in simple words that suit their age, and avoid phrases like "gone to sleep", which can
            frighten them. Let them ask questions, and answer them honestly.
          </Trans>
        </p>
        <p>
          <Trans>
            Children often grieve in short bursts and then go back to playing. Keep their routines where you can, and let
            them take part in the funeral in a way they choose.
          </Trans>
        </p>
      </>
    ),
  },
  {
    id: 'when-to-seek-help',
    title: msg`When to seek help`,
    content: (
      <>
        <p><Trans>Reach out to a doctor or counsellor if, after some weeks, you or someone close to you:</Trans></p>
        <ul>
          <li><Trans>cannot manage daily life, work or caring for children;</Trans></li>
          <li><Trans>is not sleeping or eating;</Trans></li>
          <li><Trans>is relying on alcohol or other substances to cope;</Trans></li>
          <li><Trans>has thoughts of self-harm or of not wanting to live.</Trans></li>
        </ul>
        <p><Trans>If someone is in immediate danger, call 999 or 112.</Trans></p>
      </>
    ),
  },
  {
    id: 'someone-to-talk-to',
    title: msg`Someone to talk to`,
    content: (
      <>
        <ul>
          <li><Trans>Befrienders Kenya: confidential emotional support for anyone in distress.</Trans></li>
          <li><Trans>Kenya Red Cross: psychosocial support services.</Trans></li>
          <li><Trans>Your doctor or the nearest public hospital, which can refer you to a counsellor.</Trans></li>
        </ul>
        <p>
          <Trans>Numbers and opening hours change, so please check the current contact details on their official websites.</Trans>
        </p>
      </>
    ),
  },
  {
    id: 'your-faith-and-your-community',
    title: msg`Your faith and your community`,
    content: (
      <p>
        <Trans>
          Your church, mosque, temple or community group can offer comfort, company and practical help, both around the
          funeral and in the months afterwards. Many run bereavement groups where you can meet others who understand.
        </Trans>
      </p>
    ),
  },
]

/** `/resources/grief-support`. */
export function GriefSupportPage() {
  const { t } = useLingui()
  return (
    <ResourcePage
      current="griefSupport"
      title={t`Grief support`}
      intro={t`Losing someone you love is hard. Here is some guidance for the days and months ahead.`}
      sections={SECTIONS}
      art={{ src: '/illustrations/candle.svg', width: 180, height: 180 }}
    />
  )
}
