import type { ReactNode } from "react";
import { Paper, Stack, Title } from "@mantine/core";

/** One numbered step of reading questions into the app (Upload Quiz, Bulk Upload): a bordered box under its heading. */
export function StepSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
