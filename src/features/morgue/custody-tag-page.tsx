import { useMemo } from 'react'
import { useLingui } from '@lingui/react'
import { useParams } from 'react-router-dom'
import { Caption1, Subtitle2, Text, Title3, makeStyles, tokens } from '@fluentui/react-components'
// The QR encoder (8 KB gzip) lives only in this screen's chunk: no first load carries it.
import { encode } from 'uqr'
import { CustodyLoadState } from '../custody/custody-events'
import { PrintSheet } from '../custody/print-sheet'
import { useCustody } from '../custody/use-custody'
import { useDocumentTitle } from '../../lib/document-title'
import { casePath } from './case-path'
import { TAG_TEXT } from './morgue-words'

const useStyles = makeStyles({
  label: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr)',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    width: '100%',
    maxWidth: '120mm',
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke1}`,
    boxSizing: 'border-box',
    '@media (max-width: 420px)': { gridTemplateColumns: 'minmax(0, 1fr)', justifyItems: 'center', textAlign: 'center' },
  },
  qr: { width: '42mm', height: '42mm', display: 'block' },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0, overflowWrap: 'anywhere', '@media (max-width: 420px)': { alignItems: 'center' } },
})

/** The QR code's modules as one SVG path (black squares on white, a 4-module quiet zone). */
function QrSvg({ text, title, className }: { text: string; title: string; className: string }) {
  const { path, size } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: 4 })
    let d = ''
    qr.data.forEach((row, y) =>
      row.forEach((on, x) => {
        if (on) d += `M${x} ${y}h1v1h-1z`
      }),
    )
    return { path: d, size: qr.size }
  }, [text])
  return (
    <svg className={className} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={title} shapeRendering="crispEdges" data-qr-text={text}>
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}

/**
 * The case's tag, printed and kept with the body: the deceased's name, the booking number and a QR
 * code of the case's absolute address, which opens the case on the attendant's phone (after signing
 * in, the app returns to it).
 */
export function CustodyTagPage() {
  const styles = useStyles()
  // Re-render on a change of language: the tag's words are read in the language in use.
  useLingui()
  const id = useParams().bookingId ?? ''
  const custody = useCustody(id)
  useDocumentTitle(TAG_TEXT.title)
  const url = `${window.location.origin}${casePath(id)}`
  const record = custody.record
  const name = record ? `${record.deceased_first_name} ${record.deceased_last_name}`.trim() : ''
  return (
    <PrintSheet backTo={casePath(id)} printLabel={TAG_TEXT.print}>
      <CustodyLoadState loading={custody.loading} slow={custody.slow} hasData={!!custody.record} error={custody.error} onRetry={custody.reload} />
      {record && (
        <div className={styles.label}>
          <QrSvg className={styles.qr} text={url} title={TAG_TEXT.qrLabel(name)} />
          <div className={styles.text}>
            <Caption1>{record.home.name}</Caption1>
            <Title3 as="h1">{name}</Title3>
            <Subtitle2 as="p">{`${TAG_TEXT.booking} #${record.booking_id}`}</Subtitle2>
            <Text size={200}>{TAG_TEXT.scan}</Text>
          </div>
        </div>
      )}
    </PrintSheet>
  )
}
