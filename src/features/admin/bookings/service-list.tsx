import type { ReactNode } from 'react'
import { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useLingui } from '@lingui/react/macro'
import type { ServiceWithPricingKey } from '../../../../shared/contracts/services'
import { useMediaQuery } from '../../../components/use-media-query'
import { formatKsh } from '../../../lib/format'
import { CATALOGUE_TEXT as T } from './bookings-words'

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground2 },
  scroller: { overflowX: 'auto', maxWidth: '100%', ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` } },
  table: { minWidth: '720px' },
  amount: { whiteSpace: 'nowrap' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  item: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  itemText: { display: 'flex', flexDirection: 'column', minWidth: 0, overflowWrap: 'anywhere' },
})

/** Every service with its row actions: a table, or a list on a phone. */
export function ServiceList({ services, rowActions }: { services: ServiceWithPricingKey[]; rowActions: (s: ServiceWithPricingKey) => ReactNode }) {
  const styles = useStyles()
  const { t } = useLingui()
  const priceOf = (s: ServiceWithPricingKey) => (s.per_day ? t(T.perDayPrice(formatKsh(s.price))) : formatKsh(s.price))
  const isSmall = useMediaQuery('(max-width: 640px)')
  return isSmall ? (
    <ul className={styles.list} aria-label={t(T.servicesTitle)}>
      {services.map((s) => (
        <li key={s.id} className={styles.item}>
          <div className={styles.itemText}>
            <Text weight="semibold">{s.name}</Text>
            <Text>
              {priceOf(s)}
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
    <div className={styles.scroller} role="region" aria-label={t(T.servicesTable)} tabIndex={0}>
      <Table className={styles.table} aria-label={t(T.servicesTitle)}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t(T.name)}</TableHeaderCell>
            <TableHeaderCell>{t(T.category)}</TableHeaderCell>
            <TableHeaderCell>{t(T.price)}</TableHeaderCell>
            <TableHeaderCell>{t(T.description)}</TableHeaderCell>
            <TableHeaderCell>{t(T.actions)}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {services.map((s) => (
            <TableRow key={s.id}>
              <TableCell>{s.name}</TableCell>
              <TableCell>{s.category ?? ''}</TableCell>
              <TableCell className={styles.amount}>{priceOf(s)}</TableCell>
              <TableCell>{s.description}</TableCell>
              <TableCell>{rowActions(s)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}
