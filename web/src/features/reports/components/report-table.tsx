import { Badge, Table, Text } from "@mantine/core";
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

/** A report's table: its columns as the server named them; scores coloured. */
export function ReportTable({ report }: { report: ReportResult }) {
  if (!report.rows.length) {
    return (
      <Text c="dimmed" size="sm">
        No data for this report yet.
      </Text>
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
