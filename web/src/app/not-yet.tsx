import { Paper, Stack, Text, Title } from "@mantine/core";

/** A route the navigation names whose screen a later release brings; it says so plainly. */
export function NotYetAvailable({ title }: { title: string }) {
  return (
    <Paper withBorder p="lg" maw={640}>
      <Stack gap="xs">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text c="dimmed">This part of Adesua is not available yet. It is planned for a coming release.</Text>
      </Stack>
    </Paper>
  );
}
