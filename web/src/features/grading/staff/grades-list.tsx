import { Link } from "react-router";
import { Badge, Button, em, Group, Paper, Stack, Table, Text, UnstyledButton } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { SubmissionItem } from "@adesua/domain";
import type { SubmissionSort } from "@adesua/domain/constants";
import { formatDateTime } from "@/lib/format";
import { ScoreBar } from "./score-bar";

export type Sort = { by: SubmissionSort; order: "asc" | "desc" };

type Props = {
  rows: SubmissionItem[];
  sort: Sort;
  onSort: (by: SubmissionSort) => void;
  onEdit: (row: SubmissionItem) => void;
  onDelete: (row: SubmissionItem) => void;
  base: string;
};

const COLUMNS: { by: SubmissionSort; label: string }[] = [
  { by: "student", label: "Student" },
  { by: "course", label: "Course" },
  { by: "quiz", label: "Quiz" },
  { by: "score", label: "Score" },
  { by: "date", label: "Submitted" },
];

function Status({ row, base }: { row: SubmissionItem; base: string }) {
  if (!row.graded)
    return (
      <Button size="compact-xs" variant="light" color="yellow" component={Link} to={`${base}/quiz/${row.quizId}/grade`}>
        Awaiting grading
      </Button>
    );
  return (
    <Badge color={row.passed ? "green" : "red"} variant="light" style={{ flexShrink: 0, overflow: "visible" }}>
      {row.passed ? "Passed" : "Failed"}
    </Badge>
  );
}

function Actions({ row, onEdit, onDelete }: Pick<Props, "onEdit" | "onDelete"> & { row: SubmissionItem }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="compact-sm" variant="light" onClick={() => onEdit(row)} aria-label={`Edit grade of ${row.user.name}, ${row.quiz.title}`}>
        Edit
      </Button>
      <Button size="compact-sm" variant="light" color="red" onClick={() => onDelete(row)} aria-label={`Delete grade of ${row.user.name}, ${row.quiz.title}`}>
        Delete
      </Button>
    </Group>
  );
}

/** Grades as a sortable table on a desktop, one card per grade on a phone (with the sort as buttons above). */
export function GradesList({ rows, sort, onSort, onEdit, onDelete, base }: Props) {
  const wide = useMediaQuery(`(min-width: ${em(992)})`, true, { getInitialValueInEffect: false });
  const arrow = (by: SubmissionSort) => (sort.by === by ? (sort.order === "asc" ? " ▲" : " ▼") : "");
  if (!wide) {
    return (
      <Stack gap="sm">
        <Group gap={6} wrap="wrap" role="group" aria-label="Sort by">
          {COLUMNS.map((c) => (
            <Button key={c.by} size="compact-sm" variant={sort.by === c.by ? "filled" : "default"} onClick={() => onSort(c.by)} aria-pressed={sort.by === c.by}>
              {c.label}
              {arrow(c.by)}
            </Button>
          ))}
        </Group>
        <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {rows.map((r) => (
            <Paper key={r.id} component="li" withBorder p="sm" radius="md" aria-label={`${r.user.name}, ${r.quiz.title}`} data-testid="grade-row">
              <Stack gap={6}>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text fw={700}>{r.user.name}</Text>
                  <Status row={r} base={base} />
                </Group>
                <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {r.quiz.title} · {r.course.title} · {formatDateTime(r.createdAt)}
                </Text>
                <ScoreBar score={r.score} label={`Score of ${r.user.name}`} />
                <Actions row={r} onEdit={onEdit} onDelete={onDelete} />
              </Stack>
            </Paper>
          ))}
        </Stack>
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <Table.Th key={c.by} aria-sort={sort.by === c.by ? (sort.order === "asc" ? "ascending" : "descending") : "none"}>
                <UnstyledButton onClick={() => onSort(c.by)} fw={700} fz="sm">
                  {c.label}
                  {arrow(c.by)}
                </UnstyledButton>
              </Table.Th>
            ))}
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id} data-testid="grade-row">
              <Table.Td>{r.user.name}</Table.Td>
              <Table.Td>{r.course.title}</Table.Td>
              <Table.Td>{r.quiz.title}</Table.Td>
              <Table.Td>
                <ScoreBar score={r.score} label={`Score of ${r.user.name}`} />
              </Table.Td>
              <Table.Td>{formatDateTime(r.createdAt)}</Table.Td>
              <Table.Td style={{ minWidth: 110 }}>
                <Status row={r} base={base} />
              </Table.Td>
              <Table.Td>
                <Actions row={r} onEdit={onEdit} onDelete={onDelete} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
