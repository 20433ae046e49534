import { makeStyles, tokens } from '@fluentui/react-components'
import { useLingui } from '@lingui/react/macro'
import { formatKsh } from '../../../lib/format'
import { REPORTS_TEXT } from './reports-words'
import type { RevenuePoint } from './revenue-series'

const useStyles = makeStyles({
  root: { width: '100%', minWidth: 0 },
  svg: { display: 'block', width: '100%', height: 'auto', overflow: 'visible' },
  axis: { fill: tokens.colorNeutralForeground2, fontSize: '11px' },
  grid: { stroke: tokens.colorNeutralStroke2, strokeWidth: 1 },
  bar: { fill: tokens.colorBrandBackground },
})

const compact = new Intl.NumberFormat('en-KE', { notation: 'compact', maximumFractionDigits: 1 })

/** 0, a round step, …, at least the maximum: 4 gridlines of 1/2/5 × 10^n. */
function ticks(max: number): number[] {
  if (max <= 0) return [0]
  const raw = max / 4
  const power = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw
  const out: number[] = []
  for (let v = 0; v < max + step; v += step) out.push(v)
  return out
}

/**
 * Revenue per period as a bar chart in plain SVG. `@fluentui/react-charts` (d3) made a 74 KB gzip
 * chunk for these few bars, over the 60 KB budget of a portal chunk; this one is under 1 KB. The
 * figures are also in the transactions table and the cards; each bar names its period and amount.
 */
export default function RevenueChart({ points, title }: { points: RevenuePoint[]; title: string }) {
  const styles = useStyles()
  const { t } = useLingui()
  const width = 640
  const height = 260
  const left = 48
  const bottom = 28
  const top = 8
  const plotW = width - left - 8
  const plotH = height - top - bottom
  const max = Math.max(0, ...points.map((p) => p.revenue))
  const scale = ticks(max)
  const ceiling = scale[scale.length - 1] || 1
  const slot = points.length ? plotW / points.length : plotW
  const barW = Math.min(48, slot * 0.7)
  const labelEvery = Math.max(1, Math.ceil(points.length / 8))
  const y = (v: number) => top + plotH - (v / ceiling) * plotH
  const total = points.reduce((s, p) => s + p.revenue, 0)

  return (
    <figure className={styles.root} style={{ margin: 0 }}>
      <svg className={styles.svg} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={t(REPORTS_TEXT.chart.summary(title, formatKsh(total), points.length))}>
        {scale.map((v) => (
          <g key={v}>
            <line className={styles.grid} x1={left} x2={width - 8} y1={y(v)} y2={y(v)} />
            <text className={styles.axis} x={left - 6} y={y(v) + 4} textAnchor="end">
              {compact.format(v)}
            </text>
          </g>
        ))}
        {points.map((p, i) => {
          const x = left + i * slot + (slot - barW) / 2
          const h = Math.max(p.revenue > 0 ? 1 : 0, top + plotH - y(p.revenue))
          return (
            <g key={`${p.label}-${i}`}>
              {h > 0 && (
                <rect className={styles.bar} x={x} y={top + plotH - h} width={barW} height={h} rx={2}>
                  <title>{`${p.label}: ${formatKsh(p.revenue)}`}</title>
                </rect>
              )}
              {i % labelEvery === 0 && (
                <text className={styles.axis} x={x + barW / 2} y={height - 8} textAnchor="middle">
                  {p.label}
                </text>
              )}
            </g>
          )
        })}
      </svg>
    </figure>
  )
}
