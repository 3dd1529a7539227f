import { DonutChart } from "@mantine/charts";
import "@mantine/charts/styles.css";

export type Slice = { name: string; value: number; color: string };

/** The donut of users by role (recharts through @mantine/charts: loaded on this staff page only). */
export default function UserDistributionChart({ data }: { data: Slice[] }) {
  return <DonutChart data={data} withLabels withLabelsLine={false} size={160} thickness={28} chartLabel={data.reduce((a, s) => a + s.value, 0)} />;
}
