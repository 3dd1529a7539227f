import { BarChart } from "@mantine/charts";
import { em } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import "@mantine/charts/styles.css";
import type { ReportResult } from "@adesua/domain";

/** At most this many characters of a bar's label on its axis (the whole label is in the tooltip and the table below). */
const LABEL_CHARS = { phone: 36, wide: 40 };

export const shortLabel = (label: string, max: number) => (label.length > max ? `${label.slice(0, max - 1).trimEnd()}…` : label);

/**
 * The report's bars (recharts through @mantine/charts, loaded only with the reports screen). Recharts wraps a label to
 * its axis's width; each bar now has room for the lines (at 360 px they ran into their neighbours', issue 24), and a
 * very long label is shortened (the whole one is in the tooltip and the table below).
 */
export default function ReportChart({ chart }: { chart: NonNullable<ReportResult["chart"]> }) {
  const phone = useMediaQuery(`(max-width: ${em(600)})`, false, { getInitialValueInEffect: false });
  const data = chart.bars.map((b) => ({ label: b.label, value: b.value }));
  const max = phone ? LABEL_CHARS.phone : LABEL_CHARS.wide;
  return (
    <BarChart
      // Room for a label of up to three lines beside each bar on a phone.
      h={Math.max(180, data.length * (phone ? 52 : 36))}
      data={data}
      dataKey="label"
      orientation="vertical"
      yAxisProps={{ width: phone ? 124 : 220, interval: 0, tickFormatter: (v: string) => shortLabel(String(v), max) }}
      series={[{ name: "value", label: chart.valueLabel, color: "blue.6" }]}
    />
  );
}
