import { useMemo, useState } from "react";
import { Link, useLocation, useParams, useSearchParams } from "react-router";
import { Alert, Button, Group, Paper, Select, Skeleton, Stack, Table as Grid, Text, TextInput, VisuallyHidden } from "@mantine/core";
import { useQueries, useQueryClient } from "@tanstack/react-query";
import type { ComponentMarks, ReportSubject, TermComponent } from "@adesua/domain";
import { api, errorText } from "@/lib/api";
import { staffBase } from "@/lib/staff-area";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { useWideScreen } from "@/components/list-page/data-table";
import { putComponentMarks, putSubjectStudents, termKeys, useRefreshReports, useReports, useTerm, useTermClasses } from "../api/terms";
import { ordinalText, sameLevel, scoreText } from "../components/report-format";
import { AdjustDialog, type AdjustTarget } from "./adjust-dialog";
import { MarksEntryGrid, type EntryStudent } from "./marks-entry";
import { marksByComponent } from "./marks-entry-model";
import { OneStudentEntry } from "./one-student-entry";
import { saveStateText, useAutoSave } from "./use-auto-save";

const partText = (components: TermComponent[], part: "class" | "exam") =>
  components
    .filter((c) => c.part === part)
    .map((c) => `${c.name} (${c.kind === "marks" ? "entered here" : c.kind}, out of ${c.outOf}, weight ${c.weight})`)
    .join("; ") || "nothing yet";

/**
 * A subject's score sheet for one class: each student's class score, exam score, total, position, grade and remark as
 * the server computes them; marks of the "marks entered here" components typed in like a spreadsheet (saved as typed);
 * a class score adjusted with a reason; the remark edited.
 */
export function ScoreSheetPage() {
  const params = useParams();
  const termId = Number(params.id);
  const subjectId = Number(params.subjectId);
  const [search, setSearch] = useSearchParams();
  const cls = search.get("class") ?? "";
  const base = staffBase(useLocation().pathname);
  const wide = useWideScreen(900);
  const qc = useQueryClient();
  const term = useTerm(termId);
  const classes = useTermClasses(termId);
  const reports = useReports(termId, cls);
  const refresh = useRefreshReports(termId);
  const subject = term.data?.subjects.find((s) => s.id === subjectId);
  const entered = useMemo(() => (subject?.components ?? []).filter((c) => c.kind === "marks"), [subject]);
  const marks = useQueries({
    queries: entered.map((c) => ({
      queryKey: termKeys.marks(termId, c.id, cls),
      queryFn: ({ signal }: { signal: AbortSignal }) => api<ComponentMarks>(`/terms/${termId}/components/${c.id}/marks`, { query: { class: cls }, signal }),
      enabled: !!cls,
    })),
  });
  const [adjusting, setAdjusting] = useState<AdjustTarget | null>(null);

  const saver = useAutoSave<number | null>(`adesua:term-marks:${termId}:${subjectId}:${cls}`, async (batch) => {
    for (const [componentId, list] of marksByComponent(batch)) {
      await putComponentMarks(termId, componentId, list);
      const byId = new Map(list.map((m) => [m.studentId, m.mark]));
      qc.setQueryData<ComponentMarks>(termKeys.marks(termId, componentId, cls), (old) =>
        old ? { ...old, students: old.students.map((s) => (byId.has(s.studentId) ? { ...s, mark: byId.get(s.studentId)! } : s)) } : old,
      );
    }
    void refresh();
  });
  const remarks = useAutoSave<string | null>(`adesua:term-remarks:${termId}:${subjectId}:${cls}`, async (batch) => {
    await putSubjectStudents(
      termId,
      subjectId,
      Object.entries(batch).map(([studentId, remark]) => ({ studentId: Number(studentId), remark })),
    );
    void refresh();
  });

  const levelClasses = (classes.data?.classes ?? []).filter((c) => !subject || sameLevel(c.level, subject.level));
  if (term.isPending) return <Skeleton height={400} />;
  if (term.isError) return <ErrorState message={errorText(term.error, "Could not load the term")} onRetry={() => void term.refetch()} />;
  if (!subject) return <ErrorState message="Subject not found" />;

  const t = term.data;
  const students: EntryStudent[] = (reports.data?.students ?? []).map((s) => ({ studentId: s.studentId, name: s.name }));
  const rowOf = new Map((reports.data?.students ?? []).map((s) => [s.studentId, s.subjects.find((x) => x.subjectId === subjectId)]));
  const markOf = new Map(marks.flatMap((q, i) => (q.data?.students ?? []).map((s) => [`${entered[i].id}:${s.studentId}`, s.mark] as const)));
  const saved = (componentId: number, studentId: number) => markOf.get(`${componentId}:${studentId}`) ?? null;
  const missing = (componentId: number) =>
    students.filter((s) => saved(componentId, s.studentId) === null && !(`${componentId}:${s.studentId}` in saver.pending)).length;
  const components = entered.map((c) => ({ id: c.id, name: `${c.name} (${c.part === "class" ? "class" : "exam"})`, outOf: c.outOf }));
  const waiting = Object.keys(saver.pending).length + Object.keys(remarks.pending).length;
  const failed = saver.state === "failed" ? saver : remarks.state === "failed" ? remarks : null;
  const remarkValue = (studentId: number, row: ReportSubject | undefined) =>
    String(studentId) in remarks.pending ? (remarks.pending[String(studentId)] ?? "") : (row?.remark ?? "");
  const figures = (s: EntryStudent) => {
    const r = rowOf.get(s.studentId);
    return {
      row: r,
      items: [
        ["Class score", `${scoreText(r?.classScore)}${r?.adjustReason ? " *" : ""}`],
        ["Exam", scoreText(r?.examScore)],
        ["Total", scoreText(r?.total)],
        ["Position", ordinalText(r?.position)],
        ["Grade", r?.grade === null || r?.grade === undefined ? "—" : String(r.grade)],
      ] as const,
    };
  };
  const adjustButton = (s: EntryStudent) => {
    const r = rowOf.get(s.studentId);
    return (
      <Button
        size="compact-xs"
        variant="light"
        disabled={!r || !subject.canEdit}
        onClick={() => r && setAdjusting({ studentId: s.studentId, name: s.name, row: r })}
        aria-label={`Adjust class score of ${s.name}`}
      >
        Adjust
      </Button>
    );
  };
  const remarkInput = (s: EntryStudent) => (
    <TextInput
      size="xs"
      aria-label={`Remark for ${s.name}`}
      maxLength={60}
      disabled={!subject.canEdit}
      value={remarkValue(s.studentId, rowOf.get(s.studentId))}
      onChange={(e) => remarks.put(String(s.studentId), e.currentTarget.value.trim() === "" ? null : e.currentTarget.value)}
    />
  );

  return (
    <Stack>
      <PageHeader
        title={`${subject.name} · ${cls || "choose a class"}`}
        subtitle={`${t.name}: class score out of ${t.classWeight}, exam score out of ${t.examWeight}`}
        actions={
          <>
            <Button component={Link} to={`${base}/terms/${termId}`} variant="default" size="sm">
              Back to the term
            </Button>
            {cls && (
              <Button component={Link} to={`${base}/terms/${termId}/reports?class=${encodeURIComponent(cls)}`} variant="light" size="sm">
                Class reports of {cls}
              </Button>
            )}
          </>
        }
      />
      <Group align="flex-end" wrap="wrap" gap="sm">
        <Select
          label="Class"
          data={levelClasses.map((c) => c.class)}
          value={cls || null}
          onChange={(v) => v && setSearch({ class: v }, { replace: true })}
          allowDeselect={false}
          w={160}
          placeholder="Choose"
        />
        <Text size="sm" c={failed ? "red" : "dimmed"} role="status" aria-live="polite">
          {failed ? saveStateText("failed", waiting) : saveStateText(saver.state === "idle" ? remarks.state : saver.state, waiting)}
        </Text>
      </Group>
      {failed && (
        <Alert color="red" role="alert">
          <Stack gap={6} align="flex-start">
            <Text size="sm">{failed.error}</Text>
            <Button size="xs" color="red" variant="white" onClick={failed.retry}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
      <Paper withBorder p="sm" radius="md">
        <Text size="sm">
          <b>Class score:</b> {partText(subject.components, "class")}
        </Text>
        <Text size="sm">
          <b>Exam score:</b> {partText(subject.components, "exam")}
        </Text>
        {entered.length > 0 ? (
          <Text size="sm" c="dimmed">
            Type the marks below: numbers only; {wide ? "Enter moves down, Tab moves across" : "Enter moves to the next mark, then the next student"}; every
            mark saves as you type. {entered.map((c) => `${c.name}: ${missing(c.id)} missing`).join(" · ")}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No marks are entered here for this subject: its scores come from quizzes, the gradebook and mock papers.
          </Text>
        )}
      </Paper>
      {!cls ? (
        <EmptyState title="Choose a class" message="The score sheet is per class." />
      ) : reports.isPending ? (
        <Skeleton height={360} />
      ) : reports.isError ? (
        <ErrorState message={errorText(reports.error, "Could not load the scores")} onRetry={() => void reports.refetch()} />
      ) : students.length === 0 ? (
        <EmptyState title={`No students in ${cls}`} message="Students join a class through their level and stream (Users)." />
      ) : wide ? (
        <MarksEntryGrid
          label={`Score sheet: ${subject.name}, ${cls}`}
          students={students}
          components={components}
          saved={saved}
          saver={saver}
          head={
            <>
              {["Class score", "Exam", "Total", "Position", "Grade"].map((h) => (
                <Grid.Th key={h} scope="col">
                  {h}
                  {h === "Class score" || h === "Exam" ? (
                    <Text span size="xs" c="dimmed">
                      {" "}
                      /{h === "Exam" ? t.examWeight : t.classWeight}
                    </Text>
                  ) : null}
                </Grid.Th>
              ))}
              <Grid.Th scope="col">Remark</Grid.Th>
              <Grid.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Grid.Th>
            </>
          }
          tail={(s) => (
            <>
              {figures(s).items.map(([k, v]) => (
                <Grid.Td key={k} data-label={k}>
                  {v}
                </Grid.Td>
              ))}
              <Grid.Td miw={150}>{remarkInput(s)}</Grid.Td>
              <Grid.Td>{adjustButton(s)}</Grid.Td>
            </>
          )}
        />
      ) : (
        <OneStudentEntry students={students} components={components} saved={saved} saver={saver} figures={figures} remark={remarkInput} adjust={adjustButton} />
      )}
      <Text size="xs" c="dimmed">
        * adjusted by a teacher (the reason is recorded). Positions are within the {t.positionScope === "level" ? "whole level" : "class"}; equal totals share a
        position.
      </Text>
      <AdjustDialog
        termId={termId}
        subjectId={subjectId}
        classWeight={t.classWeight}
        target={adjusting}
        onClose={() => setAdjusting(null)}
        onSaved={() => void refresh()}
      />
    </Stack>
  );
}
