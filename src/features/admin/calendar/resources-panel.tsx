import { useEffect, useState } from 'react'
import { Badge, Body1, Button, Caption1, Field, Input, Select, Subtitle2, makeStyles, tokens } from '@fluentui/react-components'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useSubmission } from '../../../app/use-notifying-machine'
import { addResource, updateResource } from '../../../api/calendar'
import { RESOURCE_KINDS, STAFF_KINDS, WorkingHours, type Resource, type ResourceKind, type ResourceRequest, type ResourceUpdateRequest } from '../../../../shared/contracts/calendar'
import { translated } from '../../../lib/i18n'

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

/** The rule's words when the hours typed are not a working day (one time missing, the end first), before anything is sent; else null. */
function hoursProblem(from: string, to: string): string | null {
  const hours = hoursOf(from, to)
  const checked = hours === null ? null : WorkingHours.safeParse(hours)
  return checked && !checked.success ? translated(checked.error.issues[0]?.message ?? '') : null
}

type Account = { id: string; name: string }

/** Which staff account a person on the calendar is ('' none): they are then reminded of their events by SMS the day before. */
function AccountField({ accounts, value, onChange }: { accounts: readonly Account[]; value: string; onChange: (id: string) => void }) {
  const { t } = useLingui()
  return (
    <Field label={t`Their account`} hint={t`Reminded by SMS the day before`}>
      <Select value={value} onChange={(_, d) => onChange(d.value)}>
        <option value="">{t`None`}</option>
        {accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </Select>
    </Field>
  )
}

/** '' → null; else the account's id as the API takes it. */
const accountOf = (id: string) => (id === '' ? null : Number(id))

/** A staff member's working hours: two times, with the rule's words under them when they are not a working day. */
function HoursFields({ from, to, onFrom, onTo, problem, className }: { from: string; to: string; onFrom: (v: string) => void; onTo: (v: string) => void; problem: string | null; className: string }) {
  const { t } = useLingui()
  return (
    <>
      <Field label={t`Works from`}>
        <Input className={className} type="time" value={from} onChange={(_, d) => onFrom(d.value)} />
      </Field>
      <Field label={t`Works until`} validationMessage={problem ?? undefined}>
        <Input className={className} type="time" value={to} onChange={(_, d) => onTo(d.value)} />
      </Field>
    </>
  )
}

function ResourceRow({ resource, accounts, onSaved }: { resource: Resource; accounts: readonly Account[]; onSaved: () => void }) {
  const styles = useStyles()
  const { t, i18n } = useLingui()
  const save = useSubmission((body: ResourceUpdateRequest) => updateResource(resource.id, body), { failureMessage: t(SAVE_FAILED), successMessage: t`Resource saved` })
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(resource.name)
  const [capacity, setCapacity] = useState(resource.capacity === null ? '' : String(resource.capacity))
  const staff = STAFF_KINDS.includes(resource.kind)
  const [from, setFrom] = useState(resource.hours?.from ?? '')
  const [to, setTo] = useState(resource.hours?.to ?? '')
  const [account, setAccount] = useState(resource.user_id ?? '')
  const [hoursShown, setHoursShown] = useState<string | null>(null)
  const accountName = resource.user_id ? accounts.find((a) => a.id === resource.user_id)?.name : undefined
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
          aria-label={t`Edit ${resource.name}`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            if (!staff) return save.submit({ name, capacity: capacityOf(capacity) })
            const problem = hoursProblem(from, to)
            setHoursShown(problem)
            if (!problem) save.submit({ name, hours: hoursOf(from, to), user_id: accountOf(account) })
          }}
        >
          <Field label={t`Name`} required validationMessage={save.error ?? undefined}>
            <Input value={name} onChange={(_, d) => setName(d.value)} maxLength={60} />
          </Field>
          {staff ? (
            <>
              <HoursFields from={from} to={to} onFrom={setFrom} onTo={setTo} problem={hoursShown} className={styles.narrow} />
              <AccountField accounts={accounts} value={account} onChange={setAccount} />
            </>
          ) : (
            <Field label={i18n._(capacityWord(resource.kind))}>
              <Input className={styles.narrow} type="number" inputMode="numeric" value={capacity} onChange={(_, d) => setCapacity(d.value)} />
            </Field>
          )}
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
              {accountName ? ` · ${accountName}` : ''}
            </Caption1>
          </div>
          <div className={styles.actions}>
            {resource.retired ? (
              <Badge appearance="tint" color="subtle">
                {t`Retired`}
              </Badge>
            ) : null}
            <Button onClick={() => setEditing(true)}>{t`Edit`}</Button>
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
 * The hearses, vans, rooms, cold rooms and staff (with their working hours) the calendar books: add one, rename it, change its seats,
 * places or working hours, retire it (it keeps its past events and is offered for nothing new) or bring it back.
 */
export function ResourcesPanel({ resources, accounts, onSaved }: { resources: Resource[]; accounts: readonly Account[]; onSaved: () => void }) {
  const styles = useStyles()
  const { t, i18n } = useLingui()
  const add = useSubmission((body: ResourceRequest) => addResource(body), { failureMessage: t(SAVE_FAILED), successMessage: t`Resource added`, onForm: true })
  const [kind, setKind] = useState<ResourceKind>('hearse')
  const [name, setName] = useState('')
  const [capacity, setCapacity] = useState('')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [account, setAccount] = useState('')
  const [hoursShown, setHoursShown] = useState<string | null>(null)
  const staff = STAFF_KINDS.includes(kind)
  useEffect(() => {
    if (add.succeeded) {
      setName('')
      setAccount('')
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
          <ResourceRow key={r.id} resource={r} accounts={accounts} onSaved={onSaved} />
        ))}
      </ul>
      <form
        className={styles.form}
        aria-label={t`Add a resource`}
        onSubmit={(e) => {
          e.preventDefault()
          if (!staff) return add.submit({ kind, name, capacity: capacityOf(capacity) })
          const problem = hoursProblem(from, to)
          setHoursShown(problem)
          if (!problem) add.submit({ kind, name, hours: hoursOf(from, to), user_id: accountOf(account) })
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
            <HoursFields from={from} to={to} onFrom={setFrom} onTo={setTo} problem={hoursShown} className={styles.narrow} />
            <AccountField accounts={accounts} value={account} onChange={setAccount} />
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
