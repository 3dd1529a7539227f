import { lazy, Suspense, useState } from "react";
import { useLocation, useParams } from "react-router";
import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { ItemAnalysis } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { PageHeader } from "@/components/page-header";
import { EmptyState } from "@/components/empty-state";
import { DataTable } from "@/components/list-page/data-table";
import { exportQuizzes, useFixKey, useQuizDetails } from "../api/performance";
import { ItemAnalysisTable } from "../components/item-analysis-table";
import { PerformanceLoadError } from "../components/load-error";
import { StatCard as Stat } from "./stat-card";
import { areaBaseOf, gradeColor, maxAttempts, passRate, score, STATUS_COLOR, STATUS_LABEL } from "../components/performance-display";
import { pinnedLinkColumn } from "../components/pinned-link-column";

const DistributionChart = lazy(() => import("../components/charts").then((m) => ({ default: m.DistributionChart })));

/** Quiz performance details: info, statistics, distribution, students, item analysis with Fix key, export. */
export function QuizDetailsPage() {
  const id = Number(useParams().id);
  const base = areaBaseOf(useLocation().pathname);
  const q = useQuizDetails(id);
  const fix = useFixKey(id);
  const [exporting, setExporting] = useState<"csv" | "excel" | null>(null);

  async function doExport(format: "csv" | "excel") {
    setExporting(format);
    try {
      await exportQuizzes([id], format, true);
    } catch (err) {
      notifications.show({ color: "red", message: errorText(err, "Export failed. Please try again.") });
    } finally {
      setExporting(null);
    }
  }

  async function fixKey(item: ItemAnalysis, answer: string): Promise<boolean> {
    try {
      const r = await fix.mutateAsync({ questionId: item.questionId, answer });
      notifications.show({
        color: "green",
        message: `Question ${item.number}'s key is now "${r.key}": ${r.regraded === 1 ? "1 submission" : `${r.regraded} submissions`} re-graded.`,
      });
      return true;
    } catch (err) {
      notifications.show({ color: "red", message: errorText(err, "Could not change the key") });
      return false;
    }
  }

  if (q.isPending) {
    return (
      <Stack role="status" aria-busy aria-label="Loading performance details">
        <Skeleton height={36} width="60%" />
        <Skeleton height={90} />
        <Skeleton height={220} />
      </Stack>
    );
  }
  if (q.isError || !q.data) return <PerformanceLoadError error={q.error} />;
  const d = q.data;
  const hasData = d.students.length > 0;
  // Teachers get names and levels only (decision 017): the server sends no email, so the column is not drawn.
  const showEmail = d.students.some((s) => s.email);
  return (
    <Stack>
      <PageHeader
        title={d.quiz.title}
        subtitle={`${d.quiz.course} · performance details`}
        actions={
          <>
            <Button size="sm" variant="light" loading={exporting === "csv"} onClick={() => void doExport("csv")} disabled={!hasData}>
              Export CSV
            </Button>
            <Button size="sm" variant="light" loading={exporting === "excel"} onClick={() => void doExport("excel")} disabled={!hasData}>
              Export Excel
            </Button>
          </>
        }
      />
      <Group gap="xs" wrap="wrap">
        <Badge color={STATUS_COLOR[d.quiz.status]} variant="light">
          {STATUS_LABEL[d.quiz.status]}
        </Badge>
        <Text size="sm">Time limit: {d.quiz.timeLimit === null ? "None" : `${d.quiz.timeLimit} min`}</Text>
        <Text size="sm">Max attempts: {maxAttempts(d.quiz.maxAttempts)}</Text>
        <Text size="sm">Passing score: {score(d.quiz.passingScore)}</Text>
      </Group>
      {!hasData ? (
        <EmptyState title="No Data Available" message="No student has submitted this quiz yet." />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
            <Stat label="Students" value={d.statistics.totalStudents} />
            <Stat label="Average score" value={score(d.statistics.averageScore)} />
            <Stat label="Highest score" value={score(d.statistics.highestScore)} />
            <Stat label="Lowest score" value={score(d.statistics.lowestScore)} />
            <Stat label="Pass rate" value={passRate(d.statistics.passRate)} />
          </SimpleGrid>
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="sm">
              Score distribution
            </Title>
            <Suspense fallback={<Skeleton height={220} />}>
              <DistributionChart data={d.distribution} />
            </Suspense>
          </Paper>
          <Stack gap="xs">
            <Title order={2} size="h4">
              Item analysis
            </Title>
            <Text size="sm" c="dimmed">
              {d.itemAnalysis.students} students&apos; first attempts; flags need 5 students or more.
            </Text>
            <ItemAnalysisTable items={d.items} groupSize={d.itemAnalysis.groupSize} fixing={fix.isPending} onFixKey={fixKey} />
          </Stack>
          <Stack gap="xs">
            <Title order={2} size="h4">
              Students
            </Title>
            <DataTable
              rows={d.students}
              rowKey={(s) => s.userId}
              minWidth={showEmail ? 720 : 560}
              columns={[
                pinnedLinkColumn<(typeof d.students)[number]>(
                  "student",
                  "Student",
                  (s) => `${base}/performance/${s.userId}`,
                  (s) => s.studentName,
                ),
                {
                  key: "score",
                  header: "Best score",
                  cell: (s) => (
                    <Badge color={gradeColor(s.score)} variant="filled" autoContrast styles={{ label: { overflow: "visible" } }}>
                      {score(s.score)}
                    </Badge>
                  ),
                },
                {
                  key: "correct",
                  header: "Correct",
                  cell: (s) => (
                    <>
                      {s.correct} / {s.total}
                    </>
                  ),
                },
                { key: "attempts", header: "Attempts", cell: (s) => s.attempts },
                { key: "level", header: "Level", cell: (s) => s.studentType?.toUpperCase() ?? "—" },
                { key: "last", header: "Last attempt", td: { style: { whiteSpace: "nowrap" } }, cell: (s) => formatDateTime(s.lastAttempt) },
                showEmail && { key: "email", header: "Email", td: { style: { wordBreak: "break-all" } }, cell: (s) => s.email },
              ]}
            />
          </Stack>
        </>
      )}
    </Stack>
  );
}
