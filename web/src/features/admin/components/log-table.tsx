import { Badge, Code, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { em } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { AuditLog } from "@adesua/domain";
import { auditActionColor } from "@adesua/domain/rules";
import { actorLine, formatLogDate, truncatedJson } from "./log-format";
import { EntityIcon } from "./entity-icon";

function Changes({ log }: { log: AuditLog }) {
  if (!log.before && !log.after) {
    return (
      <Text size="sm" c="dimmed">
        No changes recorded
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      {log.before && (
        <Text size="xs" component="div">
          <Text span fw={600} size="xs">
            Before:{" "}
          </Text>
          <Code style={{ overflowWrap: "anywhere", whiteSpace: "normal" }}>{truncatedJson(log.before)}</Code>
        </Text>
      )}
      {log.after && (
        <Text size="xs" component="div">
          <Text span fw={600} size="xs">
            After:{" "}
          </Text>
          <Code style={{ overflowWrap: "anywhere", whiteSpace: "normal" }}>{truncatedJson(log.after)}</Code>
        </Text>
      )}
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
  const phone = useMediaQuery(`(max-width: ${em(767)})`, false, { getInitialValueInEffect: false });
  if (phone) {
    return (
      <Stack gap="xs" role="list" aria-label="Audit logs">
        {logs.map((log) => (
          <Paper key={log.id} withBorder p="sm" radius="md" role="listitem" data-testid="log-row">
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
        ))}
      </Stack>
    );
  }
  return (
    // The table may still scroll sideways on a narrow window; the region takes the keyboard focus so it can be scrolled.
    <div role="region" aria-label="Audit logs" tabIndex={0} style={{ overflowX: "auto" }}>
      <Table striped highlightOnHover miw={760} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Entity</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>Date &amp; Time</Table.Th>
            <Table.Th>Changes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {logs.map((log) => (
            <Table.Tr key={log.id} data-testid="log-row">
              <Table.Td maw={240}>
                <Entity log={log} />
              </Table.Td>
              <Table.Td style={{ minWidth: 110 }}>
                <ActionBadge log={log} />
              </Table.Td>
              <Table.Td maw={200}>
                <Actor log={log} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: "nowrap" }} data-testid="log-time">
                  {formatLogDate(log.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td maw={320}>
                <Changes log={log} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
