import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge, Button, Group, Paper, Stack, Text, UnstyledButton } from "@mantine/core";
import type { SubmissionItem } from "@adesua/domain";
import type { SubmissionSort } from "@adesua/domain/constants";
import { formatDateTime } from "@/lib/format";
import { CardList } from "@/components/list-page";
import { DataTable, useWideScreen } from "@/components/list-page/data-table";
import { ScoreBar } from "./score-bar";
import { isOnPaper, OnPaperBadge } from "./on-paper-badge";

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

/** What the sortable columns show, row by row. */
const CELLS: Record<SubmissionSort, (r: SubmissionItem) => ReactNode> = {
  student: (r) => r.user.name,
  course: (r) => r.course.title,
  quiz: (r) => r.quiz.title,
  score: (r) => <ScoreBar score={r.score} label={`Score of ${r.user.name}`} />,
  date: (r) => formatDateTime(r.createdAt),
};

function Status({ row, base }: { row: SubmissionItem; base: string }) {
  const status = !row.graded ? (
    <Button size="compact-xs" variant="light" color="yellow" component={Link} to={`${base}/quiz/${row.quizId}/grade`}>
      Awaiting grading
    </Button>
  ) : (
    <Badge color={row.passed ? "green" : "red"} variant="light" style={{ flexShrink: 0, overflow: "visible" }}>
      {row.passed ? "Passed" : "Failed"}
    </Badge>
  );
  if (!isOnPaper(row)) return status;
  return (
    <Group gap={4} wrap="wrap">
      {status}
      <OnPaperBadge row={row} />
    </Group>
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
  const wide = useWideScreen(992);
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
        <CardList rows={rows}>
          {(r) => (
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
          )}
        </CardList>
      </Stack>
    );
  }
  return (
    <DataTable
      rows={rows}
      rowKey={(r) => r.id}
      rowProps={() => ({ "data-testid": "grade-row" })}
      minWidth={800}
      highlightOnHover
      columns={[
        ...COLUMNS.map((c) => ({
          key: c.by,
          th: { "aria-sort": sort.by === c.by ? (sort.order === "asc" ? "ascending" : "descending") : "none" } as const,
          header: (
            <UnstyledButton onClick={() => onSort(c.by)} fw={700} fz="sm">
              {c.label}
              {arrow(c.by)}
            </UnstyledButton>
          ),
          cell: CELLS[c.by],
        })),
        { key: "status", header: "Status", td: { style: { minWidth: 110 } }, cell: (r) => <Status row={r} base={base} /> },
        { key: "actions", header: "Actions", cell: (r) => <Actions row={r} onEdit={onEdit} onDelete={onDelete} /> },
      ]}
    />
  );
}
