import { useEffect, useRef, type ReactNode } from 'react'
import { Button, Card, Field, Spinner, Text, Textarea, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { Send20Regular } from '@fluentui/react-icons'
import type { ChatMessage } from '../../../shared/contracts/messages'
import { MESSAGE_MAX } from '../../../shared/contracts/messages'
import { LinkifiedText } from './linkified-text'
import { useSession } from '../../app/session'
import { useMediaQuery } from '../../components/use-media-query'
import { MESSAGES_TEXT } from './messages-words'
import { useLingui } from '@lingui/react'
import { translated } from '../../lib/i18n'
import { formatDayTime } from '../../lib/format'

const useStyles = makeStyles({
  card: { padding: 0, gap: 0, minWidth: 0 },
  header: { padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`, borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  // As tall as the window allows with the page's heading and the box to write in still in view.
  log: { padding: tokens.spacingHorizontalM, height: 'clamp(240px, calc(100vh - 460px), 70vh)', overflowY: 'auto' },
  compact: { height: '320px', minHeight: '200px' },
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
  theirs: { alignSelf: 'flex-start', backgroundColor: tokens.colorNeutralBackground1, border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  mine: { alignSelf: 'flex-end', backgroundColor: tokens.colorBrandBackground2 },
  meta: { color: tokens.colorNeutralForeground2 },
  form: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', justifyContent: 'flex-end', padding: tokens.spacingHorizontalM, borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  field: { flexGrow: 1, flexBasis: '240px', minWidth: 0 },
  counter: { color: tokens.colorNeutralForeground2 },
  over: { color: tokens.colorPaletteRedForeground1 },
  loading: { padding: tokens.spacingVerticalL },
  problem: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, padding: tokens.spacingVerticalS },
})


/**
 * Who wrote it, as the reader sees it: "You", the home, or the writer's name and role. A family
 * reads the home's people as "our team": the staff's job titles are the staff's business.
 */
function author(m: ChatMessage, family: boolean): string {
  if (m.author_role === 'system') return m.author_name || MESSAGES_TEXT.systemName
  if (m.mine) return MESSAGES_TEXT.you
  if (family && m.author_role !== 'client' && m.author_role !== 'visitor') return `${m.author_name} (${MESSAGES_TEXT.ourTeam})`
  const role = MESSAGES_TEXT.roles[m.author_role]
  return role ? `${m.author_name} (${role})` : m.author_name
}

export interface ConversationViewProps {
  header?: ReactNode
  messages: ChatMessage[]
  loading: boolean
  /** The load under way is taking long (a slow or dead line). */
  slow?: boolean
  /** The last load failed. */
  loadError?: string | null
  onRetry?: () => void
  draft: string
  draftError: string | null
  sending: boolean
  sendFailed: boolean
  onDraft: (value: string) => void
  onSend: () => void
  /** No composer. */
  readOnly?: boolean
  /** The composer's label when it is not a message to the other side (a contact message: a note for the team). */
  composerLabel?: string
  footer?: ReactNode
  compact?: boolean
}

/** A conversation: the messages (plain text, links clickable) and the box to write in. */
export function ConversationView({ header, messages, loading, slow = false, loadError = null, onRetry, draft, draftError, sending, sendFailed, onDraft, onSend, readOnly, composerLabel, footer, compact }: ConversationViewProps) {
  useLingui()
  const styles = useStyles()
  const logRef = useRef<HTMLDivElement>(null)
  const length = draft.trim().length
  const family = useSession().user?.role === 'client'
  // On a touch keyboard Enter is the new line (there is no Shift); the Send button sends.
  const touch = useMediaQuery('(pointer: coarse)')

  useEffect(() => {
    const log = logRef.current
    if (log) log.scrollTop = log.scrollHeight
  }, [messages.length])

  return (
    <Card className={styles.card}>
      {header && <div className={styles.header}>{header}</div>}
      {/* A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div ref={logRef} className={mergeClasses(styles.log, compact && styles.compact)} aria-label={MESSAGES_TEXT.logLabel} role="log" aria-live="polite" tabIndex={0}>
        {/* A spinner only for the first few seconds; then, or on failure, what is wrong and Try again. */}
        {(slow || loadError) && onRetry ? (
          <div className={styles.problem} role="status">
            <Text>{messages.length > 0 ? MESSAGES_TEXT.refreshFailed : slow ? MESSAGES_TEXT.slow : MESSAGES_TEXT.loadFailed}</Text>
            <Button size="small" onClick={onRetry}>
              {MESSAGES_TEXT.tryAgain}
            </Button>
          </div>
        ) : null}
        {loading && !slow && messages.length === 0 ? (
          <Spinner className={styles.loading} size="small" label={MESSAGES_TEXT.loading} />
        ) : (
          <ol className={styles.items}>
            {messages.map((m) => (
              <li key={m.id} className={mergeClasses(styles.bubble, m.author_role === 'system' ? styles.system : m.mine ? styles.mine : styles.theirs)}>
                <Text size={200} className={styles.meta}>
                  {`${author(m, family)}, ${formatDayTime(m.created_at)}`}
                </Text>
                <Text>
                  {/* The home's own words (the welcome) in the language in use; people's words as they wrote them. */}
                  <LinkifiedText text={m.author_role === 'system' ? translated(m.body) : m.body} />
                </Text>
              </li>
            ))}
          </ol>
        )}
      </div>
      {footer}
      {!readOnly && (
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault()
            onSend()
          }}
        >
          <Field
            label={composerLabel ?? MESSAGES_TEXT.inputLabel}
            hint={
              <span>
                {touch ? MESSAGES_TEXT.hintTouch : MESSAGES_TEXT.hint}{' '}
                <span className={length > MESSAGE_MAX ? styles.over : styles.counter}>{MESSAGES_TEXT.counter(length, MESSAGE_MAX)}</span>
              </span>
            }
            validationMessage={draftError ?? undefined}
            className={styles.field}
          >
            <Textarea
              value={draft}
              resize="vertical"
              readOnly={sending}
              onChange={(_, d) => onDraft(d.value)}
              onKeyDown={(e) => {
                // Enter sends; Shift+Enter breaks the line. On a touch keyboard Enter only breaks the line.
                if (!touch && e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                  e.preventDefault()
                  onSend()
                }
              }}
            />
          </Field>
          <Button type="submit" appearance="primary" icon={sending ? <Spinner size="tiny" /> : <Send20Regular />} disabled={sending} disabledFocusable={sending}>
            {sending ? MESSAGES_TEXT.sending : sendFailed ? MESSAGES_TEXT.tryAgain : MESSAGES_TEXT.send}
          </Button>
        </form>
      )}
    </Card>
  )
}
