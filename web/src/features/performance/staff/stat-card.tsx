import { Paper, Text } from "@mantine/core";

/** A figure with its label above it (the dashboards' summary cards; `large` for the quiz dashboard's headline four). */
export function StatCard({ label, value, large = false }: { label: string; value: string | number; large?: boolean }) {
  return (
    <Paper withBorder p={large ? "md" : "sm"} radius="md">
      <Text size={large ? "sm" : "xs"} c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={large ? "xl" : "lg"}>
        {value}
      </Text>
    </Paper>
  );
}
