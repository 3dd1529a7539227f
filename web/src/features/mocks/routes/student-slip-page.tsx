import { Link, useParams } from "react-router";
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { errorText } from "@/lib/api";
import { PageHeader } from "@/components/page-header";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { changeText, downloadMySlip, notFound, notReleased, ordinal, ownRow, useMyMockResult } from "../api/student-results";

const TABLE = { width: "100%", borderCollapse: "collapse", border: "1px solid var(--mantine-color-gray-3)", fontSize: "var(--mantine-font-size-sm)" } as const;
const CELL = { padding: "8px 10px", borderBottom: "1px solid var(--mantine-color-gray-3)" } as const;
const STRIPE = { background: "var(--mantine-color-gray-0)" } as const;

export const RESULTS_PATH = "/students/dashboard/results";

const BackToResults = () => (
  <Button component={Link} to={RESULTS_PATH} variant="default">
    All results
  </Button>
);

/** "Results not released yet": before release, and for a mock the student cannot see, in plain words. */
export function NotReleased({ what }: { what: string }) {
  return <EmptyState title="Results not released yet" message={`Your ${what} appears here once the school releases it.`} action={<BackToResults />} />;
}

function Figure({ label, value, note }: { label: string; value: string; note?: string | null }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={28} lh={1.2}>
        {value}
      </Text>
      {note && <Text size="sm">{note}</Text>}
    </Paper>
  );
}

/** /students/dashboard/results/mocks/:id: the student's own result slip (subjects, grades, aggregate, position). */
export function StudentSlipPage() {
  const id = Number(useParams().id);
  const result = useMyMockResult(id);
  const download = useMutation({ mutationFn: (title: string) => downloadMySlip(id, title) });

  if (result.isPending) {
    return (
      <Stack role="status" aria-label="Loading">
        <Skeleton height={32} width="70%" />
        <Skeleton height={90} />
        <Skeleton height={200} />
      </Stack>
    );
  }
  if (result.isError) {
    if (notReleased(result.error) || notFound(result.error)) {
      return (
        <Stack>
          <PageHeader title="Mock result slip" />
          <NotReleased what="result slip" />
        </Stack>
      );
    }
    return (
      <Stack>
        <ErrorState
          title="Could not load your results"
          message={errorText(result.error, "Failed to load your results. Please try again.")}
          onRetry={() => void result.refetch()}
          retrying={result.isFetching}
        />
        <Group>
          <BackToResults />
        </Group>
      </Stack>
    );
  }
  const { mock } = result.data;
  const row = ownRow(result.data);
  if (!row) {
    return (
      <Stack>
        <PageHeader title={mock.title} />
        <EmptyState title="No result for you in this mock" message="You have no marks in this mock. Ask your class teacher." action={<BackToResults />} />
      </Stack>
    );
  }
  const change = changeText(row);
  return (
    <Stack>
      <PageHeader title={mock.title} subtitle={`${row.name} · ${row.class}`} />
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Figure label="Aggregate" value={row.aggregate === null ? "—" : String(row.aggregate)} note={row.incomplete ? "Incomplete" : "6 is best"} />
        <Figure
          label="Position"
          value={row.position === null ? "—" : ordinal(row.position)}
          note={row.position === null ? null : `of ${result.data.sitting} students`}
        />
        {change && (
          <Paper withBorder p="sm" radius="md" style={{ gridColumn: "1 / -1" }}>
            <Text size="sm">{change}</Text>
          </Paper>
        )}
      </SimpleGrid>
      {row.incomplete && (
        <Text size="sm" c="dimmed">
          A subject has no mark yet, so there is no aggregate or position. Ask your teacher about the missing paper.
        </Text>
      )}
      {/* A plain table: Mantine's Table brings its scroll area (18 KB) to a student page that needs none. */}
      <table aria-label="Subjects" style={TABLE}>
        <thead>
          <tr>
            <th style={{ ...CELL, textAlign: "left" }}>Subject</th>
            <th style={{ ...CELL, textAlign: "right" }}>Score</th>
            <th style={{ ...CELL, textAlign: "right" }}>Grade</th>
          </tr>
        </thead>
        <tbody>
          {row.subjects.map((s, i) => (
            <tr key={s.name} style={i % 2 ? undefined : STRIPE}>
              <td style={{ ...CELL, overflowWrap: "anywhere" }}>
                {s.name}
                {s.core && (
                  <Badge ml={6} size="xs" variant="light" color="gray">
                    core
                  </Badge>
                )}
              </td>
              <td style={{ ...CELL, textAlign: "right" }}>{s.score === null ? "missing" : String(Math.round(s.score * 100) / 100)}</td>
              <td style={{ ...CELL, textAlign: "right", fontWeight: 700 }}>{s.grade ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {download.error && (
        <Alert color="red" role="alert">
          {errorText(download.error, "Could not download the slip. Please try again.")}
        </Alert>
      )}
      <Group gap="xs" wrap="wrap">
        <Button onClick={() => download.mutate(mock.title)} loading={download.isPending}>
          Download slip (PDF)
        </Button>
        <BackToResults />
      </Group>
    </Stack>
  );
}
