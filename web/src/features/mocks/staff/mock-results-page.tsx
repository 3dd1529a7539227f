import { lazy, Suspense, useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { Button, Group, NativeSelect, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import type { MockResults } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { staffBase } from "@/lib/staff-area";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { useMockResults } from "../api/mocks";
import { num } from "../components/mock-text";
import { BroadsheetTable } from "./broadsheet-table";
import { PrintDownloads } from "./print-downloads";

const AggregateChart = lazy(() => import("./aggregate-chart").then((m) => ({ default: m.AggregateChart })));
const GRADES = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];

/** mocks/:id/results: the broadsheet, the aggregate distribution, each subject's figures, the comparison and the downloads. */
export function MockResultsPage() {
  const id = Number(useParams().id);
  const base = staffBase(useLocation().pathname);
  const [cls, setCls] = useState("");
  const all = useMockResults(id, "");
  const results = useMockResults(id, cls);
  const classes = [...new Set((all.data?.students ?? []).map((s) => s.class))].sort();

  if (results.isPending)
    return (
      <Stack role="status" aria-label="Loading">
        <Skeleton height={32} width="50%" />
        <Skeleton height={400} />
      </Stack>
    );
  if (results.isError) return <ErrorState message={errorText(results.error, "Failed to load the results")} onRetry={() => void results.refetch()} />;
  const r = results.data;
  return (
    <Stack aria-busy={results.isFetching}>
      <PageHeader
        title={`Results: ${r.mock.title}`}
        subtitle={`${r.sitting} students in the sitting · ${r.incomplete} incomplete · ${r.mock.released ? "released" : "not released"} · ${
          r.mock.grading === "stanine" ? "stanine grades" : "grade bands"
        }`}
        actions={
          <Button variant="default" component={Link} to={`${base}/mocks/${id}`}>
            Back to the mock
          </Button>
        }
      />
      <Group align="flex-end" wrap="wrap" gap="sm">
        <NativeSelect
          label="Class"
          value={cls}
          data={[{ value: "", label: "All classes" }, ...classes.map((c) => ({ value: c, label: c }))]}
          onChange={(e) => setCls(e.currentTarget.value)}
          miw={140}
        />
      </Group>
      <PrintDownloads mock={{ id, title: r.mock.title }} cls={cls} />
      {r.students.length === 0 ? (
        <EmptyState title="No results yet." message="Results appear as marks are entered and quizzes submitted." />
      ) : (
        <>
          <Paper withBorder p="md" radius="md" component="section" aria-label="Broadsheet section">
            <Stack gap="xs">
              <Title order={2} size="h4">
                Broadsheet
              </Title>
              <Text size="xs" c="dimmed">
                Score (grade) per subject; * not core. Position by aggregate: equal aggregates share a position. Incomplete: a paper has no mark, so no
                aggregate.
              </Text>
              <BroadsheetTable results={r} />
            </Stack>
          </Paper>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Distribution results={r} />
            <Comparison results={r} />
          </SimpleGrid>
          <Subjects results={r} />
        </>
      )}
    </Stack>
  );
}

function Distribution({ results }: { results: MockResults }) {
  const data = results.aggregateCounts.map((a) => ({ range: `${a.from}–${a.to}`, count: a.count }));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Aggregate distribution">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Aggregate distribution
        </Title>
        <Suspense fallback={<Skeleton h={200} />}>
          <AggregateChart data={data} />
        </Suspense>
        <Table withTableBorder verticalSpacing={2} aria-label="Aggregates">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Aggregate</Table.Th>
              <Table.Th>Students</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((d) => (
              <Table.Tr key={d.range} data-testid="aggregate-range">
                <Table.Td>{d.range}</Table.Td>
                <Table.Td>{d.count}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td>Incomplete</Table.Td>
              <Table.Td>{results.students.filter((s) => s.incomplete).length}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}

function Comparison({ results }: { results: MockResults }) {
  const p = results.previous;
  const moved = results.students.filter((s) => s.change !== null && s.change !== 0).sort((a, b) => (a.change ?? 0) - (b.change ?? 0));
  const improved = moved.filter((s) => (s.change ?? 0) < 0).slice(0, 5);
  const fell = moved
    .filter((s) => (s.change ?? 0) > 0)
    .reverse()
    .slice(0, 5);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Comparison">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Since the previous mock
        </Title>
        {!p ? (
          <Text size="sm" c="dimmed">
            No earlier mock of this level to compare with.
          </Text>
        ) : (
          <>
            <Text size="sm">
              Against {p.title}: <strong>{p.improved}</strong> improved, <strong>{p.fell}</strong> fell, {p.same} the same.
            </Text>
            <SimpleGrid cols={2}>
              <Stack gap={2}>
                <Text size="sm" fw={600} c="green.8">
                  Improved most
                </Text>
                {improved.map((s) => (
                  <Text size="sm" key={s.studentId}>
                    {s.name}: {s.previousAggregate} → {s.aggregate}
                  </Text>
                ))}
              </Stack>
              <Stack gap={2}>
                <Text size="sm" fw={600} c="red.8">
                  Fell most
                </Text>
                {fell.map((s) => (
                  <Text size="sm" key={s.studentId}>
                    {s.name}: {s.previousAggregate} → {s.aggregate}
                  </Text>
                ))}
              </Stack>
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Subjects({ results }: { results: MockResults }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Subjects">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Subjects
        </Title>
        <Table.ScrollContainer minWidth={720} type="native" tabIndex={0} role="region" aria-label="Subject figures (scrolls sideways)">
          <Table striped withTableBorder verticalSpacing={4} aria-label="Subject figures">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Subject</Table.Th>
                <Table.Th>Mean</Table.Th>
                {GRADES.map((g) => (
                  <Table.Th key={g}>Grade {g}</Table.Th>
                ))}
                <Table.Th>Missing</Table.Th>
                <Table.Th>Weakest topics (Paper 1)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.subjects.map((s) => (
                <Table.Tr key={s.name} data-testid="subject-row">
                  <Table.Th scope="row">{s.name}</Table.Th>
                  <Table.Td data-testid="subject-mean">{num(s.mean)}</Table.Td>
                  {GRADES.map((g) => (
                    <Table.Td key={g}>{s.gradeCounts[g] ?? 0}</Table.Td>
                  ))}
                  <Table.Td>{s.missing}</Table.Td>
                  <Table.Td>
                    {s.weakestTopics.length ? (
                      s.weakestTopics.map((t) => `${t.topic} (${num(t.percent)}%)`).join(", ")
                    ) : (
                      <Text span c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
