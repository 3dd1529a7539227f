import { Badge, Group, Stack, Text } from "@mantine/core";
import type { AdminStats } from "@adesua/domain";
import { auditActionColor } from "@adesua/domain/rules";
import { formatDateTime } from "@/lib/format";

/** The latest audit entries: who did what to which kind of thing, and when. */
export function ActivityList({ items }: { items: AdminStats["data"]["recentActivity"] }) {
  if (!items.length) {
    return (
      <Text size="sm" c="dimmed">
        No activity recorded yet.
      </Text>
    );
  }
  return (
    <Stack gap={8} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {items.map((a, i) => (
        <Group key={i} component="li" justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              <b>{a.user}</b> · {a.type}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(a.time)}
            </Text>
          </Stack>
          <Badge color={auditActionColor(a.action)} variant="light">
            {a.action}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}
