import { BarChart } from "@mantine/charts";
import "@mantine/charts/styles.css";
import type { ReportResult } from "@adesua/domain";

/** The report's bars (recharts through @mantine/charts, loaded only with the reports screen). */
export default function ReportChart({ chart }: { chart: NonNullable<ReportResult["chart"]> }) {
  const data = chart.bars.map((b) => ({ label: b.label, value: b.value }));
  return (
    <BarChart
      h={Math.max(180, data.length * 28)}
      data={data}
      dataKey="label"
      orientation="vertical"
      yAxisProps={{ width: 120 }}
      series={[{ name: "value", label: chart.valueLabel, color: "blue.6" }]}
    />
  );
}
