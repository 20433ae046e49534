/**
 * A small, calm picture for an empty list: a candle or a lily, never an alarm-grey icon. It is
 * decorative (the sentence next to it says what is missing and the button what to do), a static
 * file rather than inline SVG so it costs no script, and sized by its attributes so nothing moves
 * when it arrives.
 */
export function EmptyArt({ name }: { name: 'candle' | 'lily' }) {
  return <img src={`/illustrations/${name}.svg`} alt="" width={96} height={96} loading="lazy" decoding="async" />
}
