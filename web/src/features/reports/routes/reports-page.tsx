import { useEffect, useRef, useState } from "react";
import { Alert, Button, Paper, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import type { ReportDefinition } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { PageHeader } from "@/components/page-header";
import { ErrorState } from "@/components/error-state";
import { ListSkeleton } from "@/components/list-skeleton";
import { reportPath, useQuizOptions, useReportDefinitions, useRunReport, useStudentOptions } from "../api/reports";
import { ReportResultView } from "../components/report-result";

function Picker({ def, value, onChange }: { def: ReportDefinition; value: string | null; onChange: (v: string | null) => void }) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const quizzes = useQuizOptions(def.needs === "quiz");
  const students = useStudentOptions(debounced, def.needs === "user");
  if (def.needs === "quiz") {
    return (
      <Select
        label="Quiz"
        placeholder="Choose a quiz"
        searchable
        data={(quizzes.data?.data ?? []).map((q) => ({ value: String(q.id), label: `${q.title} (${q.course.title})` }))}
        value={value}
        onChange={onChange}
        nothingFoundMessage={quizzes.isPending ? "Loading..." : "No quizzes"}
      />
    );
  }
  return (
    <Select
      label="Student"
      placeholder="Search a student by name"
      searchable
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={(students.data?.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
      value={value}
      onChange={onChange}
      nothingFoundMessage={students.isPending ? "Loading..." : "No students"}
    />
  );
}

function ReportCard({ def, onRun, running }: { def: ReportDefinition; onRun: (path: string) => void; running: boolean }) {
  const [picked, setPicked] = useState<string | null>(null);
  return (
    <Paper withBorder p="md" radius="md" data-testid={`report-${def.id}`}>
      <Stack gap="xs" h="100%" justify="space-between">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {def.name}
          </Title>
          <Text size="sm" c="dimmed">
            {def.description}
          </Text>
          {def.needs && <Picker def={def} value={picked} onChange={setPicked} />}
        </Stack>
        <Button
          onClick={() => onRun(reportPath(def, picked ? Number(picked) : null))}
          disabled={!!def.needs && !picked}
          loading={running}
          aria-label={`Run Report: ${def.name}`}
        >
          Run Report
        </Button>
      </Stack>
    </Paper>
  );
}

/** Analytics & Reports (teacher and admin areas): run a report, read it, export it as CSV or Word. */
export function ReportsPage() {
  const defs = useReportDefinitions();
  const run = useRunReport();
  const [path, setPath] = useState<string | null>(null);
  const result = useRef<HTMLDivElement>(null);
  const done = !!run.data && !run.isPending;
  // The result is drawn below all the report cards: bring it into view once it is there (issue 24), and move the
  // keyboard's and screen reader's place to it.
  useEffect(() => {
    if (!done || !result.current) return;
    result.current.scrollIntoView({ block: "start", behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    result.current.focus({ preventScroll: true });
  }, [done, run.data]);

  function onRun(p: string) {
    setPath(p);
    run.mutate(p);
  }

  return (
    <Stack>
      <PageHeader title="Analytics & Reports" subtitle="Run a report on your school's results, then export it as CSV or Word." />
      {defs.isPending ? (
        <ListSkeleton count={6} />
      ) : defs.isError ? (
        <ErrorState message={errorText(defs.error, "Failed to load reports")} onRetry={() => void defs.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {defs.data.map((d) => (
            <ReportCard key={d.id} def={d} onRun={onRun} running={run.isPending && path !== null && reportPath(d, 0).split("/")[2] === path.split("/")[2]} />
          ))}
        </SimpleGrid>
      )}
      <div aria-live="polite" aria-busy={run.isPending} ref={result} tabIndex={-1} style={{ scrollMarginTop: 72, outline: "none" }} data-testid="report-output">
        {run.isError && (
          <Alert color="red" role="alert" title="Report failed">
            {errorText(run.error, "Failed to run the report")}
          </Alert>
        )}
        {run.data && path && !run.isPending && <ReportResultView report={run.data} path={path} />}
      </div>
    </Stack>
  );
}
