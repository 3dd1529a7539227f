import { lazy, Suspense, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { REPORT_MESSAGES } from "@adesua/domain/constants";
import type { ReportResult } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { exportReport } from "../api/reports";
import { ReportTable } from "./report-table";

const ReportChart = lazy(() => import("./report-chart"));

/** A report's figures, chart and table, with its CSV and Word downloads. */
export function ReportResultView({ report, path }: { report: ReportResult; path: string }) {
  const base = `${report.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${report.generatedAt.slice(0, 10)}`;
  /** An export asked of a report with no rows: said here, nothing is sent. */
  const [empty, setEmpty] = useState(false);
  const exporting = useMutation({ mutationFn: (format: "csv" | "docx") => exportReport(path, format, base) });
  const busy = exporting.isPending ? exporting.variables : null;
  const error = empty ? REPORT_MESSAGES.noData : exporting.error ? errorText(exporting.error, REPORT_MESSAGES.exportFailed) : null;

  function download(format: "csv" | "docx") {
    setEmpty(!report.rows.length);
    if (!report.rows.length) return exporting.reset();
    exporting.mutate(format);
  }

  return (
    <Paper withBorder p="md" radius="md" data-testid="report-result">
      <Stack>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Title order={2} size="h3">
              {report.name}
            </Title>
            {report.subject && <Text c="dimmed">{report.subject}</Text>}
            <Text size="xs" c="dimmed">
              Generated {new Date(report.generatedAt).toLocaleString("en-GB")}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button variant="default" onClick={() => download("csv")} loading={busy === "csv"}>
              Export CSV
            </Button>
            <Button variant="default" onClick={() => download("docx")} loading={busy === "docx"}>
              Export Word
            </Button>
          </Group>
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
          {report.summary.map((s) => (
            <div key={s.key}>
              <Text size="xs" c="dimmed">
                {s.label}
              </Text>
              <Text fw={700} data-testid={`summary-${s.key}`}>
                {s.value === null ? "—" : String(s.value)}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        {report.chart && report.chart.bars.length > 0 && (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {report.chart.title}
            </Text>
            <Suspense fallback={<Skeleton height={180} />}>
              <ReportChart chart={report.chart} />
            </Suspense>
          </Stack>
        )}
        <ReportTable report={report} />
      </Stack>
    </Paper>
  );
}
