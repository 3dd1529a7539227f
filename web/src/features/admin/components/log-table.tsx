import { Badge, Code, Group, Paper, Stack, Text } from "@mantine/core";
import type { AuditLog } from "@adesua/domain";
import { auditActionColor } from "@adesua/domain/rules";
import { actorLine, formatLogDate, truncatedJson } from "./log-format";
import { EntityIcon } from "./entity-icon";
import { CardList } from "@/components/list-page";
import { DataTable, useWideScreen } from "@/components/list-page/data-table";

function Changes({ log }: { log: AuditLog }) {
  if (!log.before && !log.after) {
    return (
      <Text size="sm" c="dimmed">
        No changes recorded
      </Text>
    );
  }
  const side = (label: string, value: NonNullable<AuditLog["before"]>) => (
    <Text size="xs" component="div">
      <Text span fw={600} size="xs">
        {label}:{" "}
      </Text>
      <Code style={{ overflowWrap: "anywhere", whiteSpace: "normal" }}>{truncatedJson(value)}</Code>
    </Text>
  );
  return (
    <Stack gap={4}>
      {log.before && side("Before", log.before)}
      {log.after && side("After", log.after)}
    </Stack>
  );
}

/** The entity: its icon, type, what it is called (the user's name, the quiz's title…) and its id. */
function Entity({ log }: { log: AuditLog }) {
  const id = log.entityId !== null && log.entityId !== "" ? `ID: ${log.entityId}` : "N/A";
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <EntityIcon type={log.entityType} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {log.entityType}
        </Text>
        {log.targetName && (
          <Text size="sm" style={{ overflowWrap: "anywhere" }} data-testid="log-target">
            {log.targetName}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {id}
        </Text>
      </Stack>
    </Group>
  );
}

function ActionBadge({ log }: { log: AuditLog }) {
  return (
    <Badge color={auditActionColor(log.action)} variant="light" style={{ overflow: "visible", flexShrink: 0 }}>
      {log.action}
    </Badge>
  );
}

function Actor({ log, by = false }: { log: AuditLog; by?: boolean }) {
  return (
    <Text size="sm" data-testid="log-actor" style={{ overflowWrap: "anywhere" }}>
      {by ? `By ${actorLine(log)}` : actorLine(log)}
    </Text>
  );
}

/**
 * The audit trail (issue 24: who did it, and to what, by name). Wide screens: a table of Entity, Action, By,
 * Date & Time and Changes. Phones: one card per entry, so the time and the changes are read without scrolling sideways.
 */
export function LogTable({ logs }: { logs: AuditLog[] }) {
  const wide = useWideScreen(768);
  if (!wide) {
    return (
      <CardList rows={logs} gap="xs" label="Audit logs">
        {(log) => (
          <Paper key={log.id} component="li" withBorder p="sm" radius="md" data-testid="log-row">
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Entity log={log} />
                <ActionBadge log={log} />
              </Group>
              <Actor log={log} by />
              <Text size="sm" c="dimmed" data-testid="log-time">
                {formatLogDate(log.createdAt)}
              </Text>
              <Changes log={log} />
            </Stack>
          </Paper>
        )}
      </CardList>
    );
  }
  return (
    // The table may still scroll sideways on a narrow window; the region takes the keyboard focus so it can be scrolled.
    <div role="region" aria-label="Audit logs" tabIndex={0} style={{ overflowX: "auto" }}>
      <DataTable
        rows={logs}
        rowKey={(log) => log.id}
        rowProps={() => ({ "data-testid": "log-row" })}
        highlightOnHover
        miw={760}
        columns={[
          { key: "entity", header: "Entity", td: { maw: 240 }, cell: (log) => <Entity log={log} /> },
          { key: "action", header: "Action", td: { style: { minWidth: 110 } }, cell: (log) => <ActionBadge log={log} /> },
          { key: "by", header: "By", td: { maw: 200 }, cell: (log) => <Actor log={log} /> },
          {
            key: "time",
            header: "Date & Time",
            cell: (log) => (
              <Text size="sm" style={{ whiteSpace: "nowrap" }} data-testid="log-time">
                {formatLogDate(log.createdAt)}
              </Text>
            ),
          },
          { key: "changes", header: "Changes", td: { maw: 320 }, cell: (log) => <Changes log={log} /> },
        ]}
      />
    </div>
  );
}
