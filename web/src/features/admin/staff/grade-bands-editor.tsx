import { ActionIcon, Button, Group, NumberInput, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import type { BandRow, BandsCheck } from "./grade-bands";

/**
 * The grade table as editable rows, "lowest score → grade", highest first as schools write it. A row's problem shows
 * under its own field; the table's (no band from 0, a better score with a worse grade) under the table.
 */
export function GradeBandsEditor({ rows, onChange, check }: { rows: BandRow[]; onChange: (rows: BandRow[]) => void; check: BandsCheck | null }) {
  const set = (i: number, part: Partial<BandRow>) => onChange(rows.map((r, k) => (k === i ? { ...r, ...part } : r)));
  return (
    <Stack gap="xs" maw={460}>
      <Table withTableBorder verticalSpacing={4} horizontalSpacing="xs" aria-label="Grade bands">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lowest score</Table.Th>
            <Table.Th>Grade</Table.Th>
            <Table.Th w={44}>
              <VisuallyHidden>Remove</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => {
            const err = check?.rows[i];
            return (
              <Table.Tr key={i} data-testid="band-row">
                <Table.Td>
                  <NumberInput
                    aria-label={`Band ${i + 1}: lowest score`}
                    value={r.min}
                    min={0}
                    max={100}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="none"
                    hideControls
                    onChange={(v) => set(i, { min: v })}
                    error={err?.min}
                    size="sm"
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Band ${i + 1}: grade`}
                    value={r.grade}
                    min={1}
                    max={9}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="none"
                    hideControls
                    onChange={(v) => set(i, { grade: v })}
                    error={err?.grade}
                    size="sm"
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove band ${i + 1}`}
                    onClick={() => onChange(rows.filter((_, k) => k !== i))}
                    disabled={rows.length <= 1}
                  >
                    ×
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {check?.table && (
        <Text size="sm" c="red" role="alert">
          {check.table}
        </Text>
      )}
      <Group gap="xs">
        <Button size="xs" variant="light" onClick={() => onChange([...rows, { min: "", grade: "" }])} disabled={rows.length >= 20}>
          Add band
        </Button>
      </Group>
    </Stack>
  );
}
