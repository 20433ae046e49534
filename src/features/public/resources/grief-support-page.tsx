import { ResourcePage, type ArticleSection } from './resource-page'

const SECTIONS: readonly ArticleSection[] = [
  {
    title: 'Grief is normal',
    content: (
      <>
        <p>
          Sadness, anger, numbness, guilt and even relief are all part of grief. Some days will be easier than others.
          There is no right way to grieve and no timetable for it.
        </p>
        <p>
          The busy days of arranging a funeral can hold feelings back; they often arrive later, when visitors have gone
          home. That is normal too.
        </p>
      </>
    ),
  },
  {
    title: 'Looking after yourself',
    content: (
      <ul>
        <li>Eat something, drink water and rest, even when you do not feel like it.</li>
        <li>Let others help with meals, errands and the funeral arrangements.</li>
        <li>Talk about the person who died, with people who knew them.</li>
        <li>Put off big decisions, such as moving house, for a while if you can.</li>
      </ul>
    ),
  },
  {
    title: 'Supporting children',
    content: (
      <>
        <p>
          Tell children the truth in simple words that suit their age, and avoid phrases like "gone to sleep", which can
          frighten them. Let them ask questions, and answer them honestly.
        </p>
        <p>
          Children often grieve in short bursts and then go back to playing. Keep their routines where you can, and let
          them take part in the funeral in a way they choose.
        </p>
      </>
    ),
  },
  {
    title: 'When to seek help',
    content: (
      <>
        <p>Reach out to a doctor or counsellor if, after some weeks, you or someone close to you:</p>
        <ul>
          <li>cannot manage daily life, work or caring for children;</li>
          <li>is not sleeping or eating;</li>
          <li>is relying on alcohol or other substances to cope;</li>
          <li>has thoughts of self-harm or of not wanting to live.</li>
        </ul>
        <p>If someone is in immediate danger, call 999 or 112.</p>
      </>
    ),
  },
  {
    title: 'Someone to talk to',
    content: (
      <>
        <ul>
          <li>Befrienders Kenya: confidential emotional support for anyone in distress.</li>
          <li>Kenya Red Cross: psychosocial support services.</li>
          <li>Your doctor or the nearest public hospital, which can refer you to a counsellor.</li>
        </ul>
        <p>Numbers and opening hours change, so please check the current contact details on their official websites.</p>
      </>
    ),
  },
  {
    title: 'Your faith and your community',
    content: (
      <p>
        Your church, mosque, temple or community group can offer comfort, company and practical help, both around the
        funeral and in the months afterwards. Many run bereavement groups where you can meet others who understand.
      </p>
    ),
  },
]

/** `/resources/grief-support`. */
export function GriefSupportPage() {
  return (
    <ResourcePage
      current="griefSupport"
      title="Grief support"
      intro="Losing someone you love is hard. Here is some guidance for the days and months ahead."
      sections={SECTIONS}
      art={{ src: '/illustrations/candle.svg', width: 180, height: 180 }}
    />
  )
}
