import { Badge, Checkbox, em, Group, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { QuizPerformanceRow } from "@adesua/domain";
import { formatDateTime } from "@/lib/format";
import { NewTabLink } from "@/components/new-tab-link";
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

/** A badge whose label never shrinks below its text inside a table's cell (it was cut to "AC…", issue 24). */
const WHOLE_LABEL = { label: { overflow: "visible" } } as const;

/** One figure of a phone card: its name above it. */
function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} component="div">
        {children}
      </Text>
    </div>
  );
}

type Props = {
  rows: QuizPerformanceRow[];
  sort: Sort;
  onSort: (s: Sort) => void;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: (on: boolean) => void;
  detailsHref: (id: number) => string;
};

/**
 * On a phone (< 600 px) each quiz is a card: its name, status, then the figures that matter first (average, pass rate,
 * attempts), with the selection box and View Details; a select sorts (issue 24: the table's figures started off-screen).
 */
function QuizPerformanceCards({ rows, sort, onSort, selected, onToggle, onToggleAll, detailsHref }: Props) {
  const all = rows.length > 0 && rows.every((r) => selected.has(r.quizId));
  const some = rows.some((r) => selected.has(r.quizId));
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <Checkbox label="Select all" checked={all} indeterminate={some && !all} onChange={(e) => onToggleAll(e.currentTarget.checked)} />
        <NativeSelect
          label="Sort by"
          size="xs"
          value={`${sort.sortBy}:${sort.sortOrder}`}
          onChange={(e) => {
            const [sortBy, sortOrder] = e.currentTarget.value.split(":");
            onSort({ sortBy, sortOrder: sortOrder as Sort["sortOrder"] });
          }}
          data={COLUMNS.flatMap((c) => [
            { value: `${c.key}:asc`, label: `${c.label} ▲` },
            { value: `${c.key}:desc`, label: `${c.label} ▼` },
          ])}
        />
      </Group>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label="Quiz performance">
        {rows.map((r) => (
          <Paper component="li" key={r.quizId} withBorder p="sm" radius="md" aria-label={r.quizTitle} data-testid="quiz-performance-card">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Group wrap="nowrap" align="flex-start" gap="xs" style={{ minWidth: 0 }}>
                  <Checkbox aria-label={`Select ${r.quizTitle}`} checked={selected.has(r.quizId)} onChange={() => onToggle(r.quizId)} mt={2} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={700} style={{ overflowWrap: "anywhere" }}>
                      {r.quizTitle}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {r.courseTitle} · {formatDateTime(r.createdAt)}
                    </Text>
                  </Stack>
                </Group>
                <Badge color={STATUS_COLOR[r.status]} variant="light" style={{ flex: "none" }} styles={WHOLE_LABEL}>
                  {STATUS_LABEL[r.status]}
                </Badge>
              </Group>
              <SimpleGrid cols={3} spacing="xs" verticalSpacing={4}>
                <Figure label="Average">
                  {r.avgScore === null ? (
                    "—"
                  ) : (
                    <Badge color={gradeColor(r.avgScore)} variant="filled" autoContrast styles={WHOLE_LABEL}>
                      {score(r.avgScore)}
                    </Badge>
                  )}
                </Figure>
                <Figure label="Pass rate">{passRate(r.passRate)}</Figure>
                <Figure label="Attempts">{r.completedAttempts}</Figure>
                <Figure label="Students">{r.totalStudents}</Figure>
                <Figure label="Min – max">{r.minScore === null ? "—" : `${score(r.minScore)} – ${score(r.maxScore)}`}</Figure>
                <Figure label="Rating">{r.performanceRating ? RATING_LABEL[r.performanceRating] : "No data"}</Figure>
              </SimpleGrid>
              <Group justify="space-between" gap="xs">
                <Text size="xs" c="dimmed">
                  Max attempts: {maxAttempts(r.maxAttempts)}
                </Text>
                <NewTabLink href={detailsHref(r.quizId)} size="sm" aria-label={`View Details: ${r.quizTitle} (opens in a new tab)`}>
                  View Details
                </NewTabLink>
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

/** The enhanced dashboard's sortable table with a selection checkbox per quiz and View Details (new tab). */
export function QuizPerformanceTable(props: Props) {
  const { rows, sort, onSort, selected, onToggle, onToggleAll, detailsHref } = props;
  const phone = useMediaQuery(`(max-width: ${em(600)})`, false, { getInitialValueInEffect: false });
  if (phone) return <QuizPerformanceCards {...props} />;
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
                  <Badge color={gradeColor(r.avgScore)} variant="filled" autoContrast styles={WHOLE_LABEL}>
                    {score(r.avgScore)}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{score(r.minScore)}</Table.Td>
              <Table.Td>{score(r.maxScore)}</Table.Td>
              <Table.Td>{passRate(r.passRate)}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOR[r.status]} variant="light" styles={WHOLE_LABEL}>
                  {STATUS_LABEL[r.status]}
                </Badge>
              </Table.Td>
              <Table.Td>{maxAttempts(r.maxAttempts)}</Table.Td>
              <Table.Td>
                {r.performanceRating ? (
                  <Badge color={RATING_COLOR[r.performanceRating]} variant="outline" styles={WHOLE_LABEL}>
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
                  <NewTabLink href={detailsHref(r.quizId)} size="sm" aria-label={`View Details: ${r.quizTitle} (opens in a new tab)`}>
                    View Details
                  </NewTabLink>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
