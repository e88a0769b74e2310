import { formatPeso } from '@hiram/contract/money';
import type { PortfolioReport } from '@hiram/contract/ops/reports';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/*
 * The report's charts, loaded with import() when the Reports screen first shows figures, so the chart library
 * stays out of the console's first load (ADR 0034). Each chart is a picture for sighted readers only
 * (aria-hidden, not focusable); the table beside it on the screen holds the same figures for everyone.
 */

const INK = '#1d2430';
const MUTED = '#5b6575';
const DISBURSED = '#1f5fbf';
const COLLECTED = '#2e7d32';

/** Whole pesos, grouped, for an axis: the exact figures are in the tables. */
const axisPesos = (centavos: number) => formatPeso(Math.round(centavos / 100) * 100);
const tooltipPesos = (value: unknown) => formatPeso(Number(value));

function ChartFrame({ height = 240, children }: { height?: number; children: React.ReactElement }) {
  return (
    <div className="chart" aria-hidden="true" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

/** Disbursed principal and cash collected, a pair of bars per Manila day. */
export function DailyChart({ days }: { days: PortfolioReport['days'] }) {
  return (
    <ChartFrame>
      <BarChart data={days} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid stroke="#e3e7ee" vertical={false} />
        <XAxis
          dataKey="day"
          tick={{ fill: MUTED, fontSize: 12 }}
          tickFormatter={(day: string) => day.slice(5)}
        />
        <YAxis tick={{ fill: MUTED, fontSize: 12 }} tickFormatter={axisPesos} width={88} />
        <Tooltip formatter={tooltipPesos} />
        <Legend wrapperStyle={{ color: INK }} />
        <Bar
          dataKey="disbursedPrincipal"
          name="Disbursed principal"
          fill={DISBURSED}
          isAnimationActive={false}
        />
        <Bar dataKey="collected" name="Collected" fill={COLLECTED} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}

/** PAR n as a percentage of outstanding principal, one bar per n. */
export function ParChart({ par, outstanding }: { par: PortfolioReport['par']; outstanding: number }) {
  const data = par.map((row) => ({
    label: `PAR ${row.days}`,
    percent: outstanding === 0 ? 0 : Number(((row.principal / outstanding) * 100).toFixed(1)),
  }));
  return (
    <ChartFrame height={200}>
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid stroke="#e3e7ee" vertical={false} />
        <XAxis dataKey="label" tick={{ fill: MUTED, fontSize: 12 }} />
        <YAxis tick={{ fill: MUTED, fontSize: 12 }} unit="%" domain={[0, 100]} width={48} />
        <Tooltip formatter={(value) => `${value}%`} />
        <Bar
          dataKey="percent"
          name="Share of outstanding principal"
          fill="#b54708"
          isAnimationActive={false}
        />
      </BarChart>
    </ChartFrame>
  );
}

/** Cash collected per channel, largest first. */
export function ChannelChart({ channels }: { channels: PortfolioReport['collectionsByChannel'] }) {
  return (
    <ChartFrame height={Math.max(120, channels.length * 36 + 40)}>
      <BarChart
        data={channels}
        layout="vertical"
        accessibilityLayer={false}
        margin={{ top: 8, right: 16, bottom: 0, left: 8 }}
      >
        <CartesianGrid stroke="#e3e7ee" horizontal={false} />
        <XAxis type="number" tick={{ fill: MUTED, fontSize: 12 }} tickFormatter={axisPesos} />
        <YAxis type="category" dataKey="channel" tick={{ fill: INK, fontSize: 12 }} width={120} />
        <Tooltip formatter={tooltipPesos} />
        <Bar dataKey="amount" name="Collected" fill={COLLECTED} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}
