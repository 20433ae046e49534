import { useEffect, useMemo, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { useActorRef, useSelector } from '@xstate/react'
import { Button, Caption1, Checkbox, Field, Input, Link, Subtitle2, Switch, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import { Panel } from '../../../components/panel'
import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { createPollMachine } from '../../../../machines/shared/poll.machine'
import { bookingTribute, moderateCondolence, removeTributePhoto, saveTribute, tributeUrl, uploadTributePhoto } from '../../../api/tributes'
import { PHOTO_TYPES, TRIBUTE_PHOTO_MAX_BYTES, tributePhotoPath } from '../../../../shared/tribute-photo'
import { NairobiTime, TRIBUTE_EVENTS_MAX, TRIBUTE_STORY_MAX, TributeRequest, type BookingTribute, type TributeEvent } from '../../../../shared/contracts/tributes'
import { suggestedProgramme } from '../../../../shared/tributes'
import type { Booking } from '../../../../shared/contracts/bookings'
import { useNotifications } from '../../../app/use-notifications'
import { useSubmission } from '../../../app/use-notifying-machine'
import { copyLink } from './copy-link'
import { formatDateTime } from '../../../lib/format'
import { parseKenyanDate, parseKenyanTime } from '../../../lib/kenyan-dates'
import { KenyanDateTimeInput } from '../../../components/form-fields-more'

/** The card's words, shown with t() in the language in use. */
export const TRIBUTE_TEXT = {
  title: msg`Tribute page`,
  intro: msg`One page to share with everyone: the life story, the funeral programme with map links, the livestream, the harambee and messages of condolence. Nothing is public until you publish it.`,
  published: msg`Published: anyone with the link can open the page`,
  findable: msg`Let search engines find the page`,
  story: msg`Life story`,
  born: msg`Date of birth`,
  livestream: msg`Livestream link (optional)`,
  programme: msg`Programme`,
  eventTitle: msg`Event`,
  eventTime: msg`Date and time (Nairobi)`,
  eventDay: msg`Date`,
  eventClock: msg`Time (Nairobi, 24 hours)`,
  notADay: msg`Enter a day as DD/MM/YYYY`,
  notATime: msg`Enter a time as HH:MM, e.g. 14:30`,
  eventPlace: msg`Place`,
  eventMap: msg`Map link (optional)`,
  addEvent: msg`Add an event`,
  removeEvent: msg`Remove this event`,
  firstEvent: msg`Funeral service`,
  save: msg`Save the tribute page`,
  saved: msg`Tribute page saved`,
  failed: msg`Could not save the tribute page`,
  loadFailed: msg`Failed to load the tribute page`,
  linkLabel: msg`Tribute page link`,
  open: msg`Open the page`,
  whatsapp: msg`Share on WhatsApp`,
  sms: msg`Share by SMS`,
  copy: msg`Copy link`,
  copied: msg`Link copied`,
  copyByHand: msg`Select the link above and copy it.`,
  shareText: (name: string, url: string) => msg`In loving memory of ${name}: the funeral programme and the harambee are here: ${url}`,
  condolences: msg`Condolences`,
  noCondolences: msg`No messages yet.`,
  pending: msg`Waiting for you to approve`,
  approved: msg`Shown on the page`,
  hidden: msg`Hidden`,
  approve: msg`Approve`,
  hide: msg`Hide`,
  moderated: msg`Condolence updated`,
  photo: msg`Photograph`,
  photoHint: msg`A JPEG, PNG or WebP picture of at most 8 MB. Where it was taken and the camera's details are removed before it is kept.`,
  photoChoose: msg`Choose a photo`,
  photoRemove: msg`Remove the photo`,
  photoSaved: msg`Photo saved`,
  photoRemoved: msg`Photo removed`,
  photoFailed: msg`Could not save the photo`,
  photoTooLarge: msg`This photo is larger than 8 MB. Please choose a smaller one.`,
  photoKept: msg`A photo is on the page. It shows here once the page is published.`,
} as const
const T = TRIBUTE_TEXT

const useStyles = makeStyles({
  card: { gap: tokens.spacingVerticalM },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  event: { display: 'grid', gap: tokens.spacingVerticalXS, padding: tokens.spacingVerticalS, border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'grid', gap: tokens.spacingVerticalXXS, paddingBlock: tokens.spacingVerticalXS, borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground2 },
  words: { whiteSpace: 'pre-wrap' },
  photo: { borderRadius: tokens.borderRadiusMedium, objectFit: 'cover', maxWidth: '100%', height: 'auto' },
})

const ACCEPTED_PHOTOS = Object.values(PHOTO_TYPES).join(',')

/** The booking's latest service time ('YYYY-MM-DDTHH:mm:00'), the funeral's as far as the booking knows. */
const lastService = (booking: Booking) =>
  booking.services
    .map((s) => s.scheduled_date)
    .filter((d): d is string => !!d)
    .sort()
    .at(-1) ?? null

const emptyEvent = (): TributeEvent => ({ title: '', starts_at: '', place: '', map_url: '' })

/** The family's tribute page on its booking: the words and programme, publishing, sharing and condolences. */
export function TributeCard({ booking, deceased }: { booking: Booking; deceased: string }) {
  const styles = useStyles()
  const { t } = useLingui()
  const machine = useMemo(
    () => createPollMachine<BookingTribute>(60_000, i18n._(T.loadFailed)).provide({ actors: { load: fromPromise(() => bookingTribute(booking.id)) } }),
    [booking.id],
  )
  const actor = useActorRef(machine, { input: {} })
  useNotifications(actor)
  const data = useSelector(actor, (s) => s.context.data)
  const [form, setForm] = useState<TributeRequest | null>(null)
  const linkInput = useRef<HTMLInputElement>(null)
  // The form starts from what is saved, or from the booking (its service time and venue) the first time.
  useEffect(() => {
    if (!data || form) return
    const saved = data.tribute
    setForm(
      saved
        ? { published: saved.published, findable: saved.findable, story: saved.story, born: saved.born ?? '', livestream_url: saved.livestream_url ?? '', events: saved.events }
        : { published: false, findable: false, story: '', born: '', livestream_url: '', events: suggestedProgramme(lastService(booking), booking.venue || null, i18n._(T.firstEvent)) },
    )
  }, [data, form, booking])
  const save = useSubmission((body: TributeRequest) => saveTribute(booking.id, body), { successMessage: t(T.saved), failureMessage: t(T.failed) })
  const moderate = useSubmission(({ id, status }: { id: string; status: 'approved' | 'hidden' }) => moderateCondolence(booking.id, id, status), { successMessage: t(T.moderated), failureMessage: t`Failed to update the condolence` })
  const photoUpload = useSubmission((file: Blob) => uploadTributePhoto(booking.id, file), { successMessage: t(T.photoSaved), failureMessage: t(T.photoFailed) })
  const photoRemoval = useSubmission(() => removeTributePhoto(booking.id), { successMessage: t(T.photoRemoved), failureMessage: t(T.photoFailed) })
  const [photoError, setPhotoError] = useState<string | null>(null)
  useEffect(() => {
    if (save.succeeded || moderate.succeeded || photoUpload.succeeded || photoRemoval.succeeded) actor.send({ type: 'refresh' })
  }, [save.succeeded, moderate.succeeded, photoUpload.succeeded, photoRemoval.succeeded, save.result, moderate.result, photoUpload.result, photoRemoval.result, actor])

  if (data === null || form === null) return null
  const set = (patch: Partial<TributeRequest>) => setForm({ ...form, ...patch })
  const setEvent = (i: number, patch: Partial<TributeEvent>) => set({ events: form.events.map((e, j) => (j === i ? { ...e, ...patch } : e)) })
  const slug = data.tribute?.slug
  const url = slug ? tributeUrl(slug) : ''
  const share = t(T.shareText(deceased, url))
  const copy = () => copyLink(url, linkInput.current, { copied: t(T.copied), copyByHand: t(T.copyByHand) })
  const statusWord = { pending: T.pending, approved: T.approved, hidden: T.hidden } as const
  const photo = data.tribute?.photo
  const choosePhoto = (file: File | undefined) => {
    if (!file) return
    // Said at once, before a slow line carries 8 MB to be refused.
    if (file.size > TRIBUTE_PHOTO_MAX_BYTES) return setPhotoError(t(T.photoTooLarge))
    setPhotoError(null)
    photoUpload.submit(file)
  }

  return (
    <Panel className={styles.card} id="booking-tribute">
      <Subtitle2 as="h2">{t(T.title)}</Subtitle2>
      <Text block>{t(T.intro)}</Text>
      {slug && data.tribute?.published && (
        <>
          <Field label={t(T.linkLabel)}>
            <Input ref={linkInput} value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
          </Field>
          <div className={styles.row}>
            <Button as="a" appearance="primary" href={`https://wa.me/?text=${encodeURIComponent(share)}`} target="_blank" rel="noopener noreferrer">
              {t(T.whatsapp)}
            </Button>
            <Button as="a" href={`sms:?&body=${encodeURIComponent(share)}`}>
              {t(T.sms)}
            </Button>
            <Button onClick={copy}>{t(T.copy)}</Button>
            <Link href={url} target="_blank" rel="noopener">
              {t(T.open)}
            </Link>
          </div>
        </>
      )}
      <Field label={t(T.photo)} hint={t(T.photoHint)} validationMessage={photoError ?? undefined}>
        <div className={styles.row}>
          {photo && slug && data.tribute?.published ? (
            <img src={tributePhotoPath(slug, photo.version, 'small')} alt="" width={Math.round((photo.width * 120) / photo.height)} height={120} className={styles.photo} />
          ) : photo ? (
            <Caption1 className={styles.muted}>{t(T.photoKept)}</Caption1>
          ) : null}
          <input type="file" accept={ACCEPTED_PHOTOS} aria-label={t(T.photoChoose)} disabled={photoUpload.busy} onChange={(e) => {
              choosePhoto(e.currentTarget.files?.[0])
              // The same file may be chosen again after a refusal.
              e.currentTarget.value = ''
            }}
          />
          {photo && (
            <Button size="small" disabled={photoRemoval.busy} onClick={() => photoRemoval.submit(undefined)}>
              {t(T.photoRemove)}
            </Button>
          )}
        </div>
      </Field>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          // A day or time still typed wrong is said at its box (once left): nothing is sent.
          if (!typedRight(form)) return
          save.submit(form)
        }}
        style={{ display: 'grid', gap: tokens.spacingVerticalS }}
      >
        <Switch checked={form.published} onChange={(_, d) => set({ published: d.checked })} label={t(T.published)} />
        <Checkbox checked={form.findable} onChange={(_, d) => set({ findable: d.checked === true })} label={t(T.findable)} />
        <Field label={t(T.story)}>
          <Textarea value={form.story} onChange={(_, d) => set({ story: d.value })} maxLength={TRIBUTE_STORY_MAX} resize="vertical" rows={6} />
        </Field>
        <KenyanText kind="date" label={t(T.born)} hint="DD/MM/YYYY" error={t(T.notADay)} value={form.born} onChange={(born) => set({ born })} />
        <Field label={t(T.livestream)}>
          <Input type="url" inputMode="url" value={form.livestream_url} placeholder="https://" onChange={(_, d) => set({ livestream_url: d.value })} />
        </Field>
        <Text weight="semibold">{t(T.programme)}</Text>
        {form.events.map((e, i) => (
          <fieldset key={i} className={styles.event}>
            <legend className={styles.muted}>{`${i + 1}. ${e.title || t(T.eventTitle)}`}</legend>
            <Field label={t(T.eventTitle)} required>
              <Input value={e.title} onChange={(_, d) => setEvent(i, { title: d.value })} required />
            </Field>
            <div className={styles.row} role="group" aria-label={t(T.eventTime)}>
              <KenyanText kind="date" label={t(T.eventDay)} hint="DD/MM/YYYY" error={t(T.notADay)} required value={dayOf(e.starts_at)} onChange={(day) => setEvent(i, { starts_at: `${day}T${clockOf(e.starts_at)}` })} />
              <KenyanText kind="time" label={t(T.eventClock)} hint="HH:MM" error={t(T.notATime)} required value={clockOf(e.starts_at)} onChange={(clock) => setEvent(i, { starts_at: `${dayOf(e.starts_at)}T${clock}` })} />
            </div>
            <Field label={t(T.eventPlace)}>
              <Input value={e.place} onChange={(_, d) => setEvent(i, { place: d.value })} />
            </Field>
            <Field label={t(T.eventMap)}>
              <Input type="url" inputMode="url" value={e.map_url} placeholder="https://" onChange={(_, d) => setEvent(i, { map_url: d.value })} />
            </Field>
            <div>
              <Button appearance="subtle" onClick={() => set({ events: form.events.filter((_, j) => j !== i) })}>
                {t(T.removeEvent)}
              </Button>
            </div>
          </fieldset>
        ))}
        <div className={styles.row}>
          {form.events.length < TRIBUTE_EVENTS_MAX && <Button onClick={() => set({ events: [...form.events, emptyEvent()] })}>{t(T.addEvent)}</Button>}
          <Button type="submit" appearance="primary" disabled={save.busy}>
            {t(T.save)}
          </Button>
        </div>
      </form>
      {data.tribute && (
        <>
          <Text weight="semibold">{t(T.condolences)}</Text>
          {data.condolences.length === 0 ? (
            <Text block className={styles.muted}>{t(T.noCondolences)}</Text>
          ) : (
            <ul className={styles.list} aria-label={t(T.condolences)}>
              {data.condolences.map((c) => (
                <li key={c.id} className={styles.item}>
                  <Text weight="semibold">{c.name}</Text>
                  <Text className={styles.words}>{c.message}</Text>
                  <Caption1 className={styles.muted}>{`${formatDateTime(c.at)} · ${t(statusWord[c.status])}`}</Caption1>
                  <div className={styles.row}>
                    {c.status !== 'approved' && (
                      <Button size="small" appearance="primary" disabled={moderate.busy} onClick={() => moderate.submit({ id: c.id, status: 'approved' })}>
                        {t(T.approve)}
                      </Button>
                    )}
                    {c.status !== 'hidden' && (
                      <Button size="small" disabled={moderate.busy} onClick={() => moderate.submit({ id: c.id, status: 'hidden' })}>
                        {t(T.hide)}
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Panel>
  )
}

/** The two halves of a programme time, 'YYYY-MM-DDTHH:MM' (each may still be text being typed: no 'T' in it). */
const dayOf = (startsAt: string) => startsAt.split('T')[0] ?? ''
const clockOf = (startsAt: string) => startsAt.split('T')[1]?.slice(0, 5) ?? ''

/** Whether every day and time the family typed is one (the date of birth may be left blank). */
function typedRight(form: TributeRequest): boolean {
  return TributeRequest.shape.born.safeParse(form.born).success && form.events.every((e) => NairobiTime.safeParse(e.starts_at).success)
}

/** A Kenyan day or time box that says, once left, when its text is not one. */
function KenyanText({ kind, error, value, onChange, ...rest }: { kind: 'date' | 'time'; label: string; hint: string; error: string; required?: boolean; value: string; onChange: (value: string) => void }) {
  const [left, setLeft] = useState(false)
  const wrong = left && value.trim() !== '' && !(kind === 'date' ? parseKenyanDate : parseKenyanTime)(value)
  return <KenyanDateTimeInput kind={kind} {...rest} value={value} error={wrong ? error : undefined} onChange={onChange} onBlur={() => setLeft(true)} />
}
