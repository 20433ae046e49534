import { Suspense, lazy, useEffect, useId } from 'react'
import { useActorRef, useSelector } from '@xstate/react'
import {
  Body1,
  Button,
  Caption1,
  Card,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  SearchBox,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
  DialogActions,
} from '@fluentui/react-components'
import { ChevronLeft20Regular, ChevronRight20Regular, Delete20Regular, Edit20Regular, PersonAdd20Regular } from '@fluentui/react-icons'
import { Plural, useLingui } from '@lingui/react/macro'
import { toWireRole, type User, type WireRole } from '../../../../shared/contracts/auth'
import { useNotifications } from '../../../app/use-notifications'
import { useSession } from '../../../app/session'
import { PageHeader } from '../../../components/page-header'
import { StatusBadge } from '../../../components/status-badge'
import { useMediaQuery } from '../../../components/use-media-query'
import { formatDate } from '../../../lib/format'
import { adminMessages } from '../admin-words'
import { liveUsersPageMachine } from './live-users'
import { ROLE_LABELS, roleLabel } from './user-words'

// The staff forms (TanStack Form, zod) load when first needed; fetched once the page is up.
const loadForms = () => import('./user-form-dialog')
const CreateStaffDialog = lazy(() => loadForms().then((m) => ({ default: m.CreateStaffDialog })))
const EditUserDialog = lazy(() => loadForms().then((m) => ({ default: m.EditUserDialog })))

const useStyles = makeStyles({
  danger: {
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { backgroundColor: tokens.colorPaletteRedForeground1, color: tokens.colorNeutralForegroundOnBrand },
    ':hover:active': { backgroundColor: tokens.colorPaletteRedForeground1, color: tokens.colorNeutralForegroundOnBrand },
  },
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, alignItems: 'flex-start' },
  search: { flexGrow: 1, minWidth: 0, maxWidth: '420px', '@media (max-width: 480px)': { maxWidth: 'none', width: '100%' } },
  roleField: { minWidth: '200px', '@media (max-width: 480px)': { width: '100%' } },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM, minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground2 },
  wrap: { overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, justifyContent: 'flex-end' },
  pager: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  pagerButtons: { display: 'flex', gap: tokens.spacingHorizontalS },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    paddingBlock: tokens.spacingVerticalM,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    ':last-child': { borderBottom: 'none' },
    minWidth: 0,
  },
  itemTop: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  surface: { maxWidth: 'min(480px, calc(100vw - 24px))' },
  confirm: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, '& p': { margin: 0 } },
})

const ROLE_COLORS: Record<WireRole, 'brand' | 'informative' | 'important'> = { client: 'informative', morgue_attendant: 'brand', admin: 'important' }

function RoleBadge({ user }: { user: User }) {
  const { t } = useLingui()
  const wire = toWireRole(user.role)
  return <StatusBadge color={ROLE_COLORS[wire]}>{t(roleLabel(user.role))}</StatusBadge>
}

/** Users (SPEC.md section 2): a server-paged list with a role filter and a server search; create staff, edit, delete. */
export function UsersPage() {
  const styles = useStyles()
  const { t } = useLingui()
  const { user: me } = useSession()
  const actor = useActorRef(liveUsersPageMachine)
  useEffect(() => {
    void loadForms()
  }, [])
  useNotifications(actor)
  const ctx = useSelector(actor, (s) => s.context)
  const loading = useSelector(actor, (s) => s.hasTag('loading'))
  const saving = useSelector(actor, (s) => s.hasTag('saving'))
  const narrow = useMediaQuery('(max-width: 720px)')
  const searchId = useId()

  // The server searched every user; the page shows what it answered.
  const needle = ctx.search.trim()
  const shown = ctx.users
  const close = () => actor.send({ type: 'dialog.close' })
  const isMe = (u: User) => !!me && String(me.id) === u.id
  // Rows kept from before a failed reload may be out of date: no edit over them until the list is back.
  const stale = ctx.error !== null

  return (
    <div className={styles.page}>
      <PageHeader
        title={t`User Management`}
        subtitle={t`Create staff accounts, edit and remove users.`}
        actions={
          <Button appearance="primary" icon={<PersonAdd20Regular />} onClick={() => actor.send({ type: 'dialog.create' })}>
            {t`Create staff`}
          </Button>
        }
      />

      <div className={styles.filters}>
        <Field label={t`Search users`} hint={t(adminMessages.users.searchHint)} className={styles.search}>
          <SearchBox id={searchId} value={ctx.search} onChange={(_, d) => actor.send({ type: 'users.search', text: d.value })} placeholder={t`Name, email or phone`} />
        </Field>
        <Field label={t`Role`} className={styles.roleField}>
          <Select
            value={ctx.role ?? 'all'}
            onChange={(_, d) => actor.send({ type: 'users.role', role: d.value === 'all' ? null : (d.value as WireRole) })}
          >
            <option value="all">{t`All roles`}</option>
            {(Object.keys(ROLE_LABELS) as WireRole[]).map((r) => (
              <option key={r} value={r}>
                {t(ROLE_LABELS[r])}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      {ctx.error && (
        <MessageBar intent="error">
          <MessageBarBody>{ctx.error}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => actor.send({ type: 'users.reload' })}>{t`Try again`}</Button>
          </MessageBarActions>
        </MessageBar>
      )}

      <Card className={styles.card}>
        {loading && ctx.users.length === 0 && <Spinner size="small" label={t`Loading users…`} />}
        {!loading && !ctx.error && shown.length === 0 && (
          <Body1 className={styles.muted}>{needle ? t`No user matches the search.` : t`No users.`}</Body1>
        )}
        {shown.length > 0 &&
          (narrow ? (
            <ul className={styles.list} aria-label={t`Users`}>
              {shown.map((u) => (
                <li key={u.id} className={styles.item}>
                  <div className={styles.itemTop}>
                    <Text weight="semibold" className={styles.wrap}>
                      {u.name}
                    </Text>
                    <RoleBadge user={u} />
                  </div>
                  <Caption1 className={`${styles.muted} ${styles.wrap}`}>{u.email}</Caption1>
                  {u.phone && <Caption1 className={styles.muted}>{u.phone}</Caption1>}
                  <div className={styles.itemTop}>
                    <Caption1 className={styles.muted}>{t`Joined ${formatDate(u.created_at)}`}</Caption1>
                    <RowActions user={u} isMe={isMe(u)} stale={stale} onEdit={() => actor.send({ type: 'dialog.edit', user: u })} onDelete={() => actor.send({ type: 'dialog.delete', user: u })} />
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <Table aria-label={t`Users`} size="small">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{t`Name`}</TableHeaderCell>
                  <TableHeaderCell>{t`Email`}</TableHeaderCell>
                  <TableHeaderCell>{t`Role`}</TableHeaderCell>
                  <TableHeaderCell>{t`Phone`}</TableHeaderCell>
                  <TableHeaderCell>{t`Joined`}</TableHeaderCell>
                  <TableHeaderCell>
                    <span className={styles.muted}>{t`Actions`}</span>
                  </TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {shown.map((u) => (
                  <TableRow key={u.id}>
                    <TableCell className={styles.wrap}>{u.name}</TableCell>
                    <TableCell className={styles.wrap}>{u.email}</TableCell>
                    <TableCell>
                      <RoleBadge user={u} />
                    </TableCell>
                    <TableCell>{u.phone ?? '—'}</TableCell>
                    <TableCell>{formatDate(u.created_at)}</TableCell>
                    <TableCell>
                      <RowActions user={u} isMe={isMe(u)} stale={stale} onEdit={() => actor.send({ type: 'dialog.edit', user: u })} onDelete={() => actor.send({ type: 'dialog.delete', user: u })} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ))}
        <nav className={styles.pager} aria-label={t`Pages`}>
          <Caption1 className={styles.muted} aria-live="polite">
            {ctx.pages > 0 && (
              <>
                {t`Page ${ctx.page} of ${ctx.pages}`} · <Plural value={ctx.total} one="# user" other="# users" />
              </>
            )}
          </Caption1>
          <div className={styles.pagerButtons}>
            <Button icon={<ChevronLeft20Regular />} disabled={loading || ctx.page <= 1} onClick={() => actor.send({ type: 'users.page', page: ctx.page - 1 })}>
              {t`Previous`}
            </Button>
            <Button
              icon={<ChevronRight20Regular />}
              iconPosition="after"
              disabled={loading || ctx.page >= ctx.pages}
              onClick={() => actor.send({ type: 'users.page', page: ctx.page + 1 })}
            >
              {t`Next`}
            </Button>
          </div>
        </nav>
      </Card>

      <Suspense fallback={null}>
      {ctx.dialog?.kind === 'create' && (
        <CreateStaffDialog busy={saving} error={ctx.dialogError} onCancel={close} onSubmit={(payload) => actor.send({ type: 'users.create', payload })} />
      )}
      {ctx.dialog?.kind === 'edit' && (
        <EditUserDialog
          key={ctx.dialog.user.id}
          user={ctx.dialog.user}
          busy={saving}
          error={ctx.dialogError}
          onCancel={close}
          onSubmit={(payload) => ctx.dialog?.kind === 'edit' && actor.send({ type: 'users.update', id: ctx.dialog.user.id, payload })}
        />
      )}
      </Suspense>
      {ctx.dialog?.kind === 'delete' && (
        <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && !saving && close()}>
          <DialogSurface className={styles.surface}>
            <DialogBody>
              <DialogTitle>{t`Delete user`}</DialogTitle>
              <DialogContent className={styles.confirm}>
                <Body1 as="p">{t(adminMessages.users.confirmDelete)}</Body1>
                <Body1 as="p" className={styles.wrap}>
                  {ctx.dialog.user.name} ({ctx.dialog.user.email})
                </Body1>
                {ctx.dialogError && (
                  <MessageBar intent="error">
                    <MessageBarBody>{ctx.dialogError}</MessageBarBody>
                  </MessageBar>
                )}
              </DialogContent>
              {/* A delete cannot be undone: its button is the red danger one (Fluent v9 has no danger appearance). */}
              <DialogActions>
                <Button appearance="secondary" disabled={saving} onClick={close}>
                  {t`Cancel`}
                </Button>
                <Button
                  appearance="primary"
                  className={saving ? undefined : styles.danger}
                  disabled={saving}
                  onClick={() => ctx.dialog?.kind === 'delete' && actor.send({ type: 'users.delete', id: ctx.dialog.user.id })}
                >
                  {saving ? t`Deleting...` : t`Delete`}
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      )}
    </div>
  )
}

function RowActions({ user, isMe, stale, onEdit, onDelete }: { user: User; isMe: boolean; stale: boolean; onEdit: () => void; onDelete: () => void }) {
  const styles = useStyles()
  const { t } = useLingui()
  return (
    <div className={styles.actions}>
      <Button appearance="subtle" icon={<Edit20Regular />} aria-label={t`Edit ${user.name}`} title={t`Edit`} disabled={stale} onClick={onEdit} />
      <Button
        appearance="subtle"
        icon={<Delete20Regular />}
        aria-label={t`Delete ${user.name}`}
        title={isMe ? t`You cannot delete your own account` : t`Delete`}
        disabled={isMe || stale}
        onClick={onDelete}
      />
    </div>
  )
}
