import { useMachine } from '@xstate/react'
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
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { Add20Regular, Delete20Regular, Edit20Regular } from '@fluentui/react-icons'
import { useLingui } from '@lingui/react/macro'
import { PRICING_KEYS, type PricingKey, type ServiceWithPricingKey } from '../../../../shared/contracts/services'
import { useNotifications } from '../../../app/use-notifications'
import { DialogFooter } from '../../../components/dialog-footer'
import { formatKsh } from '../../../lib/format'
import { liveServiceCatalogueMachine } from './live-machines'
import { PricingDialogBody } from './pricing-dialog'
import { ServiceDialogBody } from './service-dialog'
import { ServiceList } from './service-list'
import { CATALOGUE_TEXT as T, PRICING_LABELS, type PricingForm } from './bookings-words'

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
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
})

/** The Service catalogue tab: the price table and every service, created, edited and deleted in dialogs. */
export function CatalogueTab() {
  const styles = useStyles()
  const { t } = useLingui()
  const [snapshot, send, actorRef] = useMachine(liveServiceCatalogueMachine)
  useNotifications(actorRef)
  const { services, editor, error } = snapshot.context
  const loading = snapshot.hasTag('loading')
  const saving = snapshot.hasTag('saving')
  const priced = (key: PricingKey) => services.find((s) => s.pricing_key === key)
  const editing = editor?.mode === 'edit' || editor?.mode === 'delete' ? (services.find((s) => s.id === editor.id) ?? null) : null
  const close = () => send({ type: 'editor.close' })
  // Services kept from before a failed reload may be out of date: no edit over them until the list is back.
  const stale = snapshot.matches('failed')
  const rowActions = (s: ServiceWithPricingKey) => (
    <div className={styles.actions}>
      <Button
        appearance="subtle"
        icon={<Edit20Regular />}
        aria-label={t(T.editNamed(s.name))}
        disabled={stale}
        onClick={() => send({ type: 'editor.open', editor: { mode: 'edit', id: s.id } })}
      />
      <Button
        appearance="subtle"
        icon={<Delete20Regular />}
        aria-label={t(T.deleteNamed(s.name))}
        disabled={stale}
        onClick={() => send({ type: 'editor.open', editor: { mode: 'delete', id: s.id } })}
      />
    </div>
  )

  return (
    <div className={styles.root}>
      {snapshot.matches('failed') && (
        <MessageBar intent="error">
          <MessageBarBody>{t(T.loadFailed)}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => send({ type: 'services.reload' })}>{t(T.retry)}</Button>
          </MessageBarActions>
        </MessageBar>
      )}

      <Card className={styles.card}>
        <div className={styles.head}>
          <Subtitle2 as="h2">{t(T.pricesTitle)}</Subtitle2>
          <Button icon={<Edit20Regular />} disabled={stale || services.length === 0} onClick={() => send({ type: 'editor.open', editor: { mode: 'pricing' } })}>
            {t(T.editPrices)}
          </Button>
        </div>
        <Text className={styles.muted}>{t(T.pricesHint)}</Text>
        <dl className={styles.prices} aria-label={t(T.pricesTitle)}>
          {PRICING_KEYS.map((key) => (
            <div key={key} className={styles.price}>
              <dt className={styles.muted}>{t(PRICING_LABELS[key])}</dt>
              <dd className={styles.priceValue}>{priced(key) ? formatKsh(priced(key)?.price ?? 0) : '—'}</dd>
            </div>
          ))}
        </dl>
      </Card>

      <Card className={styles.card}>
        <div className={styles.head}>
          <Subtitle2 as="h2">{t(T.servicesTitle)}</Subtitle2>
          {loading && <Spinner size="tiny" label={t(T.loading)} />}
          <Button appearance="primary" icon={<Add20Regular />} onClick={() => send({ type: 'editor.open', editor: { mode: 'create' } })}>
            {t(T.addService)}
          </Button>
        </div>
        {!loading && services.length === 0 ? (
          <Text className={styles.muted}>{t(T.empty)}</Text>
        ) : (
          <ServiceList services={services} rowActions={rowActions} />
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
            <DialogTitle>{t(T.deleteTitle)}</DialogTitle>
            <DialogContent>
              <p>{t(T.deleteBody(editing?.name ?? ''))}</p>
              {error && (
                <MessageBar intent="error">
                  <MessageBarBody>{error}</MessageBarBody>
                </MessageBar>
              )}
            </DialogContent>
            <DialogFooter busy={saving} onCancel={close} cancel={t(T.cancel)} confirm={t(T.confirmDelete)} onConfirm={() => send({ type: 'service.delete' })} />
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
