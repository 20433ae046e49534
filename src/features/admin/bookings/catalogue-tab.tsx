import { useMachine } from '@xstate/react'
import { useForm } from '@tanstack/react-form'
import {
  Button,
  Card,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { Add20Regular, Delete20Regular, Edit20Regular } from '@fluentui/react-icons'
import { PRICING_KEYS, type PricingKey, type ServiceWithPricingKey } from '../../../api/contracts/services'
import { useNotifications } from '../../../app/use-notifications'
import { TextAreaField } from '../../../components/form-fields-more'
import { DialogFooter } from '../../../components/dialog-footer'
import { TextField, submitHandler } from '../../../components/form-fields'
import { useMediaQuery } from '../../../components/use-media-query'
import { formatKsh } from '../../../lib/format'
import { liveServiceCatalogueMachine } from './live-machines'
import { CATALOGUE_TEXT as T, PRICING_LABELS, PricingForm, ServiceForm } from './messages'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  card: { gap: tokens.spacingVerticalM, minWidth: 0 },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground2 },
  prices: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  price: { margin: 0, display: 'flex', flexDirection: 'column' },
  priceValue: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  scroller: { overflowX: 'auto', maxWidth: '100%', ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` } },
  table: { minWidth: '720px' },
  amount: { whiteSpace: 'nowrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  item: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  itemText: { display: 'flex', flexDirection: 'column', minWidth: 0, overflowWrap: 'anywhere' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
})

/** The Service catalogue tab: the price table and every service, created, edited and deleted in dialogs. */
export function CatalogueTab() {
  const styles = useStyles()
  const [snapshot, send, actorRef] = useMachine(liveServiceCatalogueMachine)
  useNotifications(actorRef)
  const { services, editor, error } = snapshot.context
  const loading = snapshot.hasTag('loading')
  const saving = snapshot.hasTag('saving')
  const priced = (key: PricingKey) => services.find((s) => s.pricing_key === key)
  const editing = editor?.mode === 'edit' || editor?.mode === 'delete' ? (services.find((s) => s.id === editor.id) ?? null) : null
  const close = () => send({ type: 'editor.close' })
  const isSmall = useMediaQuery('(max-width: 640px)')
  // Services kept from before a failed reload may be out of date: no edit over them until the list is back.
  const stale = snapshot.matches('failed')
  const rowActions = (s: ServiceWithPricingKey) => (
    <div className={styles.actions}>
      <Button
        appearance="subtle"
        icon={<Edit20Regular />}
        aria-label={`Edit ${s.name}`}
        disabled={stale}
        onClick={() => send({ type: 'editor.open', editor: { mode: 'edit', id: s.id } })}
      />
      <Button
        appearance="subtle"
        icon={<Delete20Regular />}
        aria-label={`Delete ${s.name}`}
        disabled={stale}
        onClick={() => send({ type: 'editor.open', editor: { mode: 'delete', id: s.id } })}
      />
    </div>
  )

  return (
    <div className={styles.root}>
      {snapshot.matches('failed') && (
        <MessageBar intent="error">
          <MessageBarBody>{T.loadFailed}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => send({ type: 'services.reload' })}>{T.retry}</Button>
          </MessageBarActions>
        </MessageBar>
      )}

      <Card className={styles.card}>
        <div className={styles.head}>
          <Subtitle2 as="h2">{T.pricesTitle}</Subtitle2>
          <Button icon={<Edit20Regular />} disabled={stale || services.length === 0} onClick={() => send({ type: 'editor.open', editor: { mode: 'pricing' } })}>
            {T.editPrices}
          </Button>
        </div>
        <Text className={styles.muted}>{T.pricesHint}</Text>
        <dl className={styles.prices} aria-label={T.pricesTitle}>
          {PRICING_KEYS.map((key) => (
            <div key={key} className={styles.price}>
              <dt className={styles.muted}>{PRICING_LABELS[key]}</dt>
              <dd className={styles.priceValue}>{priced(key) ? formatKsh(priced(key)?.price ?? 0) : '—'}</dd>
            </div>
          ))}
        </dl>
      </Card>

      <Card className={styles.card}>
        <div className={styles.head}>
          <Subtitle2 as="h2">{T.servicesTitle}</Subtitle2>
          {loading && <Spinner size="tiny" label="Loading services" />}
          <Button appearance="primary" icon={<Add20Regular />} onClick={() => send({ type: 'editor.open', editor: { mode: 'create' } })}>
            {T.addService}
          </Button>
        </div>
        {!loading && services.length === 0 ? (
          <Text className={styles.muted}>{T.empty}</Text>
        ) : isSmall ? (
          <ul className={styles.list} aria-label={T.servicesTitle}>
            {services.map((s) => (
              <li key={s.id} className={styles.item}>
                <div className={styles.itemText}>
                  <Text weight="semibold">{s.name}</Text>
                  <Text>
                    {formatKsh(s.price)}
                    {s.category ? ` · ${s.category}` : ''}
                  </Text>
                  <Text size={200} className={styles.muted}>
                    {s.description}
                  </Text>
                </div>
                {rowActions(s)}
              </li>
            ))}
          </ul>
        ) : (
          /* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard */
          <div className={styles.scroller} role="region" aria-label="Services table" tabIndex={0}>
            <Table className={styles.table} aria-label={T.servicesTitle}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{T.name}</TableHeaderCell>
                  <TableHeaderCell>{T.category}</TableHeaderCell>
                  <TableHeaderCell>{T.price}</TableHeaderCell>
                  <TableHeaderCell>{T.description}</TableHeaderCell>
                  <TableHeaderCell>Actions</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {services.map((s) => (
                  <TableRow key={s.id}>
                    <TableCell>{s.name}</TableCell>
                    <TableCell>{s.category ?? ''}</TableCell>
                    <TableCell className={styles.amount}>{formatKsh(s.price)}</TableCell>
                    <TableCell>{s.description}</TableCell>
                    <TableCell>{rowActions(s)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </Card>

      <Dialog open={editor?.mode === 'create' || editor?.mode === 'edit'} onOpenChange={(_, d) => !d.open && !saving && close()}>
        <DialogSurface>
          {(editor?.mode === 'create' || editor?.mode === 'edit') && (
            <ServiceDialogBody
              key={editor.mode === 'edit' ? editor.id : 'new'}
              service={editor.mode === 'edit' ? editing : null}
              busy={saving}
              error={error}
              onCancel={close}
              onSave={(payload) => send({ type: 'service.save', payload })}
            />
          )}
        </DialogSurface>
      </Dialog>

      <Dialog open={editor?.mode === 'delete'} onOpenChange={(_, d) => !d.open && !saving && close()}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{T.deleteTitle}</DialogTitle>
            <DialogContent>
              <p>{T.deleteBody(editing?.name ?? '')}</p>
              {error && (
                <MessageBar intent="error">
                  <MessageBarBody>{error}</MessageBarBody>
                </MessageBar>
              )}
            </DialogContent>
            <DialogFooter busy={saving} onCancel={close} cancel={T.cancel} confirm={T.confirmDelete} onConfirm={() => send({ type: 'service.delete' })} />
          </DialogBody>
        </DialogSurface>
      </Dialog>

      <Dialog open={editor?.mode === 'pricing'} onOpenChange={(_, d) => !d.open && !saving && close()}>
        <DialogSurface>
          {editor?.mode === 'pricing' && (
            <PricingDialogBody
              current={Object.fromEntries(PRICING_KEYS.map((k) => [k, String(priced(k)?.price ?? '')])) as PricingForm}
              busy={saving}
              error={error}
              onCancel={close}
              onSave={(prices) => send({ type: 'pricing.save', prices })}
            />
          )}
        </DialogSurface>
      </Dialog>
    </div>
  )
}

function ServiceDialogBody({
  service,
  busy,
  error,
  onCancel,
  onSave,
}: {
  service: ServiceWithPricingKey | null
  busy: boolean
  error: string | null
  onCancel: () => void
  onSave: (payload: { name: string; description: string; price: number; category?: string }) => void
}) {
  const styles = useStyles()
  const form = useForm({
    defaultValues: {
      name: service?.name ?? '',
      description: service?.description ?? '',
      price: service ? String(service.price) : '',
      category: service?.category ?? '',
    } as ServiceForm,
    validators: { onChange: ServiceForm },
    onSubmit: ({ value }) =>
      onSave({
        name: value.name.trim(),
        description: value.description.trim(),
        price: Number(value.price),
        ...(value.category.trim() ? { category: value.category.trim() } : {}),
      }),
  })
  return (
    <form onSubmit={submitHandler(form)} noValidate aria-label={service ? T.editService : T.newService}>
      <DialogBody>
        <DialogTitle>{service ? T.editService : T.newService}</DialogTitle>
        <DialogContent className={styles.form}>
          <form.Field name="name">{(f) => <TextField field={f} label={T.name} required />}</form.Field>
          <form.Field name="price">{(f) => <TextField field={f} label={T.price} inputMode="numeric" required />}</form.Field>
          <form.Field name="category">{(f) => <TextField field={f} label={T.category} hint={T.categoryHint} />}</form.Field>
          <form.Field name="description">{(f) => <TextAreaField field={f} label={T.description} rows={3} />}</form.Field>
          {error && (
            <MessageBar intent="error">
              <MessageBarBody>{error}</MessageBarBody>
            </MessageBar>
          )}
        </DialogContent>
        <DialogFooter busy={busy} onCancel={onCancel} cancel={T.cancel} confirm={T.save} />
      </DialogBody>
    </form>
  )
}

function PricingDialogBody({
  current,
  busy,
  error,
  onCancel,
  onSave,
}: {
  current: PricingForm
  busy: boolean
  error: string | null
  onCancel: () => void
  onSave: (prices: Record<PricingKey, number>) => void
}) {
  const styles = useStyles()
  const form = useForm({
    defaultValues: current,
    validators: { onChange: PricingForm },
    onSubmit: ({ value }) =>
      onSave({
        basicFuneral: Number(value.basicFuneral),
        premiumFuneral: Number(value.premiumFuneral),
        cremation: Number(value.cremation),
        burial: Number(value.burial),
      }),
  })
  return (
    <form onSubmit={submitHandler(form)} noValidate aria-label={T.pricesTitle}>
      <DialogBody>
        <DialogTitle>{T.pricesTitle}</DialogTitle>
        <DialogContent className={styles.form}>
          {PRICING_KEYS.map((key) => (
            <form.Field key={key} name={key}>
              {(f) => <TextField field={f} label={`${PRICING_LABELS[key]} (KSH)`} inputMode="numeric" required />}
            </form.Field>
          ))}
          {error && (
            <MessageBar intent="error">
              <MessageBarBody>{error}</MessageBarBody>
            </MessageBar>
          )}
        </DialogContent>
        <DialogFooter busy={busy} onCancel={onCancel} cancel={T.cancel} confirm={T.savePrices} />
      </DialogBody>
    </form>
  )
}
