import type { ReactNode } from "react";
import { useHydrated } from "~/app/lib/use-hydrated";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

export type ChartPoint = { label: string; value: number };

/** What a bar chart and a line chart draw differently; the rest is one frame. */
const KINDS = {
  bar: {
    Chart: BarChart,
    margin: { top: 8, right: 8, bottom: 40, left: 24 },
    xAxis: (
      <XAxis
        dataKey="label"
        interval={0}
        angle={-35}
        textAnchor="end"
        tick={{ fontSize: 10 }}
        height={60}
      />
    ),
    series: (name: string): ReactNode => (
      <Bar dataKey="value" name={name} fill="#1d4ed8" radius={[4, 4, 0, 0]} />
    ),
  },
  line: {
    Chart: LineChart,
    margin: { top: 8, right: 8, bottom: 8, left: 0 },
    xAxis: <XAxis dataKey="label" tick={{ fontSize: 11 }} />,
    series: (name: string): ReactNode => (
      <Line type="monotone" dataKey="value" name={name} stroke="#0f766e" strokeWidth={2} dot />
    ),
  },
} as const;

// Recharts measures the DOM, so the picture is drawn after hydration (useHydrated); the data table
// beside it (visible to screen readers, and to everyone before JavaScript) carries the same numbers.
export function ChartCard({
  kind,
  data,
  name,
}: {
  kind: keyof typeof KINDS;
  data: ChartPoint[];
  name: string;
}) {
  const mounted = useHydrated();
  if (!mounted) return null;
  const { Chart, margin, xAxis, series } = KINDS[kind];
  return (
    <div className="h-64 w-full" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <Chart data={data} margin={margin} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          {xAxis}
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={36} />
          <Tooltip />
          {series(name)}
        </Chart>
      </ResponsiveContainer>
    </div>
  );
}
