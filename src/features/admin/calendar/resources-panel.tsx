import { useEffect, useState } from 'react'
import { Badge, Body1, Button, Caption1, Field, Input, Select, Subtitle2, makeStyles, tokens } from '@fluentui/react-components'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useSubmission } from '../../../app/use-notifying-machine'
import { addResource, updateResource } from '../../../api/calendar'
import { RESOURCE_KINDS, STAFF_KINDS, type Resource, type ResourceKind, type ResourceRequest, type ResourceUpdateRequest } from '../../../../shared/contracts/calendar'

const useStyles = makeStyles({
  panel: { marginTop: tokens.spacingVerticalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { listStyleType: 'none', paddingLeft: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, padding: tokens.spacingVerticalS, backgroundColor: tokens.colorNeutralBackground2, borderRadius: tokens.borderRadiusMedium },
  name: { flexGrow: 1, minWidth: '200px', display: 'flex', flexDirection: 'column' },
  // The badge and buttons wrap together under the name on a phone, never one by one.
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  form: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  // A few digits: the number field's own width would run over the button beside it.
  narrow: { width: '120px', minWidth: 0 },
})

export const KIND_WORDS: Record<ResourceKind, MessageDescriptor> = {
  hearse: msg`Hearse`,
  van: msg`Van`,
  chapel: msg`Chapel`,
  viewing_room: msg`Viewing room`,
  cold_room: msg`Cold room`,
  attendant: msg`Attendant`,
  driver: msg`Driver`,
  coordinator: msg`Coordinator`,
}

/** What a resource's capacity counts: seats of a vehicle, places of a cold room, people in a room. */
const capacityWord = (kind: ResourceKind) => (kind === 'hearse' || kind === 'van' ? msg`Seats` : kind === 'cold_room' ? msg`Places` : msg`People`)

/** '' → null; else the number typed (the server says when it is not a whole number in range). */
const capacityOf = (text: string) => (text.trim() === '' ? null : Number(text))

const SAVE_FAILED = msg`Failed to save the resource`

/** Two times typed ('' both: any time); the server says when they are not a working day. */
const hoursOf = (from: string, to: string) => (from === '' && to === '' ? null : { from, to })

function ResourceRow({ resource, onSaved }: { resource: Resource; onSaved: () => void }) {
  const styles = useStyles()
  const { t, i18n } = useLingui()
  const save = useSubmission((body: ResourceUpdateRequest) => updateResource(resource.id, body), { failureMessage: t(SAVE_FAILED), successMessage: t`Resource saved` })
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(resource.name)
  const [capacity, setCapacity] = useState(resource.capacity === null ? '' : String(resource.capacity))
  useEffect(() => {
    if (save.succeeded) {
      setEditing(false)
      onSaved()
    }
    // Once per save: `succeeded` turns true when the server agreed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [save.succeeded, save.result])

  return (
    <li className={styles.item} aria-label={resource.name}>
      {editing ? (
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault()
            save.submit({ name, capacity: capacityOf(capacity) })
          }}
        >
          <Field label={t`Name`} required validationMessage={save.error ?? undefined}>
            <Input value={name} onChange={(_, d) => setName(d.value)} maxLength={60} />
          </Field>
          <Field label={i18n._(capacityWord(resource.kind))}>
            <Input className={styles.narrow} type="number" inputMode="numeric" value={capacity} onChange={(_, d) => setCapacity(d.value)} />
          </Field>
          <Button type="submit" appearance="primary" disabled={save.busy}>{t`Save`}</Button>
          <Button onClick={() => setEditing(false)}>{t`Cancel`}</Button>
        </form>
      ) : (
        <>
          <div className={styles.name}>
            <Body1>{resource.name}</Body1>
            <Caption1>
              {i18n._(KIND_WORDS[resource.kind])}
              {resource.capacity !== null ? ` · ${i18n._(capacityWord(resource.kind))}: ${resource.capacity}` : ''}
              {resource.hours ? ` · ${t`Works ${resource.hours.from}–${resource.hours.to}`}` : ''}
            </Caption1>
          </div>
          <div className={styles.actions}>
            {resource.retired ? (
              <Badge appearance="tint" color="subtle">
                {t`Retired`}
              </Badge>
            ) : null}
            <Button onClick={() => setEditing(true)}>{t`Rename`}</Button>
            <Button disabled={save.busy} onClick={() => save.submit({ retired: !resource.retired })}>
              {resource.retired ? t`Back in service` : t`Retire`}
            </Button>
          </div>
        </>
      )}
    </li>
  )
}

/**
 * The hearses, vans, rooms, cold rooms and staff (with their working hours) the calendar books: add one, rename it, change its seats
 * or places, retire it (it keeps its past events and is offered for nothing new) or bring it back.
 */
export function ResourcesPanel({ resources, onSaved }: { resources: Resource[]; onSaved: () => void }) {
  const styles = useStyles()
  const { t, i18n } = useLingui()
  const add = useSubmission((body: ResourceRequest) => addResource(body), { failureMessage: t(SAVE_FAILED), successMessage: t`Resource added`, onForm: true })
  const [kind, setKind] = useState<ResourceKind>('hearse')
  const [name, setName] = useState('')
  const [capacity, setCapacity] = useState('')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const staff = STAFF_KINDS.includes(kind)
  useEffect(() => {
    if (add.succeeded) {
      setName('')
      setCapacity('')
      setFrom('')
      setTo('')
      onSaved()
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [add.succeeded, add.result])

  return (
    <section className={styles.panel} aria-label={t`Resources`}>
      <Subtitle2 as="h2">{t`Resources`}</Subtitle2>
      <ul className={styles.list}>
        {resources.map((r) => (
          <ResourceRow key={r.id} resource={r} onSaved={onSaved} />
        ))}
      </ul>
      <form
        className={styles.form}
        aria-label={t`Add a resource`}
        onSubmit={(e) => {
          e.preventDefault()
          add.submit(staff ? { kind, name, hours: hoursOf(from, to) } : { kind, name, capacity: capacityOf(capacity) })
        }}
      >
        <Field label={t`Kind`}>
          <Select value={kind} onChange={(_, d) => setKind(d.value as ResourceKind)}>
            {RESOURCE_KINDS.map((k) => (
              <option key={k} value={k}>
                {i18n._(KIND_WORDS[k])}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t`Name`} required validationMessage={add.error ?? undefined}>
          <Input value={name} onChange={(_, d) => setName(d.value)} maxLength={60} />
        </Field>
        {staff ? (
          <>
            <Field label={t`Works from`}>
              <Input className={styles.narrow} type="time" value={from} onChange={(_, d) => setFrom(d.value)} />
            </Field>
            <Field label={t`Works until`}>
              <Input className={styles.narrow} type="time" value={to} onChange={(_, d) => setTo(d.value)} />
            </Field>
          </>
        ) : (
          <Field label={i18n._(capacityWord(kind))}>
            <Input className={styles.narrow} type="number" inputMode="numeric" value={capacity} onChange={(_, d) => setCapacity(d.value)} />
          </Field>
        )}
        <Button type="submit" appearance="primary" disabled={add.busy}>{t`Add resource`}</Button>
      </form>
    </section>
  )
}
