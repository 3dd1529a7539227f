import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { errorText } from "@/lib/api";
import { PageHeader } from "@/components/page-header";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { dateText, downloadMyReport, ordinalOf, ownReport, reportNotReleased, scoreText, useMyReport } from "../api/student-reports";

const RESULTS_PATH = "/students/dashboard/results";

const BackToResults = () => (
  <Button component={Link} to={RESULTS_PATH} variant="default">
    All results
  </Button>
);

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text style={{ overflowWrap: "anywhere" }}>{children}</Text>
    </Stack>
  );
}

/** /students/dashboard/results/terms/:id: the student's terminal report card on screen, and as a PDF. */
export function StudentReportPage() {
  const id = Number(useParams().id);
  const report = useMyReport(id);
  const download = useMutation({ mutationFn: (name: string) => downloadMyReport(id, name) });

  if (report.isPending) {
    return (
      <Stack role="status" aria-label="Loading">
        <Skeleton height={32} width="70%" />
        <Skeleton height={200} />
      </Stack>
    );
  }
  if (report.isError) {
    if (reportNotReleased(report.error)) {
      return (
        <Stack>
          <PageHeader title="Report card" />
          <EmptyState title="Results not released yet" message="Your report card appears here once the school releases it." action={<BackToResults />} />
        </Stack>
      );
    }
    return (
      <Stack>
        <ErrorState
          title="Could not load your report card"
          message={errorText(report.error, "Failed to load your report card. Please try again.")}
          onRetry={() => void report.refetch()}
          retrying={report.isFetching}
        />
        <Group>
          <BackToResults />
        </Group>
      </Stack>
    );
  }
  const { term } = report.data;
  const card = ownReport(report.data);
  if (!card) {
    return (
      <Stack>
        <PageHeader title={term.name} />
        <EmptyState title="Results not released yet" message="Your report card appears here once the school releases it." action={<BackToResults />} />
      </Stack>
    );
  }
  const attendance =
    card.attendance.present === null
      ? "—"
      : `Present ${card.attendance.present}${card.attendance.outOf === null ? "" : ` out of ${card.attendance.outOf}`} days`;
  const next = dateText(term.nextTermBegins);
  return (
    <Stack>
      <PageHeader title={`${term.name} report card`} subtitle={`${card.name} · ${card.class}`} />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Paper withBorder p="sm" radius="md">
          <Text size="sm" c="dimmed">
            Position in class
          </Text>
          <Text fw={700} fz={26} lh={1.2}>
            {ordinalOf(card.overallPosition)}
          </Text>
          <Text size="sm">of {card.classSize}</Text>
        </Paper>
        <Paper withBorder p="sm" radius="md">
          <Text size="sm" c="dimmed">
            Average
          </Text>
          <Text fw={700} fz={26} lh={1.2}>
            {scoreText(card.average)}
          </Text>
          <Text size="sm">Total {scoreText(card.total)}</Text>
        </Paper>
      </SimpleGrid>
      {/* One card per subject: readable on a 360 px phone without scrolling sideways. */}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Subjects">
        {card.subjects.map((s) => (
          <Paper key={s.subjectId} withBorder p="sm" radius="md" component="li" aria-label={s.name} data-testid="report-subject">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                  {s.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {s.remark || " "}
                </Text>
              </Stack>
              <Stack gap={0} align="flex-end" style={{ flex: "none" }}>
                <Text size="xs" c="dimmed">
                  Grade
                </Text>
                <Text fw={700} fz={22} lh={1}>
                  {s.grade ?? "—"}
                </Text>
              </Stack>
            </Group>
            <Group gap="md" mt={6} wrap="wrap">
              <Text size="sm">
                Class {scoreText(s.classScore)}/{term.classWeight}
              </Text>
              <Text size="sm">
                Exam {scoreText(s.examScore)}/{term.examWeight}
              </Text>
              <Text size="sm" fw={700}>
                Total {scoreText(s.total)}
              </Text>
              <Text size="sm">Position {ordinalOf(s.position)}</Text>
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder p="sm" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Line label="Attendance">{attendance}</Line>
          <Line label="Conduct">{card.conduct ?? "—"}</Line>
          <Line label="Interest">{card.interest ?? "—"}</Line>
          <Line label="Class teacher's remarks">{card.teacherRemark ?? "—"}</Line>
          <Line label="Head teacher's remarks">{card.headRemark ?? "—"}</Line>
          {card.promotion && <Line label="Promotion">{card.promotion}</Line>}
          {next && <Line label="Next term begins">{next}</Line>}
        </SimpleGrid>
      </Paper>
      {download.error && (
        <Alert color="red" role="alert">
          {errorText(download.error, "Could not download the report card. Please try again.")}
        </Alert>
      )}
      <Group gap="xs" wrap="wrap">
        <Button onClick={() => download.mutate(term.name)} loading={download.isPending}>
          Download report card (PDF)
        </Button>
        <BackToResults />
      </Group>
    </Stack>
  );
}
