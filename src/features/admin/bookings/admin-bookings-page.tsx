import { useSearchParams } from 'react-router-dom'
import { Tab, TabList, makeStyles, tokens } from '@fluentui/react-components'
import { useLingui } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { BookingsTab } from './bookings-tab'
import { CatalogueTab } from './catalogue-tab'
import { ADMIN_BOOKINGS_TEXT as T } from './bookings-words'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  tabs: { flexWrap: 'wrap' },
})

type TabId = 'bookings' | 'catalogue'

/** /dashboard/admin/services: All bookings (SPEC.md section 2) and the Service catalogue, as two tabs. */
export function AdminBookingsPage() {
  const styles = useStyles()
  const { t } = useLingui()
  const [params, setParams] = useSearchParams()
  const tab: TabId = params.get('tab') === 'catalogue' ? 'catalogue' : 'bookings'
  return (
    <div className={styles.root}>
      <PageHeader title={t(T.title)} subtitle={t(T.subtitle)} />
      <TabList
        className={styles.tabs}
        selectedValue={tab}
        onTabSelect={(_, d) => setParams(d.value === 'catalogue' ? { tab: 'catalogue' } : {}, { replace: true })}
      >
        <Tab value="bookings" id="tab-bookings" aria-controls="panel-bookings">
          {t(T.tabBookings)}
        </Tab>
        <Tab value="catalogue" id="tab-catalogue" aria-controls="panel-catalogue">
          {t(T.tabCatalogue)}
        </Tab>
      </TabList>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'bookings' ? <BookingsTab /> : <CatalogueTab />}
      </div>
    </div>
  )
}
