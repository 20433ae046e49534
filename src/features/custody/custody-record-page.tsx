import { useLocation, useParams } from 'react-router-dom'
import { Body1, Caption1, Subtitle1, Text, Title2, makeStyles, tokens } from '@fluentui/react-components'
import type { CustodyRecord } from '../../../shared/contracts/custody'
import { useDocumentTitle } from '../../lib/document-title'
import { formatDateTime } from '../../lib/format'
import { CustodyEventList, CustodyLoadState } from './custody-events'
import { CUSTODY_KIND_LABELS, CUSTODY_TEXT, FAMILY_KIND_LABELS, familyWhereOrWho, recordedBy, whereOrWho } from './custody-words'
import { PrintSheet } from './print-sheet'
import { ReceiveBody } from './receive-body'
import { useCustody } from './use-custody'
import { useLingui } from '@lingui/react'

const useStyles = makeStyles({
  head: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`, paddingBottom: tokens.spacingVerticalM, marginBottom: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground2 },
  facts: { display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalM}`, margin: `0 0 ${tokens.spacingVerticalL}` },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  // A table on paper and on a wide screen; on a phone's screen the same events as a list.
  table: {
    width: '100%',
    borderCollapse: 'collapse',
    '& th, & td': { textAlign: 'start', verticalAlign: 'top', padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`, borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, overflowWrap: 'anywhere' },
    '& th': { fontWeight: tokens.fontWeightSemibold },
    '@media screen and (max-width: 640px)': { display: 'none' },
  },
  list: { '@media print, screen and (min-width: 641px)': { display: 'none' } },
  signatures: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: tokens.spacingHorizontalXXL, marginTop: tokens.spacingVerticalXXXL },
  line: { borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralForeground1}`, paddingTop: tokens.spacingVerticalXS },
  footer: { paddingTop: tokens.spacingVerticalXL, color: tokens.colorNeutralForeground2 },
})

/**
 * The chain of custody as the record the family and the authorities can see: the home, the
 * deceased, the booking and every movement, printed with window.print. Read-only, but for the
 * admin's (`receive`): a body not yet received is received there, over a full cold room with a
 * reason. `backTo` is where Back goes (the booking or the case), by default the address without '/custody'.
 */
export function CustodyRecordPage({ backTo, family = false, receive = false }: { backTo?: string; family?: boolean; receive?: boolean }) {
  const id = useParams().bookingId ?? ''
  const here = useLocation().pathname
  useLingui()
  const custody = useCustody(id)
  useDocumentTitle(CUSTODY_TEXT.recordTitle)
  return (
    <PrintSheet backTo={backTo ?? here.replace(/\/custody$/, '')} printLabel={CUSTODY_TEXT.print}>
      <CustodyLoadState loading={custody.loading} slow={custody.slow} hasData={!!custody.record} error={custody.error} onRetry={custody.reload} />
      {receive && custody.record?.events.length === 0 && <ReceiveBody custody={custody} />}
      {custody.record && <RecordSheet record={custody.record} family={family} />}
    </PrintSheet>
  )
}

/** `family`: the family's words for the movements (the staff's print keeps the formal ones). */
function RecordSheet({ record, family }: { record: CustodyRecord; family: boolean }) {
  useLingui()
  const styles = useStyles()
  const released = record.events.find((e) => e.kind === 'released')
  const contact = [record.home.phone, record.home.email].filter(Boolean).join(' · ')
  return (
    <article aria-labelledby="custody-record-title">
      <header className={styles.head}>
        <Subtitle1 as="p">{record.home.name}</Subtitle1>
        {contact && <Caption1 className={styles.muted}>{contact}</Caption1>}
        <Title2 as="h1" id="custody-record-title">
          {CUSTODY_TEXT.recordTitle}
        </Title2>
      </header>
      <dl className={styles.facts}>
        <dt className={styles.term}>{CUSTODY_TEXT.deceased}</dt>
        <dd className={styles.value}>{`${record.deceased_first_name} ${record.deceased_last_name}`.trim()}</dd>
        <dt className={styles.term}>{CUSTODY_TEXT.booking}</dt>
        <dd className={styles.value}>{`#${record.booking_id}`}</dd>
        <dt className={styles.term}>{CUSTODY_TEXT.printedOn}</dt>
        <dd className={styles.value}>{formatDateTime(new Date().toISOString())}</dd>
      </dl>
      {record.events.length === 0 ? (
        <Body1>{CUSTODY_TEXT.none}</Body1>
      ) : (
        <>
          <table className={styles.table}>
            <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
              {CUSTODY_TEXT.title}
            </caption>
            <thead>
              <tr>
                <th scope="col">{CUSTODY_TEXT.when}</th>
                <th scope="col">{CUSTODY_TEXT.what}</th>
                <th scope="col">{CUSTODY_TEXT.whereOrWho}</th>
                <th scope="col">{CUSTODY_TEXT.by}</th>
              </tr>
            </thead>
            <tbody>
              {record.events.map((e) => (
                <tr key={e.id}>
                  <td>
                    <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                  </td>
                  <td>{(family ? FAMILY_KIND_LABELS : CUSTODY_KIND_LABELS)[e.kind]}</td>
                  <td>{family ? familyWhereOrWho(e) : whereOrWho(e)}</td>
                  <td>{family ? e.by_name : recordedBy(e)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className={styles.list}>
            <CustodyEventList events={record.events} family={family} />
          </div>
        </>
      )}
      {released && (
        <div className={styles.signatures}>
          <Text className={styles.line}>{`${CUSTODY_TEXT.receiverSignature}: ${released.receiver_name ?? ''}`}</Text>
          <Text className={styles.line}>{`${CUSTODY_TEXT.staffSignature}: ${released.by_name}`}</Text>
        </div>
      )}
      <div className={styles.footer}>
        <Caption1>{CUSTODY_TEXT.footer}</Caption1>
      </div>
    </article>
  )
}
