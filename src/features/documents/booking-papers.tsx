import { Suspense, lazy, useEffect, useState } from 'react'
import { Button, Select, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import { DocumentPdf20Regular, Signature20Regular } from '@fluentui/react-icons'
import { Share20Regular } from '@fluentui/react-icons/svg/share'
import { useLingui } from '@lingui/react/macro'
import { downloadPaper, getPapers, sharePaper } from '../../api/papers'
import type { ShareLink } from '../../../shared/paper/share'
import { signedAgreementHref } from '../../api/agreement'
import type { PapersIndex } from '../../../shared/contracts/papers'
import { useSubmission } from '../../app/use-notifying-machine'
import { formatDate, formatKsh } from '../../lib/format'
import { saveBlob } from './document-files'
import { AGREEMENT_TEXT, PAPER_TEXT, VOID_TEXT } from './paper-words'
import { useClientWords } from './client-words'

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalXS },
})

// The signing dialog (and its machine) loads only when the family opens it.
const AgreementDialog = lazy(() => import('./agreement-dialog').then((m) => ({ default: m.AgreementDialog })))
const VoidAgreementDialog = lazy(() => import('./void-agreement-dialog').then((m) => ({ default: m.VoidAgreementDialog })))

/**
 * A booking's papers as PDF downloads: the invoice, the statement, the quotation and a receipt per
 * completed payment or contribution, in the language the app is in. For the family's booking page
 * and the office's booking screens alike (the server decides who may read them). First, whether the
 * service agreement is signed, by whom and when; the family (`canSign`) reads and signs it here, the
 * office (`canVoid`) voids it with a reason.
 */
export function BookingPapers({ bookingId, canSign = false, canVoid = false }: { bookingId: string; canSign?: boolean; canVoid?: boolean }) {
  // Its words are the family's; the office shows it too.
  useClientWords()
  const { t, i18n } = useLingui()
  const styles = useStyles()
  const index = useSubmission(getPapers, { failureMessage: t(PAPER_TEXT.loadFailed) })
  const download = useSubmission(
    async ({ href, name }: { href: string; name: string }) => saveBlob(await downloadPaper({ href, lang: i18n.locale === 'sw' ? 'sw' : 'en' }), name),
    { failureMessage: t(PAPER_TEXT.downloadFailed) },
  )
  const { submit } = index
  // Mounted once opened, then only shown or hidden: a dialog unmounted while open would leave the page hidden from assistive technology.
  const [signing, setSigning] = useState<'never' | 'open' | 'closed'>('never')
  const [voiding, setVoiding] = useState<'never' | 'open' | 'closed'>('never')
  useEffect(() => {
    submit(bookingId)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load once per booking
  }, [bookingId])
  const papers = index.result as PapersIndex | null
  // Outside what reloads: the list is read again once the family signed, while the dialog closes.
  const dialog = signing !== 'never' && (
    <Suspense fallback={<Spinner size="tiny" />}>
      <AgreementDialog bookingId={bookingId} open={signing === 'open'} onClose={() => setSigning('closed')} onSigned={() => submit(bookingId)} />
    </Suspense>
  )
  const voidDialog = voiding !== 'never' && (
    <Suspense fallback={<Spinner size="tiny" />}>
      <VoidAgreementDialog bookingId={bookingId} open={voiding === 'open'} onClose={() => setVoiding('closed')} onVoided={() => submit(bookingId)} />
    </Suspense>
  )
  if (!papers)
    return (
      <>
        {index.failed ? <Text>{t(PAPER_TEXT.loadFailed)}</Text> : <Spinner size="tiny" label={t(PAPER_TEXT.loading)} />}
        {dialog}
        {voidDialog}
      </>
    )
  const get = (href: string, name: string) => () => download.submit({ href, name })
  return (
    <div data-testid="booking-papers" className={styles.root}>
      {papers.agreement && (
        <div className={styles.row} data-testid="agreement-status">
          <Text weight="semibold">
            {papers.agreement.status === 'signed' && papers.agreement.signed_name && papers.agreement.signed_at
              ? t(AGREEMENT_TEXT.signedBy(papers.agreement.signed_name, formatDate(papers.agreement.signed_at)))
              : t(AGREEMENT_TEXT.notSigned)}
          </Text>
          {papers.agreement.status === 'signed' && papers.agreement.revision !== null && (
            <Button icon={<DocumentPdf20Regular />} disabled={download.busy} onClick={get(signedAgreementHref(bookingId, papers.agreement.revision), `agreement-${bookingId}-${papers.agreement.revision}.pdf`)}>
              {t(AGREEMENT_TEXT.download)}
            </Button>
          )}
          {papers.agreement.status === 'signed' && canVoid && <Button onClick={() => setVoiding('open')}>{t(VOID_TEXT.open)}</Button>}
          {papers.agreement.status === 'unsigned' && canSign && (
            <Button appearance="primary" icon={<Signature20Regular />} onClick={() => setSigning('open')}>
              {t(AGREEMENT_TEXT.readAndSign)}
            </Button>
          )}
        </div>
      )}
      {dialog}
      {voidDialog}
      <div className={styles.row}>
        <Button icon={<DocumentPdf20Regular />} disabled={download.busy} onClick={get(papers.invoice, `invoice-booking-${bookingId}.pdf`)}>
          {t(PAPER_TEXT.invoice)}
        </Button>
        <Button icon={<DocumentPdf20Regular />} disabled={download.busy} onClick={get(papers.statement, `statement-booking-${bookingId}.pdf`)}>
          {t(PAPER_TEXT.statement)}
        </Button>
        <Button icon={<DocumentPdf20Regular />} disabled={download.busy} onClick={get(papers.quotation, `quotation-booking-${bookingId}.pdf`)}>
          {t(PAPER_TEXT.quotation)}
        </Button>
      </div>
      <SharePaper bookingId={bookingId} />
      <Text as="h3" weight="semibold" className={styles.heading}>
        {t(PAPER_TEXT.receipts)}
      </Text>
      {papers.receipts.length === 0 ? (
        <Text>{t(PAPER_TEXT.noReceipts)}</Text>
      ) : (
        <ul className={styles.list}>
          {papers.receipts.map((r) => (
            <li key={r.payment_id}>
              <Button appearance="subtle" icon={<DocumentPdf20Regular />} disabled={download.busy} onClick={get(r.href, `receipt-${r.mpesa_receipt ?? r.payment_id}.pdf`)}>
                {`${formatKsh(r.amount)} · ${r.payer} · ${formatDate(r.paid_at)}`}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

type SharedKind = 'invoice' | 'statement' | 'quotation'

/**
 * A link to the invoice, the statement or the quotation for someone without an account (the
 * funeral committee, a relative), sent by WhatsApp or SMS from the phone: the server signs it and
 * it stops working after some days.
 */
function SharePaper({ bookingId }: { bookingId: string }) {
  const { t } = useLingui()
  const styles = useStyles()
  const [kind, setKind] = useState<SharedKind>('invoice')
  const link = useSubmission(sharePaper, { failureMessage: t(PAPER_TEXT.shareFailed) })
  const made = link.result as ShareLink | null
  const name = { invoice: t(PAPER_TEXT.invoice), statement: t(PAPER_TEXT.statement), quotation: t(PAPER_TEXT.quotation) }
  const text = made ? `${name[kind]}: ${made.url}` : ''
  return (
    <div className={styles.row} data-testid="share-paper">
      <Select aria-label={t(PAPER_TEXT.shareWhich)} value={kind} onChange={(_, d) => setKind(d.value as SharedKind)} disabled={link.busy}>
        {(['invoice', 'statement', 'quotation'] as const).map((k) => (
          <option key={k} value={k}>
            {name[k]}
          </option>
        ))}
      </Select>
      <Button icon={<Share20Regular />} disabled={link.busy} onClick={() => link.submit({ bookingId, kind })}>
        {t(PAPER_TEXT.shareLink)}
      </Button>
      {made && (
        <>
          <Button as="a" appearance="primary" href={`https://wa.me/?text=${encodeURIComponent(text)}`} target="_blank" rel="noopener noreferrer">
            {t(PAPER_TEXT.whatsapp)}
          </Button>
          <Button as="a" href={`sms:?&body=${encodeURIComponent(text)}`}>
            {t(PAPER_TEXT.sms)}
          </Button>
          <Text size={200}>{t(PAPER_TEXT.linkUntil(formatDate(made.expires_at)))}</Text>
        </>
      )}
    </div>
  )
}
