import { Link } from "react-router";
import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import type { Sitting } from "@adesua/domain";
import { formatDateTime } from "@/lib/format";
import { scanFacts, sittingFacts } from "./sitting-text";

/** One sitting in a list: its class and facts, what is scanned, and the way to its page and to the Scan screen. */
export function SittingCard({ sitting: s, base, showQuiz }: { sitting: Sitting; base: string; showQuiz?: boolean }) {
  const to = `${base}/sittings/${s.id}`;
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="sitting-row">
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0, flex: "1 1 220px" }}>
          <Text fw={700} component={Link} to={to} c="blue.8" style={{ overflowWrap: "anywhere" }}>
            {showQuiz ? `${s.quiz.title} · ${s.class}` : s.class}
          </Text>
          <Text size="sm" c="dimmed">
            {sittingFacts(s)}
          </Text>
          <Text size="sm">{scanFacts(s)}</Text>
          <Text size="xs" c="dimmed">
            Printed {formatDateTime(s.createdAt)}
          </Text>
        </Stack>
        <Group gap={6} wrap="wrap">
          {s.scans.review > 0 && (
            <Badge color="orange" variant="light" tt="none">
              {s.scans.review} need you
            </Badge>
          )}
          <Button size="sm" variant="light" component={Link} to={to} aria-label={`Open the sitting ${s.quiz.title} ${s.class}`}>
            Open
          </Button>
          <Button size="sm" component={Link} to={`${to}/scan`} aria-label={`Scan sheets of ${s.quiz.title} ${s.class}`}>
            Scan sheets
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
