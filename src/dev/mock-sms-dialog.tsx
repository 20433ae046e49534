import { Body1, Button, Caption1, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components'
import type { readMockSms } from '../api/mock-controls'

export type MockSmsList = Awaited<ReturnType<typeof readMockSms>>

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { padding: tokens.spacingVerticalS, borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground3, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
})

/** Demo tools: the SMS the mock keeps instead of sending (mock mode only). */
export function MockSmsDialog({ messages, onClose }: { messages: MockSmsList | null; onClose: () => void }) {
  const styles = useStyles()
  return (
    <Dialog open={messages !== null} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>SMS outbox</DialogTitle>
          <DialogContent>
            {messages && messages.length === 0 ? (
              <Body1>No SMS yet. Answer a family as staff, change a booking status, review a document or contribute through a family's link.</Body1>
            ) : (
              <ul className={styles.list}>
                {messages?.map((m) => (
                  <li key={m.id} className={styles.item}>
                    <Caption1>{`To ${m.to_phone} · ${m.status === 'queued' ? 'waiting (sent if still unread in 5 minutes)' : m.status}`}</Caption1>
                    <Body1 block>{m.body}</Body1>
                  </li>
                ))}
              </ul>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
