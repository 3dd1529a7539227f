import { Table as Grid, Text, TextInput } from "@mantine/core";
import { columnMax, type Table, type TableRow } from "@adesua/domain";

/** An edited cell's text, by "studentId:columnKey". */
export type Edits = Record<string, string>;
export const cellId = (studentId: number, key: string) => `${studentId}:${key}`;

/** Why a typed mark cannot be saved, or null (empty clears the cell). */
export function markProblem(column: Table["columns"][number], text: string): string | null {
  const v = text.trim();
  if (v === "" || column.type === "text") return column.type === "text" && v.length > 500 ? "At most 500 characters" : null;
  if (!/^\d+(\.\d{1,2})?$/.test(v)) return "A number with at most two decimals";
  const n = Number(v);
  return n > columnMax(column) ? `At most ${columnMax(column)}` : null;
}

const shown = (v: TableRow["cells"][string] | undefined) => (v === undefined ? "" : String(v));

/**
 * The marks of one page of students: the name, then an input per column. Typed values stay in
 * `edits` (across pages) until saved; a value that cannot be saved is marked at once.
 */
export function MarksGrid({ table, rows, edits, onEdit }: { table: Table; rows: TableRow[]; edits: Edits; onEdit: (id: string, text: string) => void }) {
  const [first, ...marks] = table.columns;
  return (
    <Grid.ScrollContainer minWidth={Math.max(320, 180 + marks.length * 130)}>
      <Grid striped withTableBorder verticalSpacing={4} aria-label={`Marks: ${table.name}`}>
        <Grid.Thead>
          <Grid.Tr>
            <Grid.Th scope="col">{first.name}</Grid.Th>
            {marks.map((c) => (
              <Grid.Th key={c.key} scope="col">
                {c.name}
                {c.type === "number" && c.outOf ? (
                  <Text span size="xs" c="dimmed">
                    {" "}
                    /{c.outOf}
                  </Text>
                ) : null}
              </Grid.Th>
            ))}
          </Grid.Tr>
        </Grid.Thead>
        <Grid.Tbody>
          {rows.map((r) => (
            <Grid.Tr key={r.studentId}>
              <Grid.Th scope="row" fw={500} style={{ overflowWrap: "anywhere" }}>
                {r.name}
              </Grid.Th>
              {marks.map((c) => {
                const id = cellId(r.studentId, c.key);
                const value = edits[id] ?? shown(r.cells[c.key]);
                const problem = edits[id] !== undefined ? markProblem(c, edits[id]) : null;
                return (
                  <Grid.Td key={c.key}>
                    <TextInput
                      size="xs"
                      aria-label={`${c.name} for ${r.name}`}
                      inputMode={c.type === "number" ? "decimal" : "text"}
                      value={value}
                      onChange={(e) => onEdit(id, e.currentTarget.value)}
                      error={problem}
                      styles={edits[id] !== undefined && !problem ? { input: { borderColor: "var(--mantine-color-blue-8)" } } : undefined}
                    />
                  </Grid.Td>
                );
              })}
            </Grid.Tr>
          ))}
        </Grid.Tbody>
      </Grid>
    </Grid.ScrollContainer>
  );
}
