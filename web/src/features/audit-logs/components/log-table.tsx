import { Badge, Code, Group, Stack, Table, Text } from "@mantine/core";
import type { AuditLog } from "@adesua/domain";
import { auditActionColor } from "@adesua/domain/rules";
import { formatLogDate, truncatedJson } from "./log-format";
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

/** The audit table: Entity (icon, type, "ID: value" or N/A), Action badge, Date & Time, Changes. */
export function LogTable({ logs }: { logs: AuditLog[] }) {
  return (
    // The table scrolls sideways on phones; the region takes the keyboard focus so it can be scrolled.
    <div role="region" aria-label="Audit logs" tabIndex={0} style={{ overflowX: "auto" }}>
      <Table striped highlightOnHover miw={640} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Entity</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Date &amp; Time</Table.Th>
            <Table.Th>Changes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {logs.map((log) => (
            <Table.Tr key={log.id} data-testid="log-row">
              <Table.Td>
                <Group gap={8} wrap="nowrap">
                  <EntityIcon type={log.entityType} />
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {log.entityType}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {log.entityId !== null && log.entityId !== "" ? `ID: ${log.entityId}` : "N/A"}
                    </Text>
                  </Stack>
                </Group>
              </Table.Td>
              <Table.Td style={{ minWidth: 110 }}>
                <Badge color={auditActionColor(log.action)} variant="light" style={{ overflow: "visible" }}>
                  {log.action}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: "nowrap" }}>
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
