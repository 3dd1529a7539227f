import "@mantine/charts/styles.css";
import { BarChart } from "@mantine/charts";

/** The aggregate distribution as bars (loaded lazily by the results page, so the chart library stays off other pages). */
export function AggregateChart({ data }: { data: { range: string; count: number }[] }) {
  return (
    <BarChart
      h={200}
      data={data}
      dataKey="range"
      series={[{ name: "count", label: "Students", color: "blue.6" }]}
      tickLine="y"
      xAxisLabel="Aggregate"
      yAxisProps={{ allowDecimals: false }}
    />
  );
}
