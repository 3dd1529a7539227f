import { useState } from "react";
import { Link, useLocation, useParams, useSearchParams } from "react-router";
import { Alert, Button, Group, Modal, Select, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { parseClassName, STUDENT_TYPE_LABELS, STUDENT_TYPES } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { staffBase } from "@/lib/staff-area";
import { EmptyState } from "@/components/empty-state";
import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { putTermStudents, useRefreshReports, useReports, useSchool, useTermClasses } from "../api/terms";
import { ReportCard } from "../components/report-card";
import { ChecksPanel } from "./checks-panel";
import { MessagesPanel, PrintPanel } from "./print-panel";
import { presentProblem, StudentReportFields, type StudentFields } from "./student-report-fields";
import { saveStateText, useAutoSave } from "./use-auto-save";

/** What a third-term report may say of a class's level ("Promoted to JHS 3", "Repeated"). */
function promotionChoices(cls: string): string[] {
  const level = parseClassName(cls)?.studentType;
  const next = level ? STUDENT_TYPES[STUDENT_TYPES.indexOf(level) + 1] : undefined;
  return [next ? `Promoted to ${STUDENT_TYPE_LABELS[next]}` : "Completed JHS", "Repeated", "Promoted on trial"];
}

/**
 * A class's reports for a term: each student's attendance, conduct, interest and remarks (saved as typed), a preview of
 * their card, the two checks, printing the cards, and (admin, after release) messages to guardians.
 */
export function ClassReportsPage() {
  const termId = Number(useParams().id);
  const [search, setSearch] = useSearchParams();
  const cls = search.get("class") ?? "";
  const base = staffBase(useLocation().pathname);
  const admin = useAuth().user?.role === "admin";
  const narrow = useMediaQuery("(max-width: 40em)");
  const reports = useReports(termId, cls);
  const classes = useTermClasses(termId);
  const school = useSchool();
  const refresh = useRefreshReports(termId);
  const [presentTexts, setPresentTexts] = useState<Record<number, string | number>>({});
  const [previewAt, setPreviewAt] = useState<number | null>(null);
  const saver = useAutoSave<StudentFields>(`adesua:term-students:${termId}:${cls}`, async (batch) => {
    await putTermStudents(
      termId,
      Object.entries(batch).map(([studentId, fields]) => ({ studentId: Number(studentId), ...fields })),
    );
    void refresh();
  });

  const data = reports.data;
  const checks = data?.checks ?? classes.data?.classes.find((c) => c.class === cls) ?? null;
  const students = data?.students ?? [];
  const put = (studentId: number, fields: StudentFields) => saver.put(String(studentId), { ...saver.pending[String(studentId)], ...fields });
  const valueOf = (studentId: number) => {
    const s = students.find((x) => x.studentId === studentId);
    const waiting = saver.pending[String(studentId)];
    return <K extends keyof StudentFields>(field: K): StudentFields[K] | undefined => {
      if (waiting && field in waiting) return waiting[field];
      if (!s) return undefined;
      return (field === "present" ? s.attendance.present : (s as unknown as Record<string, unknown>)[field]) as StudentFields[K];
    };
  };
  const waiting = Object.keys(saver.pending).length;
  const bank = school.data?.assessment;
  const preview = previewAt === null ? null : students[previewAt];

  return (
    <Stack>
      <PageHeader
        title={`Class reports · ${cls || "choose a class"}`}
        subtitle={data ? `${data.term.name}: attendance, conduct, interest and remarks save as you type.` : undefined}
        actions={
          <>
            <Button component={Link} to={`${base}/terms/${termId}`} variant="default" size="sm">
              Back to the term
            </Button>
            <Button size="sm" variant="light" onClick={() => setPreviewAt(0)} disabled={students.length === 0}>
              Preview card
            </Button>
          </>
        }
      />
      <Group align="flex-end" wrap="wrap" gap="sm">
        <Select
          label="Class"
          data={(classes.data?.classes ?? []).map((c) => c.class)}
          value={cls || null}
          onChange={(v) => v && setSearch({ class: v }, { replace: true })}
          allowDeselect={false}
          w={160}
          placeholder="Choose"
        />
        <Text size="sm" c={saver.state === "failed" ? "red" : "dimmed"} role="status" aria-live="polite">
          {saveStateText(saver.state, waiting)}
        </Text>
      </Group>
      {saver.state === "failed" && (
        <Alert color="red" role="alert">
          <Stack gap={6} align="flex-start">
            <Text size="sm">{saver.error}</Text>
            <Button size="xs" color="red" variant="white" onClick={saver.retry}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
      {!cls ? (
        <EmptyState title="Choose a class" message="Reports are written class by class." />
      ) : reports.isPending ? (
        <Skeleton height={400} />
      ) : reports.isError ? (
        <ErrorState message={errorText(reports.error, "Could not load the reports")} onRetry={() => void reports.refetch()} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <ChecksPanel termId={termId} cls={cls} checks={checks} admin={admin} />
            <PrintPanel termId={termId} cls={cls} released={!!checks?.released} fileName={`Report cards ${cls} ${data!.term.name}`} />
          </SimpleGrid>
          {admin && <MessagesPanel termId={termId} cls={cls} released={!!checks?.released} />}
          {students.length === 0 ? (
            <EmptyState title={`No students in ${cls}`} />
          ) : (
            <SimpleGrid
              cols={{ base: 1, lg: 2 }}
              spacing="sm"
              component="ul"
              style={{ listStyle: "none", padding: 0, margin: 0 }}
              aria-label={`Reports of ${cls}`}
            >
              {students.map((s, i) => {
                const presentText = presentTexts[s.studentId] ?? valueOf(s.studentId)("present") ?? "";
                return (
                  <StudentReportFields
                    key={s.studentId}
                    student={s}
                    value={valueOf(s.studentId)}
                    waiting={String(s.studentId) in saver.pending}
                    presentText={presentText}
                    onPresent={(v) => {
                      setPresentTexts((p) => ({ ...p, [s.studentId]: v }));
                      if (!presentProblem(v, s.attendance.outOf ?? data!.students[0]?.attendance.outOf ?? null))
                        put(s.studentId, { present: v === "" ? null : Number(v) });
                    }}
                    onChange={(field, v) => put(s.studentId, { [field]: v })}
                    teacherRemarks={bank?.teacherRemarks ?? []}
                    headRemarks={bank?.headRemarks ?? []}
                    admin={admin}
                    thirdTerm={data!.term.number === 3}
                    promotions={promotionChoices(cls)}
                    daysOpened={s.attendance.outOf}
                    onPreview={() => setPreviewAt(i)}
                  />
                );
              })}
            </SimpleGrid>
          )}
        </>
      )}
      <Modal opened={!!preview} onClose={() => setPreviewAt(null)} title="Report card preview" size={860} fullScreen={!!narrow}>
        {preview && data && (
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Select
                aria-label="Student"
                data={students.map((s, i) => ({ value: String(i), label: s.name }))}
                value={String(previewAt)}
                onChange={(v) => v !== null && setPreviewAt(Number(v))}
                allowDeselect={false}
                searchable
                w={220}
              />
              <Group gap="xs">
                <Button size="xs" variant="default" onClick={() => setPreviewAt((p) => Math.max(0, (p ?? 0) - 1))} disabled={previewAt === 0}>
                  Previous
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setPreviewAt((p) => Math.min(students.length - 1, (p ?? 0) + 1))}
                  disabled={previewAt === students.length - 1}
                >
                  Next
                </Button>
              </Group>
            </Group>
            {waiting > 0 && (
              <Text size="xs" c="dimmed">
                Changes still saving: the card shows them once saved.
              </Text>
            )}
            <ReportCard school={school.data} term={data.term} student={preview} />
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
