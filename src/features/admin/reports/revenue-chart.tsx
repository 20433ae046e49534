import { VerticalBarChart, type VerticalBarChartDataPoint } from '@fluentui/react-charts'
import { makeStyles, tokens } from '@fluentui/react-components'
import { formatKsh } from '../../../lib/format'
import type { RevenuePoint } from './revenue-series'

const useStyles = makeStyles({
  // The chart measures its parent: give it the card's width and no more, so a phone never scrolls sideways.
  root: { width: '100%', minWidth: 0, overflow: 'hidden' },
})

const compact = new Intl.NumberFormat('en-KE', { notation: 'compact', maximumFractionDigits: 1 })

/**
 * Revenue per period as bars (@fluentui/react-charts, loaded in a chunk of its own so only an admin
 * who opens Reports downloads it). The figures are also in the transactions table and the cards.
 */
export default function RevenueChart({ points, title }: { points: RevenuePoint[]; title: string }) {
  const styles = useStyles()
  const data: VerticalBarChartDataPoint[] = points.map((p) => ({
    x: p.label,
    y: p.revenue,
    legend: p.label,
    color: tokens.colorBrandBackground,
    xAxisCalloutData: p.label,
    yAxisCalloutData: formatKsh(p.revenue),
  }))
  return (
    <div className={styles.root}>
      <VerticalBarChart
        chartTitle={title}
        data={data}
        height={260}
        hideLegend
        useSingleColor
        barWidth="auto"
        maxBarWidth={48}
        wrapXAxisLables
        yAxisTickFormat={(v: number) => compact.format(v)}
        yAxisTitle="KSH"
      />
    </div>
  )
}
