import { Group, Stack, Text, Title } from "@mantine/core";
import { greetingFor } from "@adesua/domain/rules";
import type { ReactNode } from "react";

/** "Good morning, Ama" with an optional line under it and actions on the right. */
export function Greeting({ name, subtitle, actions }: { name: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {greetingFor(new Date())}, {name}
        </Title>
        {subtitle && <Text c="dimmed">{subtitle}</Text>}
      </Stack>
      {actions}
    </Group>
  );
}
