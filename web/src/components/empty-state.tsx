import type { ReactNode } from "react";
import { Paper, Stack, Text } from "@mantine/core";

/** Nothing to list yet: says so plainly and offers the next step when there is one. */
export function EmptyState({ title, message, action }: { title: string; message?: ReactNode; action?: ReactNode }) {
  return (
    <Paper withBorder p="lg" bg="gray.0">
      <Stack gap={6} align="center" ta="center">
        <Text fw={600}>{title}</Text>
        {message && (
          <Text size="sm" c="dimmed">
            {message}
          </Text>
        )}
        {action}
      </Stack>
    </Paper>
  );
}
