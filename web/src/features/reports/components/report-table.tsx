import { Badge, em, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReportCell, ReportColumn, ReportResult } from "@adesua/domain";
import { scoreColor } from "@adesua/domain/rules";

function Cell({ col, value }: { col: ReportColumn; value: ReportCell }) {
  if (value === null || value === undefined || value === "") return <Text size="sm">—</Text>;
  if (col.kind === "score" && typeof value === "number") {
    // Reports: green at 80 or more, yellow at 60 or more (spec §9), red below.
    const color = scoreColor(value);
    return (
      <Badge color={color} variant="light" data-score-color={color}>
        {value.toFixed(2)}
      </Badge>
    );
  }
  if (col.kind === "date" && typeof value === "string") return <Text size="sm">{new Date(value).toLocaleDateString("en-GB")}</Text>;
  return <Text size="sm">{String(value)}</Text>;
}

/** A report's table: its columns as the server named them; scores coloured. On a phone, one card per row. */
export function ReportTable({ report }: { report: ReportResult }) {
  const phone = useMediaQuery(`(max-width: ${em(600)})`, false, { getInitialValueInEffect: false });
  if (!report.rows.length) {
    return (
      <Text c="dimmed" size="sm">
        No data for this report yet.
      </Text>
    );
  }
  if (phone) {
    // Every figure of a row visible without scrolling sideways (issue 24: the BECE readiness figures started off-screen):
    // the first column names the card, the others follow as label and value.
    const [head, ...rest] = report.columns;
    return (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label={`${report.name} rows`} data-testid="report-cards">
        {report.rows.map((row, i) => (
          <Paper component="li" key={i} withBorder p="xs" radius="sm">
            <Text fw={700} size="sm" style={{ overflowWrap: "anywhere" }}>
              {head ? String(row[head.key] ?? "—") : ""}
            </Text>
            <Stack gap={2} mt={4}>
              {rest.map((c) => (
                <Group key={c.key} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                    {c.label}
                  </Text>
                  <div style={{ flex: "none", maxWidth: "60%", textAlign: "right", overflowWrap: "anywhere" }}>
                    <Cell col={c} value={row[c.key] ?? null} />
                  </div>
                </Group>
              ))}
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <div role="region" aria-label={`${report.name} table`} tabIndex={0} style={{ overflowX: "auto" }}>
      <Table striped miw={520} data-testid="report-table">
        <Table.Thead>
          <Table.Tr>
            {report.columns.map((c) => (
              <Table.Th key={c.key}>{c.label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((row, i) => (
            <Table.Tr key={i}>
              {report.columns.map((c) => (
                <Table.Td key={c.key}>
                  <Cell col={c} value={row[c.key] ?? null} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
