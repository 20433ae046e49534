import { useId, useMemo } from 'react'
import { useForm, type AnyFieldApi } from '@tanstack/react-form'
import { z } from 'zod/mini'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  MessageBar,
  MessageBarBody,
  Select,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { TextField, fieldError, submitHandler } from '../../../components/form-fields'
import { DialogFooter } from '../../../components/dialog-footer'
import { meetsPasswordRules, toWireRole, type StaffRequest, type User, type WireRole } from '../../../../shared/contracts/auth'
import type { UserUpdateRequest } from '../../../../shared/contracts/admin'
import type { PasswordRules } from '../../../../shared/contracts/password-rules'
import { passwordHintWords } from '../../../components/password-words'
import { usePasswordRules } from '../../../app/password-rules'
import { ROLE_LABELS } from './user-words'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  surface: { maxWidth: 'min(560px, calc(100vw - 24px))' },
})

/** Shows a descriptor in the language in use (`i18n._` of the dialog's useLingui). */
type Translate = (descriptor: MessageDescriptor) => string

const name = (t: Translate) => z.string().check(z.trim(), z.minLength(1, t(msg`Name is required`)))
const email = (t: Translate) =>
  z.string().check(z.trim(), z.minLength(1, t(msg`Email is required`)), z.regex(z.regexes.email, t(msg`Please enter a valid email address`)))

/**
 * SPEC.md section 5, staff user form: name, email and password required; role morgue_attendant or
 * admin. The password meets the home's rules (SPEC.md's minimum of 6 until an admin raises it).
 */
export const staffForm = (rules: PasswordRules, t: Translate) =>
  z.object({
    name: name(t),
    email: email(t),
    password: z.string().check(z.minLength(1, t(msg`Password is required`)), meetsPasswordRules(rules)),
    role: z.enum(['morgue_attendant', 'admin']),
    phone: z.string(),
    address: z.string(),
  })

/**
 * SPEC.md section 5, edit user: password optional (blank keeps it, else it meets the rules); roles
 * client, morgue_attendant, admin. Setting an administrator's password (or making someone an
 * administrator with one) also takes the signed-in admin's own password, as the server asks.
 */
export const editUserForm = (rules: PasswordRules, t: Translate) =>
  z.object({
    name: name(t),
    email: email(t),
    password: z.string().check(meetsPasswordRules(rules)),
    role: z.enum(['client', 'morgue_attendant', 'admin']),
    phone: z.string(),
    address: z.string(),
    // Checked by its field, which is there only when needed (needsOwnPassword).
    adminPassword: z.string(),
  })

/** A new password for someone who is, or is becoming, an administrator. */
const needsOwnPassword = (wasAdmin: boolean, v: { password: string; role: string }) => v.password !== '' && (wasAdmin || v.role === 'admin')

function RoleSelect({ field, roles }: { field: AnyFieldApi; roles: readonly WireRole[] }) {
  const { t } = useLingui()
  const error = fieldError(field)
  return (
    <Field label={t`Role`} required validationMessage={error} validationState={error ? 'error' : 'none'}>
      <Select name={field.name} value={field.state.value as string} onChange={(_, d) => field.handleChange(d.value)} onBlur={field.handleBlur}>
        {roles.map((r) => (
          <option key={r} value={r}>
            {t(ROLE_LABELS[r])}
          </option>
        ))}
      </Select>
    </Field>
  )
}

interface Props {
  busy: boolean
  error: string | null
  onCancel: () => void
}

export function CreateStaffDialog({ busy, error, onCancel, onSubmit }: Props & { onSubmit: (body: StaffRequest) => void }) {
  const styles = useStyles()
  const formId = useId()
  const rules = usePasswordRules()
  const { t, i18n } = useLingui()
  const schema = useMemo(() => staffForm(rules, (d) => i18n._(d)), [rules, i18n])
  const form = useForm({
    defaultValues: { name: '', email: '', password: '', role: 'morgue_attendant' as 'morgue_attendant' | 'admin', phone: '', address: '' },
    validators: { onChange: schema },
    onSubmit: ({ value }) => {
      const body: StaffRequest = { name: value.name.trim(), email: value.email.trim(), password: value.password, role: value.role }
      if (value.phone.trim()) body.phone = value.phone.trim()
      if (value.address.trim()) body.address = value.address.trim()
      onSubmit(body)
    },
  })
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && !busy && onCancel()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t`Create staff account`}</DialogTitle>
          <DialogContent>
            <form id={formId} className={styles.form} onSubmit={submitHandler(form)} noValidate aria-label={t`Create staff account`}>
              {error && (
                <MessageBar intent="error">
                  <MessageBarBody>{error}</MessageBarBody>
                </MessageBar>
              )}
              <form.Field name="name">{(f) => <TextField field={f} label={t`Name`} autoComplete="off" required />}</form.Field>
              <form.Field name="email">{(f) => <TextField field={f} label={t`Email`} type="email" autoComplete="off" required />}</form.Field>
              <form.Field name="password">
                {(f) => <TextField field={f} label={t`Password`} type="password" autoComplete="new-password" hint={t(passwordHintWords(rules))} required />}
              </form.Field>
              <form.Field name="role">{(f) => <RoleSelect field={f} roles={['morgue_attendant', 'admin']} />}</form.Field>
              <form.Field name="phone">{(f) => <TextField field={f} label={t`Phone (optional)`} type="tel" inputMode="tel" />}</form.Field>
              <form.Field name="address">{(f) => <TextField field={f} label={t`Address (optional)`} />}</form.Field>
            </form>
          </DialogContent>
          <DialogFooter busy={busy} onCancel={onCancel} form={formId} confirm={busy ? t`Creating...` : t`Create user`} />
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

export function EditUserDialog({ user, busy, error, onCancel, onSubmit }: Props & { user: User; onSubmit: (body: UserUpdateRequest) => void }) {
  const styles = useStyles()
  const formId = useId()
  const rules = usePasswordRules()
  const { t, i18n } = useLingui()
  const wasAdmin = user.role === 'admin'
  const schema = useMemo(() => editUserForm(rules, (d) => i18n._(d)), [rules, i18n])
  const ownPasswordMissing = ({ value }: { value: string }) => (value ? undefined : t(msg`Enter your own password to set an administrator's password`))
  const form = useForm({
    defaultValues: {
      name: user.name,
      email: user.email,
      password: '',
      role: toWireRole(user.role) as WireRole,
      phone: user.phone ?? '',
      address: user.address ?? '',
      adminPassword: '',
    },
    validators: { onChange: schema },
    onSubmit: ({ value }) => {
      const body: UserUpdateRequest = {
        name: value.name.trim(),
        email: value.email.trim(),
        role: value.role,
        phone: value.phone.trim(),
        address: value.address.trim(),
      }
      // SPEC.md section 5: a blank password keeps the old one and is not sent.
      if (value.password) body.password = value.password
      if (needsOwnPassword(wasAdmin, value)) body.adminPassword = value.adminPassword
      onSubmit(body)
    },
  })
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && !busy && onCancel()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t`Edit user`}</DialogTitle>
          <DialogContent>
            <form id={formId} className={styles.form} onSubmit={submitHandler(form)} noValidate aria-label={t`Edit user`}>
              {error && (
                <MessageBar intent="error">
                  <MessageBarBody>{error}</MessageBarBody>
                </MessageBar>
              )}
              <form.Field name="name">{(f) => <TextField field={f} label={t`Name`} autoComplete="off" required />}</form.Field>
              <form.Field name="email">{(f) => <TextField field={f} label={t`Email`} type="email" autoComplete="off" required />}</form.Field>
              <form.Field name="role">{(f) => <RoleSelect field={f} roles={['client', 'morgue_attendant', 'admin']} />}</form.Field>
              <form.Field name="phone">{(f) => <TextField field={f} label={t`Phone`} type="tel" inputMode="tel" />}</form.Field>
              <form.Field name="address">{(f) => <TextField field={f} label={t`Address`} />}</form.Field>
              <form.Field name="password">
                {(f) => (
                  <TextField field={f} label={t`New password`} type="password" autoComplete="new-password" hint={t`Leave blank to keep the current password. ${t(passwordHintWords(rules))}.`} />
                )}
              </form.Field>
              <form.Subscribe selector={(s) => needsOwnPassword(wasAdmin, s.values)}>
                {(needed) =>
                  needed && (
                    <form.Field name="adminPassword" validators={{ onChange: ownPasswordMissing, onSubmit: ownPasswordMissing }}>
                      {(f) => (
                        <TextField
                          field={f}
                          label={t`Your password`}
                          type="password"
                          autoComplete="current-password"
                          hint={t`To set an administrator's password, confirm it is you.`}
                          required
                        />
                      )}
                    </form.Field>
                  )
                }
              </form.Subscribe>
            </form>
          </DialogContent>
          <DialogFooter busy={busy} onCancel={onCancel} form={formId} confirm={busy ? t`Saving...` : t`Save changes`} />
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
