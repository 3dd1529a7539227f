import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Table as Grid, Text, TextInput } from "@mantine/core";
import { acceptTyped, markKey, markOf, markText, moveFrom } from "./marks-entry-model";

export type EntryStudent = { studentId: number; name: string };
export type EntryComponent = { id: number; name: string; outOf: number };
/** What the cells need of the saver: the marks waiting to be saved, and a way to add one. */
export type MarkSaver = { put: (key: string, mark: number | null) => void; pending: Record<string, number | null> };

/**
 * The typed text of each cell and its keys: digits only, out-of-range refused on the spot (the cell keeps its last
 * good text and says why), every accepted change handed to the saver at once, Enter and the arrows move on.
 */
export function useMarkCells(
  components: EntryComponent[],
  students: EntryStudent[],
  saved: (componentId: number, studentId: number) => number | null,
  saver: MarkSaver,
) {
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<Record<string, string>>({});
  const inputs = useRef(new Map<string, HTMLInputElement>());

  const focus = (row: number, col: number) => {
    const s = students[row];
    const c = components[col];
    const el = s && c ? inputs.current.get(markKey(c.id, s.studentId)) : undefined;
    el?.focus();
    el?.select();
  };

  const cell = (c: EntryComponent, s: EntryStudent, row: number, col: number) => {
    const key = markKey(c.id, s.studentId);
    const value = texts[key] ?? markText(key in saver.pending ? saver.pending[key] : saved(c.id, s.studentId));
    return {
      value,
      problem: refused[key] ?? null,
      waiting: key in saver.pending,
      ref: (el: HTMLInputElement | null) => {
        if (el) inputs.current.set(key, el);
        else inputs.current.delete(key);
      },
      onChange: (next: string) => {
        const typed = acceptTyped(next, c.outOf);
        if (!typed.ok) {
          setRefused((r) => ({ ...r, [key]: typed.problem }));
          return;
        }
        setRefused(({ [key]: _gone, ...rest }) => rest);
        setTexts((t) => ({ ...t, [key]: next }));
        saver.put(key, markOf(typed.text));
      },
      onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => {
        const to = moveFrom({ row, col }, e.key, e.shiftKey, students.length, components.length);
        if (to) {
          e.preventDefault();
          focus(to.row, to.col);
        } else if (e.key === "Enter") e.preventDefault();
      },
      onBlur: () => setRefused(({ [key]: _gone, ...rest }) => rest),
    };
  };
  return { cell, focus };
}

/** One mark's input: "missing" while empty, a blue edge while it waits to be saved, the refusal under it. */
export function MarkInput({ label, cell, outOf }: { label: string; cell: ReturnType<ReturnType<typeof useMarkCells>["cell"]>; outOf: number }) {
  return (
    <TextInput
      size="xs"
      ref={cell.ref}
      aria-label={label}
      inputMode="decimal"
      autoComplete="off"
      placeholder="missing"
      value={cell.value}
      onChange={(e) => cell.onChange(e.currentTarget.value)}
      onKeyDown={cell.onKeyDown}
      onBlur={cell.onBlur}
      error={cell.problem}
      rightSection={
        <Text size="xs" c="dimmed" aria-hidden>
          /{outOf}
        </Text>
      }
      rightSectionWidth={40}
      styles={{
        input: { minWidth: 84, ...(cell.waiting && !cell.problem ? { borderColor: "var(--mantine-color-blue-8)" } : {}) },
        error: { whiteSpace: "nowrap" },
      }}
    />
  );
}

/**
 * The whole class in a grid (wide screens): a row per student, a column per "marks" component, then the columns the
 * page adds (`head`, `tail`). Enter goes down a column, Tab along a row.
 */
export function MarksEntryGrid({
  label,
  students,
  components,
  saved,
  saver,
  head,
  tail,
}: {
  label: string;
  students: EntryStudent[];
  components: EntryComponent[];
  saved: (componentId: number, studentId: number) => number | null;
  saver: MarkSaver;
  head: ReactNode;
  tail: (s: EntryStudent) => ReactNode;
}) {
  const { cell } = useMarkCells(components, students, saved, saver);
  return (
    <Grid.ScrollContainer minWidth={Math.max(720, 560 + components.length * 120)}>
      <Grid striped withTableBorder verticalSpacing={4} aria-label={label}>
        <Grid.Thead>
          <Grid.Tr>
            <Grid.Th scope="col">Student</Grid.Th>
            {components.map((c) => (
              <Grid.Th key={c.id} scope="col">
                {c.name}
                <Text span size="xs" c="dimmed">
                  {" "}
                  /{c.outOf}
                </Text>
              </Grid.Th>
            ))}
            {head}
          </Grid.Tr>
        </Grid.Thead>
        <Grid.Tbody>
          {students.map((s, row) => (
            <Grid.Tr key={s.studentId} data-testid="sheet-row">
              <Grid.Th scope="row" fw={500} style={{ overflowWrap: "anywhere" }}>
                {s.name}
              </Grid.Th>
              {components.map((c, col) => (
                <Grid.Td key={c.id}>
                  <MarkInput label={`${c.name} for ${s.name}`} cell={cell(c, s, row, col)} outOf={c.outOf} />
                </Grid.Td>
              ))}
              {tail(s)}
            </Grid.Tr>
          ))}
        </Grid.Tbody>
      </Grid>
    </Grid.ScrollContainer>
  );
}
