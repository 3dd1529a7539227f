import { useEffect, useState, type ReactNode } from "react";
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ReportSubject } from "@adesua/domain";
import { MarkInput, useMarkCells, type EntryComponent, type EntryStudent, type MarkSaver } from "./marks-entry";

/**
 * The score sheet on a phone: one student at a time, their marks' inputs one under the other, their figures, and
 * Previous / Next (Enter in the last mark goes on to the next student).
 */
export function OneStudentEntry({
  students,
  components,
  saved,
  saver,
  figures,
  remark,
  adjust,
}: {
  students: EntryStudent[];
  components: EntryComponent[];
  saved: (componentId: number, studentId: number) => number | null;
  saver: MarkSaver;
  figures: (s: EntryStudent) => { row: ReportSubject | undefined; items: readonly (readonly [string, string])[] };
  remark: (s: EntryStudent) => ReactNode;
  adjust: (s: EntryStudent) => ReactNode;
}) {
  const [index, setIndex] = useState(0);
  const at = Math.min(index, students.length - 1);
  const s = students[at];
  // One row in the cells' grid: Enter goes down the components; after the last, on to the next student's first.
  const { cell, focus } = useMarkCells(
    components.map((c) => ({ ...c })),
    [s],
    saved,
    saver,
  );
  // The next student's first mark takes the focus once their card is drawn.
  const [focusFirst, setFocusFirst] = useState(false);
  useEffect(() => {
    if (!focusFirst) return;
    focus(0, 0);
    setFocusFirst(false);
  }, [focusFirst, focus]);
  const go = (to: number, thenFocus = false) => {
    setIndex(Math.max(0, Math.min(students.length - 1, to)));
    if (thenFocus) setFocusFirst(true);
  };

  return (
    <Stack gap="sm">
      <Select
        label="Student"
        searchable
        data={students.map((x, i) => ({ value: String(i), label: `${i + 1}. ${x.name}` }))}
        value={String(at)}
        onChange={(v) => v !== null && go(Number(v))}
        allowDeselect={false}
      />
      <Paper withBorder p="md" radius="md" data-testid="sheet-student">
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <Title order={2} size="h4" style={{ overflowWrap: "anywhere" }}>
              {s.name}
            </Title>
            <Text size="sm" c="dimmed">
              {at + 1} of {students.length}
            </Text>
          </Group>
          {components.map((c, col) => {
            const props = cell(c, s, 0, col);
            return (
              <Stack key={c.id} gap={2}>
                <Text size="sm" fw={500}>
                  {c.name}
                </Text>
                <MarkInput
                  label={`${c.name} for ${s.name}`}
                  outOf={c.outOf}
                  cell={{
                    ...props,
                    onKeyDown: (e) => {
                      if (e.key === "Enter" && !e.shiftKey && col === components.length - 1 && at < students.length - 1) {
                        e.preventDefault();
                        go(at + 1, true);
                      } else props.onKeyDown(e);
                    },
                  }}
                />
              </Stack>
            );
          })}
          <SimpleGrid cols={3} spacing="xs" verticalSpacing={4}>
            {figures(s).items.map(([k, v]) => (
              <div key={k}>
                <Text size="xs" c="dimmed">
                  {k}
                </Text>
                <Text fw={600}>{v}</Text>
              </div>
            ))}
          </SimpleGrid>
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              Remark
            </Text>
            {remark(s)}
          </Stack>
          <Group justify="space-between">
            {adjust(s)}
            <Group gap="xs">
              <Button variant="default" size="sm" onClick={() => go(at - 1)} disabled={at === 0}>
                Previous
              </Button>
              <Button size="sm" onClick={() => go(at + 1, true)} disabled={at === students.length - 1}>
                Next
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
