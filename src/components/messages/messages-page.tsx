import { useEffect, useRef, useState } from 'react'
import { useMachine } from '@xstate/react'
import { Button, Card, Field, Link, MessageBar, MessageBarBody, MessageBarTitle, Text, Textarea, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { Send20Regular } from '@fluentui/react-icons'
import { chatMachine } from '../../../machines/messages/chat.machine'
import { PageHeader } from '../page-header'
import { CONTACT } from '../../lib/contact-details'
import { MESSAGES_TEXT } from './messages-text'

const useStyles = makeStyles({
  layout: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '760px' },
  card: { padding: 0, gap: 0 },
  log: { padding: tokens.spacingHorizontalM, height: '50vh', minHeight: '240px', overflowY: 'auto' },
  items: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  bubble: {
    maxWidth: '85%',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusLarge,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  system: { alignSelf: 'flex-start', backgroundColor: tokens.colorNeutralBackground3 },
  mine: { alignSelf: 'flex-end', backgroundColor: tokens.colorBrandBackground2 },
  meta: { color: tokens.colorNeutralForeground2 },
  form: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', justifyContent: 'flex-end', padding: tokens.spacingHorizontalM, borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  field: { flexGrow: 1, flexBasis: '240px', minWidth: 0 },
})

const timeFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Nairobi', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })

/** Messages (SPEC.md section 2): a local-only chat that says plainly that nothing reaches the home yet. */
export function MessagesPage({ subtitle }: { subtitle: string }) {
  const styles = useStyles()
  const [snapshot, send] = useMachine(chatMachine, { input: { welcome: MESSAGES_TEXT.welcome, now: Date.now() } })
  const [draft, setDraft] = useState('')
  const logRef = useRef<HTMLDivElement>(null)
  const { messages } = snapshot.context

  useEffect(() => {
    const log = logRef.current
    if (log) log.scrollTop = log.scrollHeight
  }, [messages.length])

  const submit = () => {
    if (!draft.trim()) return
    send({ type: 'chat.send', text: draft, at: Date.now() })
    setDraft('')
  }

  return (
    <div className={styles.layout}>
      <PageHeader title={MESSAGES_TEXT.title} subtitle={subtitle} />
      <MessageBar intent="warning">
        <MessageBarBody>
          <MessageBarTitle>{MESSAGES_TEXT.noticeTitle}</MessageBarTitle>
          {MESSAGES_TEXT.notice} <Link href={CONTACT.phoneHref}>{CONTACT.phoneDisplay}</Link>.
        </MessageBarBody>
      </MessageBar>
      <Card className={styles.card}>
        {/* A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div ref={logRef} className={styles.log} aria-label={MESSAGES_TEXT.logLabel} role="log" aria-live="polite" tabIndex={0}>
          <ol className={styles.items}>
            {messages.map((m) => (
              <li key={m.id} className={mergeClasses(styles.bubble, m.author === 'system' ? styles.system : styles.mine)}>
                <Text size={200} className={styles.meta}>
                  {`${m.author === 'system' ? MESSAGES_TEXT.systemName : MESSAGES_TEXT.you}, ${timeFormat.format(m.at)}`}
                </Text>
                <Text>{m.text}</Text>
              </li>
            ))}
          </ol>
        </div>
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault()
            submit()
          }}
        >
          <Field label={MESSAGES_TEXT.inputLabel} hint={MESSAGES_TEXT.hint} className={styles.field}>
            <Textarea
              value={draft}
              resize="vertical"
              onChange={(_, d) => setDraft(d.value)}
              onKeyDown={(e) => {
                // Enter sends; Shift+Enter breaks the line.
                if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault()
                  submit()
                }
              }}
            />
          </Field>
          <Button type="submit" appearance="primary" icon={<Send20Regular />} disabled={!draft.trim()}>
            {MESSAGES_TEXT.send}
          </Button>
        </form>
      </Card>
    </div>
  )
}
