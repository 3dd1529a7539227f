import { lazy, Suspense } from "react";
import { useLocation, useParams } from "react-router";
import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { formatDateTime } from "@/lib/format";
import { PageHeader } from "@/components/page-header";
import { EmptyState } from "@/components/empty-state";
import { DataTable } from "@/components/list-page/data-table";
import { useStudentHistory } from "../api/performance";
import { PerformanceLoadError } from "../components/load-error";
import { StatCard } from "./stat-card";
import { areaBaseOf, gradeColor, score } from "../components/performance-display";
import { pinnedLinkColumn } from "../components/pinned-link-column";

const HistoryChart = lazy(() => import("../components/charts").then((m) => ({ default: m.HistoryChart })));

const TREND_TEXT = { improving: "Improving", declining: "Declining", steady: "Steady" } as const;
const TREND_COLOR = { improving: "green", declining: "red", steady: "gray" } as const;

/** One student's performance: the history chart, per-course averages, the trend and every quiz. */
export function StudentHistoryPage() {
  const id = Number(useParams().studentId);
  const base = areaBaseOf(useLocation().pathname);
  const q = useStudentHistory(id);

  if (q.isPending) {
    return (
      <Stack role="status" aria-busy aria-label="Loading the student's performance">
        <Skeleton height={36} width="50%" />
        <Skeleton height={240} />
      </Stack>
    );
  }
  if (q.isError || !q.data) return <PerformanceLoadError error={q.error} />;
  const d = q.data;
  const chart = d.history.map((h, i) => ({ label: `${i + 1}. ${h.quizTitle}`, score: h.score }));
  return (
    <Stack>
      <PageHeader title={d.student.name} subtitle={`${d.student.studentType?.toUpperCase() ?? "Student"}${d.student.email ? ` · ${d.student.email}` : ""}`} />
      {d.history.length === 0 ? (
        <EmptyState title="No Data Available" message="This student has not submitted a quiz yet." />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3 }}>
            <StatCard label="Average" value={score(d.overall.average)} />
            <StatCard label="Quizzes" value={d.overall.quizCount} />
            <Paper withBorder p="sm" radius="md">
              <Text size="xs" c="dimmed">
                Trend
              </Text>
              {d.trend.direction ? (
                <Group gap={6}>
                  <Badge color={TREND_COLOR[d.trend.direction]} variant="light">
                    {TREND_TEXT[d.trend.direction]}
                  </Badge>
                  <Text size="sm">
                    {d.trend.slope! > 0 ? "+" : ""}
                    {d.trend.slope!.toFixed(2)} points a quiz
                  </Text>
                </Group>
              ) : (
                <Text size="sm">Needs two graded quizzes</Text>
              )}
            </Paper>
          </SimpleGrid>
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="sm">
              Best score per quiz, oldest first
            </Title>
            <Suspense fallback={<Skeleton height={240} />}>
              <HistoryChart data={chart} />
            </Suspense>
          </Paper>
          <Stack gap="xs">
            <Title order={2} size="h4">
              Courses
            </Title>
            <Group gap="xs" wrap="wrap">
              {d.courses.map((c) => (
                <Badge key={c.courseId} color={gradeColor(c.average)} variant="filled" autoContrast size="lg">
                  {c.courseTitle}: {score(c.average)} ({c.quizCount})
                </Badge>
              ))}
            </Group>
          </Stack>
          <DataTable
            rows={d.history}
            rowKey={(h) => h.quizId}
            minWidth={600}
            columns={[
              pinnedLinkColumn<(typeof d.history)[number]>(
                "quiz",
                "Quiz",
                (h) => `${base}/performance/quiz-details/${h.quizId}`,
                (h) => h.quizTitle,
              ),
              { key: "score", header: "Best score", cell: (h) => score(h.score) },
              { key: "result", header: "Result", cell: (h) => (h.passed === null ? "Waiting for grading" : h.passed ? "Passed" : "Failed") },
              { key: "attempts", header: "Attempts", cell: (h) => h.attempts },
              { key: "course", header: "Course", cell: (h) => h.courseTitle },
              { key: "date", header: "Date", td: { style: { whiteSpace: "nowrap" } }, cell: (h) => formatDateTime(h.date) },
            ]}
          />
        </>
      )}
    </Stack>
  );
}
