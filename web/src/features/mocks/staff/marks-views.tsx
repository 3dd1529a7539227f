import { useRef, useState, type KeyboardEvent } from "react";
import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput } from "@mantine/core";
import type { MockPaper, PaperMarkRow } from "@adesua/domain";
import { boxKey, moveFrom, questionTotal } from "./marks-model";

type Question = NonNullable<MockPaper["questions"]>[number];

/** What both views need: the rows shown, the paper's questions (none: one total), and the boxes' text and problems. */
export type MarksViewProps = {
  rows: PaperMarkRow[];
  questions: Question[];
  outOf: number;
  text: (key: string) => string;
  problems: Record<string, string>;
  missing: (row: PaperMarkRow) => boolean;
  onType: (studentId: number, col: number | "total", text: string) => void;
};

const colsOf = (questions: Question[]): (number | "total")[] => (questions.length ? questions.map((_, i) => i) : ["total"]);
const colLabel = (questions: Question[], col: number | "total", outOf: number) =>
  col === "total" ? `Mark /${outOf}` : `Q${questions[col].label} /${questions[col].outOf}`;

/** Where the paper's quiz score stands in for a missing mark. */
function QuizHint({ row }: { row: PaperMarkRow }) {
  return row.quizScore !== null ? (
    <Text span size="xs" c="dimmed">
      {" "}
      · quiz {Math.round(row.quizScore * 100) / 100}%
    </Text>
  ) : null;
}

/** From 768 px: a grid of students × questions (or × the total); Enter goes down, Tab along, the arrows up and down. */
export function MarksGridView({ rows, questions, outOf, text, problems, missing, onType }: MarksViewProps) {
  const box = useRef<HTMLDivElement>(null);
  const cols = colsOf(questions);
  function onKey(e: KeyboardEvent<HTMLInputElement>, row: number, col: number) {
    const to = moveFrom({ row, col }, e.key, e.shiftKey, rows.length, cols.length);
    if (!to) return;
    e.preventDefault();
    box.current?.querySelector<HTMLInputElement>(`[data-cell="${to.row}-${to.col}"]`)?.focus();
  }
  return (
    <div ref={box}>
      <Table.ScrollContainer minWidth={Math.max(480, 260 + cols.length * 110)}>
        <Table striped withTableBorder verticalSpacing={4} aria-label="Marks">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Student</Table.Th>
              <Table.Th scope="col">Class</Table.Th>
              {cols.map((c) => (
                <Table.Th key={c} scope="col">
                  {colLabel(questions, c, outOf)}
                </Table.Th>
              ))}
              {questions.length > 0 && <Table.Th scope="col">Total /{outOf}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, ri) => (
              <Table.Tr key={r.studentId} data-testid="marks-row">
                <Table.Th scope="row" fw={500} style={{ overflowWrap: "anywhere" }}>
                  {r.name}
                  <QuizHint row={r} />
                  {missing(r) && (
                    <Badge ml={6} size="xs" color="orange" variant="light">
                      Missing
                    </Badge>
                  )}
                </Table.Th>
                <Table.Td>{r.class}</Table.Td>
                {cols.map((c, ci) => {
                  const key = boxKey(r.studentId, c);
                  return (
                    <Table.Td key={c} miw={90}>
                      <TextInput
                        size="xs"
                        aria-label={`${colLabel(questions, c, outOf)} for ${r.name}`}
                        inputMode="decimal"
                        autoComplete="off"
                        value={text(key)}
                        error={problems[key]}
                        data-cell={`${ri}-${ci}`}
                        onFocus={(e) => e.currentTarget.select()}
                        onKeyDown={(e) => onKey(e, ri, ci)}
                        onChange={(e) => onType(r.studentId, c, e.currentTarget.value)}
                      />
                    </Table.Td>
                  );
                })}
                {questions.length > 0 && <Table.Td>{questionTotal(r.studentId, questions.length, text) ?? "—"}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}

/** Under 768 px: one student at a time, the mark box with the numeric keypad; Enter goes to the next box, then the next student. */
export function MarksPhoneView({ rows, questions, outOf, text, problems, missing, onType }: MarksViewProps) {
  const [index, setIndex] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const cols = colsOf(questions);
  const at = Math.min(index, Math.max(0, rows.length - 1));
  const r = rows[at];
  if (!r) return null;
  const go = (i: number) => {
    setIndex(i);
    // The new student's first box takes the focus, so the keypad stays up.
    setTimeout(() => box.current?.querySelector<HTMLInputElement>('[data-cell="0"]')?.focus(), 0);
  };
  function onKey(e: KeyboardEvent<HTMLInputElement>, ci: number) {
    if (e.key !== "Enter") return;
    e.preventDefault();
    if (ci + 1 < cols.length) box.current?.querySelector<HTMLInputElement>(`[data-cell="${ci + 1}"]`)?.focus();
    else if (at + 1 < rows.length) go(at + 1);
  }
  return (
    <Paper withBorder p="md" radius="md" ref={box} aria-label="Marks of one student" component="section">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={700} size="lg" style={{ overflowWrap: "anywhere" }} data-testid="phone-student">
              {r.name}
            </Text>
            <Text size="sm" c="dimmed">
              {r.class}
              <QuizHint row={r} />
            </Text>
          </Stack>
          <Stack gap={4} align="flex-end">
            <Text size="sm" c="dimmed" style={{ whiteSpace: "nowrap" }}>
              {at + 1} of {rows.length}
            </Text>
            {missing(r) && (
              <Badge size="sm" color="orange" variant="light">
                Missing
              </Badge>
            )}
          </Stack>
        </Group>
        {cols.map((c, ci) => {
          const key = boxKey(r.studentId, c);
          return (
            <TextInput
              key={`${r.studentId}-${c}`}
              label={colLabel(questions, c, outOf)}
              aria-label={`${colLabel(questions, c, outOf)} for ${r.name}`}
              size="lg"
              inputMode="decimal"
              enterKeyHint={ci + 1 < cols.length || at + 1 < rows.length ? "next" : "done"}
              autoComplete="off"
              value={text(key)}
              error={problems[key]}
              data-cell={ci}
              onFocus={(e) => e.currentTarget.select()}
              onKeyDown={(e) => onKey(e, ci)}
              onChange={(e) => onType(r.studentId, c, e.currentTarget.value)}
            />
          );
        })}
        {questions.length > 0 && <Text size="sm">Total: {questionTotal(r.studentId, questions.length, text) ?? "—"}</Text>}
        <Group grow>
          <Button variant="default" size="md" disabled={at === 0} onClick={() => go(at - 1)}>
            Previous
          </Button>
          <Button size="md" disabled={at + 1 >= rows.length} onClick={() => go(at + 1)}>
            Next
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
