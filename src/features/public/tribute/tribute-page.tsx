import { useEffect, useState, type FormEvent } from 'react'
import { useParams } from 'react-router-dom'
import { Button, Caption1, Field, Input, Text, Textarea } from '@fluentui/react-components'
import { useLingui } from '@lingui/react/macro'
import { leaveCondolence, tributePage } from '../../../api/tributes'
import { ApiError } from '../../../api/client'
import { CONDOLENCE_MESSAGE_MAX, CONDOLENCE_NAME_MAX, type TributePage as Page } from '../../../../shared/contracts/tributes'
import { mapLink } from '../../../../shared/tributes'
import { TRIBUTE_WORDS, condolenceRefusal, tributeDay, tributeTime } from '../../../../shared/tribute-words'
import { formatKsh } from '../../../lib/format'
import { useDocumentTitle } from '../../../lib/document-title'
import { usePublicStyles } from '../public-styles'
import { useContributeStyles } from '../contribute/contribute-styles'

type State = { kind: 'loading' } | { kind: 'missing'; status: 404 | 410 } | { kind: 'failed' } | { kind: 'ready'; page: Page }

/**
 * `/t/{slug}` on a build without the real server (the mock): the page the server writes in HTML
 * (server/tribute-html.ts), drawn here from the same API answer and in the same words
 * (shared/tribute-words.ts, one text for both renderings, in the language in use).
 */
export function TributePublicPage() {
  const slug = useParams().slug ?? ''
  const { i18n } = useLingui()
  const lang = i18n.locale === 'sw' ? 'sw' : 'en'
  const w = TRIBUTE_WORDS[lang]
  const pub = usePublicStyles()
  const styles = useContributeStyles()
  const [state, setState] = useState<State>({ kind: 'loading' })
  const [name, setName] = useState('')
  const [message, setMessage] = useState('')
  const [note, setNote] = useState<{ ok: true } | { ok: false; refusal: string | undefined } | null>(null)
  useDocumentTitle(state.kind === 'ready' ? w.title(state.page.deceased_name) : w.programme)

  useEffect(() => {
    tributePage(slug).then(
      (page) => setState({ kind: 'ready', page }),
      (e: unknown) => setState(e instanceof ApiError && (e.status === 404 || e.status === 410) ? { kind: 'missing', status: e.status } : { kind: 'failed' }),
    )
  }, [slug])

  const send = (e: FormEvent) => {
    e.preventDefault()
    leaveCondolence(slug, { name, message }).then(
      () => {
        setNote({ ok: true })
        setName('')
        setMessage('')
      },
      (error: unknown) => {
        // Kept in English and said at render: a change of language says it anew.
        setNote({ ok: false, refusal: error instanceof ApiError ? error.serverMessage : undefined })
      },
    )
  }

  if (state.kind !== 'ready')
    return (
      <div className={pub.container}>
        <div className={styles.column}>
          <Text role={state.kind === 'loading' ? 'status' : 'alert'}>{state.kind === 'missing' ? (state.status === 410 ? w.gone : w.notFound) : state.kind === 'failed' ? w.notFound : '…'}</Text>
        </div>
      </div>
    )
  const p = state.page
  const h = p.harambee
  const dates = [p.born ? `${w.born} ${tributeDay(lang, p.born)}` : null, p.died ? `${w.died} ${tributeDay(lang, p.died)}` : null].filter(Boolean).join(' · ')
  return (
    <div className={pub.container}>
      <div className={styles.column}>
        <header>
          {p.photo && (
            <img
              src={p.photo.url}
              srcSet={`${p.photo.small_url} ${p.photo.small_width}w, ${p.photo.url} ${p.photo.width}w`}
              sizes="(max-width: 24rem) 50vw, 12rem"
              width={p.photo.width}
              height={p.photo.height}
              alt={p.deceased_name}
              style={{ display: 'block', width: '12rem', maxWidth: '50vw', height: 'auto', borderRadius: 12 }}
            />
          )}
          <Caption1 className={styles.home}>{w.inMemory}</Caption1>
          <h1 className={pub.pageTitle}>{p.deceased_name}</h1>
          {dates && <Text block>{dates}</Text>}
        </header>
        {p.story && (
          <section className={styles.panel}>
            <h2 className={styles.heading}>{w.story}</h2>
            <Text className={styles.quote}>{p.story}</Text>
          </section>
        )}
        {p.events.length > 0 && (
          <section className={styles.panel}>
            <h2 className={styles.heading}>{w.programme}</h2>
            <ol className={styles.list} aria-label={w.programme}>
              {p.events.map((e, i) => {
                const map = mapLink(e)
                return (
                  <li key={i}>
                    <Text block weight="semibold">{e.title}</Text>
                    <Text block>{tributeTime(lang, e.starts_at)}</Text>
                    {e.place && <Text block className={styles.muted}>{e.place}</Text>}
                    {map && (
                      <a className={styles.link} href={map} rel="noopener">
                        {w.map}
                      </a>
                    )}
                  </li>
                )
              })}
            </ol>
          </section>
        )}
        {p.livestream_url && (
          <section className={styles.panel}>
            <h2 className={styles.heading}>{w.livestream}</h2>
            <a className={styles.link} href={p.livestream_url} rel="noopener">
              {w.watch}
            </a>
          </section>
        )}
        {h && (
          <section className={styles.panel}>
            <h2 className={styles.heading}>{w.harambee}</h2>
            <Text>{w.given(formatKsh(h.paid), formatKsh(h.total))}</Text>
            {h.path ? (
              <>
                <Text>{w.due(formatKsh(h.amount_due))}</Text>
                <a className={styles.link} href={h.path}>
                  {w.contribute}
                </a>
              </>
            ) : (
              <Text className={styles.muted}>{w.harambeeClosed}</Text>
            )}
          </section>
        )}
        <section className={styles.panel}>
          <h2 className={styles.heading}>{w.condolences}</h2>
          {p.condolences.length === 0 ? (
            <Text className={styles.muted}>{w.noCondolences}</Text>
          ) : (
            <ul className={styles.list} aria-label={w.condolences}>
              {p.condolences.map((c, i) => (
                <li key={i}>
                  <Text block className={styles.quote}>{c.message}</Text>
                  <Text block weight="semibold">{c.name}</Text>
                </li>
              ))}
            </ul>
          )}
          <h2 className={styles.heading}>{w.leave}</h2>
          {note && (
            <Text role={note.ok ? 'status' : 'alert'} className={note.ok ? undefined : styles.error}>
              {note.ok ? w.sent : condolenceRefusal(lang, note.refusal)}
            </Text>
          )}
          <form onSubmit={send} style={{ display: 'grid', gap: 8 }}>
            <Field label={w.yourName} required>
              <Input value={name} onChange={(_, d) => setName(d.value)} maxLength={CONDOLENCE_NAME_MAX} required />
            </Field>
            <Field label={w.yourMessage} required hint={w.shownAfter}>
              <Textarea value={message} onChange={(_, d) => setMessage(d.value)} maxLength={CONDOLENCE_MESSAGE_MAX} required />
            </Field>
            <div>
              <Button type="submit" appearance="primary">
                {w.send}
              </Button>
            </div>
          </form>
        </section>
        <Caption1 className={styles.muted}>{`${w.contact}: ${p.home.name} · ${p.home.phone} · ${p.home.email}`}</Caption1>
      </div>
    </div>
  )
}

export default TributePublicPage
