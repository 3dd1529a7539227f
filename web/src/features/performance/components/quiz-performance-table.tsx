import { Anchor, Badge, Checkbox, Group, Table, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import type { QuizPerformanceRow } from "@adesua/domain";
import { formatDateTime } from "@/lib/format";
import { gradeColor, maxAttempts, passRate, RATING_COLOR, RATING_LABEL, score, STATUS_COLOR, STATUS_LABEL } from "./performance-display";

type Sort = { sortBy: string; sortOrder: "asc" | "desc" };

const COLUMNS: { key: string; label: string }[] = [
  { key: "title", label: "Quiz" },
  { key: "courseTitle", label: "Course" },
  { key: "createdAt", label: "Created" },
  { key: "totalStudents", label: "Students" },
  { key: "completedAttempts", label: "Attempts" },
  { key: "avgScore", label: "Average" },
  { key: "minScore", label: "Min" },
  { key: "maxScore", label: "Max" },
  { key: "passRate", label: "Pass rate" },
  { key: "status", label: "Status" },
];

/** A column header that sorts by it: a button inside the header, with aria-sort on the header. */
function SortHeader({ col, sort, onSort }: { col: { key: string; label: string }; sort: Sort; onSort: (s: Sort) => void }) {
  const active = sort.sortBy === col.key;
  const next: Sort = { sortBy: col.key, sortOrder: active && sort.sortOrder === "asc" ? "desc" : "asc" };
  return (
    <Table.Th aria-sort={active ? (sort.sortOrder === "asc" ? "ascending" : "descending") : "none"} style={{ whiteSpace: "nowrap" }}>
      <UnstyledButton onClick={() => onSort(next)} fw={700} fz="sm">
        {col.label} {active ? (sort.sortOrder === "asc" ? "▲" : "▼") : ""}
        <VisuallyHidden>{active ? `, sorted ${sort.sortOrder === "asc" ? "ascending" : "descending"}` : ", sort"}</VisuallyHidden>
      </UnstyledButton>
    </Table.Th>
  );
}

/** The enhanced dashboard's sortable table with a selection checkbox per quiz and View Details (new tab). */
export function QuizPerformanceTable({
  rows,
  sort,
  onSort,
  selected,
  onToggle,
  onToggleAll,
  detailsHref,
}: {
  rows: QuizPerformanceRow[];
  sort: Sort;
  onSort: (s: Sort) => void;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: (on: boolean) => void;
  detailsHref: (id: number) => string;
}) {
  const all = rows.length > 0 && rows.every((r) => selected.has(r.quizId));
  const some = rows.some((r) => selected.has(r.quizId));
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table striped highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Checkbox
                aria-label="Select every quiz on this page"
                checked={all}
                indeterminate={some && !all}
                onChange={(e) => onToggleAll(e.currentTarget.checked)}
              />
            </Table.Th>
            {COLUMNS.map((c) => (
              <SortHeader key={c.key} col={c} sort={sort} onSort={onSort} />
            ))}
            <Table.Th>Max attempts</Table.Th>
            <Table.Th>Rating</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.quizId}>
              <Table.Td>
                <Checkbox aria-label={`Select ${r.quizTitle}`} checked={selected.has(r.quizId)} onChange={() => onToggle(r.quizId)} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {r.quizTitle}
                </Text>
              </Table.Td>
              <Table.Td>{r.courseTitle}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(r.createdAt)}</Table.Td>
              <Table.Td>{r.totalStudents}</Table.Td>
              <Table.Td>{r.completedAttempts}</Table.Td>
              <Table.Td>
                {r.avgScore === null ? (
                  "—"
                ) : (
                  <Badge color={gradeColor(r.avgScore)} variant="filled" autoContrast styles={{ label: { overflow: "visible" } }}>
                    {score(r.avgScore)}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{score(r.minScore)}</Table.Td>
              <Table.Td>{score(r.maxScore)}</Table.Td>
              <Table.Td>{passRate(r.passRate)}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOR[r.status]} variant="light">
                  {STATUS_LABEL[r.status]}
                </Badge>
              </Table.Td>
              <Table.Td>{maxAttempts(r.maxAttempts)}</Table.Td>
              <Table.Td>
                {r.performanceRating ? (
                  <Badge color={RATING_COLOR[r.performanceRating]} variant="outline">
                    {RATING_LABEL[r.performanceRating]}
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed">
                    No data
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Anchor
                    href={detailsHref(r.quizId)}
                    target="_blank"
                    rel="noopener"
                    size="sm"
                    aria-label={`View Details: ${r.quizTitle} (opens in a new tab)`}
                  >
                    View Details
                  </Anchor>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
