import "@mantine/charts/styles.css";
import { BarChart, LineChart } from "@mantine/charts";

/**
 * The performance charts (@mantine/charts on recharts). This module is only ever imported lazily from
 * staff pages, so the chart library never reaches a student's bundle (decision 011).
 */
export function DistributionChart({ data }: { data: { band: string; count: number }[] }) {
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="band"
      series={[{ name: "count", label: "Students", color: "blue.6" }]}
      tickLine="y"
      xAxisLabel="Best score (%)"
      yAxisProps={{ allowDecimals: false }}
    />
  );
}

export function HistoryChart({ data }: { data: { label: string; score: number | null }[] }) {
  return (
    <LineChart
      h={240}
      data={data}
      dataKey="label"
      series={[{ name: "score", label: "Best score", color: "teal.6" }]}
      curveType="linear"
      connectNulls
      yAxisProps={{ domain: [0, 100] }}
      unit="%"
      xAxisProps={{ tick: false }}
    />
  );
}
