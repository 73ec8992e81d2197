// The two pictures of a finished job's summaries, drawn by recharts. They are
// loaded on demand (see SummaryCharts.tsx): recharts is most of the window's
// code, and only the results of a finished job need it. Their sizes come from
// SummaryCharts.tsx, which reserves the same room while they load. Each
// picture shows what the table beside it says, so both are hidden from
// assistive technology by their containers and never take focus.
import { Bar, BarChart, Cell, LabelList, Pie, PieChart, XAxis, YAxis } from 'recharts';
import type { RowStatusName } from '../../../../../electron/ipc/contract';

export interface Slice {
  outcome: RowStatusName;
  value: number;
}

export interface ProviderBar {
  name: string;
  value: number;
  label: string;
}

export function OutcomeDonut({ slices, size }: { slices: Slice[]; size: number }) {
  return (
    <PieChart width={size} height={size} accessibilityLayer={false}>
      <Pie
        data={slices}
        dataKey="value"
        nameKey="outcome"
        innerRadius={60}
        outerRadius={90}
        startAngle={90}
        endAngle={-270}
        paddingAngle={slices.length > 1 ? 1.5 : 0}
        stroke="none"
        rootTabIndex={-1}
        isAnimationActive={false}
      >
        {slices.map((s) => (
          <Cell key={s.outcome} className={`outcome-fill-${s.outcome}`} />
        ))}
      </Pie>
    </PieChart>
  );
}

export function ProviderBars({ data, height }: { data: ProviderBar[]; height: number }) {
  return (
    <BarChart
      layout="vertical"
      data={data}
      responsive
      style={{ width: '100%', height }}
      margin={{ top: 4, right: 120, bottom: 4, left: 0 }}
      barCategoryGap={6}
      accessibilityLayer={false}
    >
      <XAxis type="number" hide domain={[0, 'dataMax']} />
      <YAxis
        type="category"
        dataKey="name"
        width={128}
        tickLine={false}
        axisLine={false}
        interval={0}
      />
      <Bar
        dataKey="value"
        className="provider-bar"
        radius={[0, 4, 4, 0]}
        isAnimationActive={false}
        minPointSize={2}
      >
        <LabelList dataKey="label" position="right" className="provider-bar-label" />
      </Bar>
    </BarChart>
  );
}
