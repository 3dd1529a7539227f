import { Paper, Text } from "@mantine/core";

export function StatCard({ label, value, hint }: { label: string; value: number | string; hint?: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={28} fw={700} data-testid={`stat-${label}`}>
        {typeof value === "number" ? value.toLocaleString("en-US") : value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}
