import { useId, type FormEvent, type ReactNode } from 'react'
import { useMachine } from '@xstate/react'
import { useForm, type AnyFieldApi } from '@tanstack/react-form'
import {
  Button,
  Card,
  Field,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Select,
  Spinner,
  Subtitle2,
  Switch,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowSync20Regular, Info20Regular } from '@fluentui/react-icons'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { SETTINGS_MESSAGES } from '../../../../machines/admin/settings.machine'
import { useNotifications } from '../../../app/use-notifications'
import { PageHeader } from '../../../components/page-header'
import { TextField, fieldError, submitHandler } from '../../../components/form-fields'
import { TextAreaField } from '../../../components/form-fields-more'
import { adminMessages } from '../admin-words'
import {
  BACKUP_FREQUENCIES,
  CURRENCIES,
  DATE_FORMATS,
  GeneralSettings,
  NotificationSettings,
  RetentionSettings,
  SecuritySettings,
  TIME_FORMATS,
  TIME_ZONES,
  agreementTermsOf,
  type Settings,
  type SettingsSection,
} from './settings-schema'
import { liveSettingsMachine, storedSettings } from './live-settings'

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0, maxWidth: '880px' },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM, minWidth: 0 },
  heading: { margin: 0 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
    gap: tokens.spacingVerticalM,
    columnGap: tokens.spacingHorizontalL,
    '@media (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  wide: { gridColumn: '1 / -1' },
  switches: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, justifyContent: 'flex-end' },
  muted: { color: tokens.colorNeutralForeground2 },
})

const LABELS = { general: msg`General`, notifications: msg`Notifications`, security: msg`Security`, retention: msg`Data retention` } as const
/** Each section's button, whole, so each language can order its words. */
const SAVE_LABELS = {
  general: msg`Save general settings`,
  notifications: msg`Save notifications settings`,
  security: msg`Save security settings`,
  retention: msg`Save data retention settings`,
} as const satisfies Record<SettingsSection, unknown>

const BACKUP_WORDS = { daily: msg`Daily`, weekly: msg`Weekly`, monthly: msg`Monthly` } as const
const TIME_FORMAT_WORDS = { '24h': msg`24-hour`, '12h': msg`12-hour` } as const

function SelectField({ field, label, options }: { field: AnyFieldApi; label: string; options: readonly { value: string; label: string }[] }) {
  const error = fieldError(field)
  return (
    <Field label={label} validationMessage={error} validationState={error ? 'error' : 'none'}>
      <Select name={field.name} value={field.state.value as string} onChange={(_, d) => field.handleChange(d.value)} onBlur={field.handleBlur}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Field>
  )
}

function SwitchField({ field, label }: { field: AnyFieldApi; label: string }) {
  return <Switch name={field.name} label={label} checked={Boolean(field.state.value)} onChange={(_, d) => field.handleChange(d.checked)} />
}

const opts = (values: readonly string[], label: (v: string) => string = (v) => v) => values.map((v) => ({ value: v, label: label(v) }))

interface SectionProps {
  section: SettingsSection
  children: ReactNode
  onSubmit: (e: FormEvent) => void
  saving: boolean
  extra?: ReactNode
}

function Section({ section, children, onSubmit, saving, extra }: SectionProps) {
  const styles = useStyles()
  const { t } = useLingui()
  const headingId = useId()
  return (
    <Card className={styles.card} role="region" aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        {t(LABELS[section])}
      </Subtitle2>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        {children}
        <div className={styles.actions}>
          {extra}
          <Button type="submit" appearance="primary" disabled={saving}>
            {t(SAVE_LABELS[section])}
          </Button>
        </div>
      </form>
    </Card>
  )
}

/** System settings (SPEC.md sections 2, 3, 5, 8, 9): kept by the server, one copy for every admin; each section saves on its own. */
export function SettingsPage() {
  const styles = useStyles()
  const { t } = useLingui()
  const [snapshot, send, actorRef] = useMachine(liveSettingsMachine)
  useNotifications(actorRef)
  const settings = storedSettings(snapshot)
  return (
    <div className={styles.page}>
      <PageHeader title={t`System Settings`} subtitle={t`Facility details, notifications, security and data retention.`} />
      <MessageBar intent="info" icon={<Info20Regular />}>
        <MessageBarBody>{t(adminMessages.settings.localNote)}</MessageBarBody>
      </MessageBar>
      {snapshot.matches('failed') && (
        <MessageBar intent="error">
          <MessageBarBody>{SETTINGS_MESSAGES.loadFailed}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => send({ type: 'settings.reload' })}>{t`Try again`}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {snapshot.hasTag('loading') && <Spinner size="small" label={t`Loading settings...`} />}
      {settings && (
        <SettingsForms
          initial={settings}
          saving={snapshot.hasTag('saving')}
          backingUp={snapshot.hasTag('backingUp')}
          onSave={(section, value) => send({ type: 'settings.save', section, label: t(LABELS[section]), value })}
          onBackup={() => send({ type: 'backup.start' })}
        />
      )}
    </div>
  )
}

interface SettingsFormsProps {
  initial: Settings
  saving: boolean
  backingUp: boolean
  onSave: <K extends SettingsSection>(section: K, value: Settings[K]) => void
  onBackup: () => void
}

/** The four sections, built from the stored settings (mounted only once they have been read). */
function SettingsForms({ initial, saving, backingUp, onSave, onBackup }: SettingsFormsProps) {
  const styles = useStyles()
  const { t } = useLingui()
  // The papers' fields start empty, and the terms with the defaults the agreement would print.
  const generalValues: GeneralSettings = { ...initial.general, kraPin: initial.general.kraPin ?? '', mpesaDetails: initial.general.mpesaDetails ?? '', agreementTerms: agreementTermsOf(initial.general), agreementTermsSw: initial.general.agreementTermsSw ?? '' }
  const general = useForm({ defaultValues: generalValues, validators: { onChange: GeneralSettings }, onSubmit: ({ value }) => onSave('general', value) })
  const notifications = useForm({
    defaultValues: initial.notifications,
    validators: { onChange: NotificationSettings },
    onSubmit: ({ value }) => onSave('notifications', value),
  })
  const security = useForm({ defaultValues: initial.security, validators: { onChange: SecuritySettings }, onSubmit: ({ value }) => onSave('security', value) })
  const retention = useForm({ defaultValues: initial.retention, validators: { onChange: RetentionSettings }, onSubmit: ({ value }) => onSave('retention', value) })

  return (
    <>
      <Section section="general" saving={saving} onSubmit={submitHandler(general)}>
        <div className={styles.grid}>
          <general.Field name="facilityName">{(f) => <TextField field={f} label={t`Facility name`} required />}</general.Field>
          <general.Field name="contactEmail">{(f) => <TextField field={f} label={t`Contact email`} type="email" required />}</general.Field>
          <general.Field name="contactPhone">{(f) => <TextField field={f} label={t`Contact phone`} type="tel" inputMode="tel" required />}</general.Field>
          <general.Field name="address">{(f) => <TextField field={f} label={t`Address`} required />}</general.Field>
          <general.Field name="currency">{(f) => <SelectField field={f} label={t`Currency`} options={opts(CURRENCIES)} />}</general.Field>
          <general.Field name="timeZone">
            {(f) => <SelectField field={f} label={t`Time zone`} options={opts(TIME_ZONES, (v) => v.replace(/_/g, ' '))} />}
          </general.Field>
          <general.Field name="dateFormat">{(f) => <SelectField field={f} label={t`Date format`} options={opts(DATE_FORMATS)} />}</general.Field>
          <general.Field name="timeFormat">
            {(f) => <SelectField field={f} label={t`Time format`} options={opts(TIME_FORMATS, (v) => t(TIME_FORMAT_WORDS[v as keyof typeof TIME_FORMAT_WORDS]))} />}
          </general.Field>
          <general.Field name="kraPin">{(f) => <TextField field={f} label={t`KRA PIN`} hint={t`Printed on invoices, receipts and quotations`} />}</general.Field>
          <general.Field name="mpesaDetails">
            {(f) => <TextField field={f} label={t`M-Pesa details`} placeholder={t`Paybill 123456`} hint={t`How families pay, printed on the papers`} />}
          </general.Field>
          <div className={styles.wide}>
            <general.Field name="agreementTerms">
              {(f) => <TextAreaField field={f} label={t`Service agreement terms`} rows={8} hint={t`Printed under the services on the agreement the family signs; a blank line between clauses`} />}
            </general.Field>
          </div>
          <div className={styles.wide}>
            <general.Field name="agreementTermsSw">
              {(f) => (
                <TextAreaField
                  field={f}
                  label={t`Agreement terms in Kiswahili (optional)`}
                  rows={8}
                  hint={t`Printed for a family that reads Kiswahili. Left blank, they get your terms above as written, or our Kiswahili terms if you kept ours`}
                />
              )}
            </general.Field>
          </div>
        </div>
      </Section>

      <Section section="notifications" saving={saving} onSubmit={submitHandler(notifications)}>
        <div className={styles.switches}>
          <notifications.Field name="emailNotifications">{(f) => <SwitchField field={f} label={t`Email notifications`} />}</notifications.Field>
          <notifications.Field name="smsNotifications">{(f) => <SwitchField field={f} label={t`SMS notifications`} />}</notifications.Field>
          <notifications.Field name="documentAlerts">{(f) => <SwitchField field={f} label={t`Document alerts`} />}</notifications.Field>
          <notifications.Field name="paymentAlerts">{(f) => <SwitchField field={f} label={t`Payment alerts`} />}</notifications.Field>
          <notifications.Field name="bookingAlerts">{(f) => <SwitchField field={f} label={t`Booking alerts`} />}</notifications.Field>
          <notifications.Field name="systemAlerts">{(f) => <SwitchField field={f} label={t`System alerts`} />}</notifications.Field>
        </div>
      </Section>

      <Section section="security" saving={saving} onSubmit={submitHandler(security)}>
        <div className={styles.grid}>
          <security.Field name="passwordExpiryDays">
            {(f) => <TextField field={f} label={t`Password expiry (days)`} type="number" inputMode="numeric" min="0" max="365" hint={t`0 to 365; 0 turns expiry off`} />}
          </security.Field>
          <security.Field name="sessionTimeoutMinutes">
            {(f) => <TextField field={f} label={t`Session timeout (minutes)`} type="number" inputMode="numeric" min="5" max="1440" hint={t`5 to 1440`} />}
          </security.Field>
          <security.Field name="minPasswordLength">
            {(f) => <TextField field={f} label={t`Minimum password length`} type="number" inputMode="numeric" min="6" max="32" hint={t`6 to 32`} />}
          </security.Field>
        </div>
        <div className={styles.switches}>
          <security.Field name="requireComplexity">{(f) => <SwitchField field={f} label={t`Require complex passwords`} />}</security.Field>
          <security.Field name="twoFactor">
            {(f) => <SwitchField field={f} label={t`Two-factor authentication (staff get a code by SMS at sign-in)`} />}
          </security.Field>
        </div>
      </Section>

      <Section
        section="retention"
        saving={saving}
        onSubmit={submitHandler(retention)}
        extra={
          <Button icon={<ArrowSync20Regular />} onClick={onBackup} disabled={backingUp}>
            {backingUp ? t`Backing up...` : t`Run system backup`}
          </Button>
        }
      >
        <div className={styles.grid}>
          <retention.Field name="logRetentionDays">
            {(f) => <TextField field={f} label={t`Log retention (days)`} type="number" inputMode="numeric" min="30" max="365" hint={t`30 to 365`} />}
          </retention.Field>
          <retention.Field name="archiveInactiveUsersDays">
            {(f) => <TextField field={f} label={t`Archive inactive users after (days)`} type="number" inputMode="numeric" min="90" max="730" hint={t`90 to 730`} />}
          </retention.Field>
          <retention.Field name="backupFrequency">
            {(f) => <SelectField field={f} label={t`Backup frequency`} options={opts(BACKUP_FREQUENCIES, (v) => t(BACKUP_WORDS[v as keyof typeof BACKUP_WORDS]))} />}
          </retention.Field>
          <retention.Field name="backupRetentionDays">
            {(f) => <TextField field={f} label={t`Backup retention (days)`} type="number" inputMode="numeric" min="7" max="365" hint={t`7 to 365`} />}
          </retention.Field>
        </div>
      </Section>
    </>
  )
}
