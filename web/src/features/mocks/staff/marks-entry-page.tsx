import { useMemo, useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { Alert, Button, FileButton, Group, List, NativeSelect, Skeleton, Stack, Switch, Text } from "@mantine/core";
import type { MarksImportResult, PaperMarkRow } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { staffBase } from "@/lib/staff-area";
import { useWideScreen } from "@/components/list-page/data-table";
import { ErrorState } from "@/components/error-state";
import { EmptyState } from "@/components/empty-state";
import { FormError } from "@/components/form-actions";
import { PageHeader } from "@/components/page-header";
import { saveMarks, useImportMarks, usePaperMarks } from "../api/mocks";
import { acceptTyped, boxKey, entryOf, isMissing, markText, serverTexts } from "./marks-model";
import { MarksGridView, MarksPhoneView } from "./marks-views";
import { saveStateText, useMarksAutosave } from "./use-marks-autosave";

/** mocks/:id/papers/:paperId/marks: one paper's marks, typed straight in and saved as they are typed. */
export function MarksEntryPage() {
  const params = useParams();
  const id = Number(params.id);
  const paperId = Number(params.paperId);
  const marks = usePaperMarks(id, paperId, "");
  const base = staffBase(useLocation().pathname);
  if (marks.isPending)
    return (
      <Stack role="status" aria-label="Loading">
        <Skeleton height={32} width="50%" />
        <Skeleton height={400} />
      </Stack>
    );
  if (marks.isError) return <ErrorState message={errorText(marks.error, "Failed to load the marks")} onRetry={() => void marks.refetch()} />;
  return <MarksEntry key={`${id}:${paperId}`} mockId={id} paperId={paperId} base={base} data={marks.data} onImported={() => void marks.refetch()} />;
}

type Data = NonNullable<ReturnType<typeof usePaperMarks>["data"]>;

function MarksEntry({ mockId, paperId, base, data, onImported }: { mockId: number; paperId: number; base: string; data: Data; onImported: () => void }) {
  const wide = useWideScreen(768);
  const { paper } = data;
  const questions = paper.questions ?? [];
  const autosave = useMarksAutosave(`adesua.mock-marks.${mockId}.${paperId}`, (entries) => saveMarks(mockId, paperId, entries));
  // What this screen typed, above the server's rows (a refetch never overwrites a mark typed here). Entries left
  // unsaved by an earlier visit come back into their boxes.
  const [typed, setTyped] = useState<Record<string, string>>(() => {
    const out: Record<string, string> = {};
    for (const e of Object.values(autosave.pending)) {
      if (e.questionMarks) e.questionMarks.forEach((m, i) => (out[boxKey(e.studentId, i)] = markText(m)));
      else out[boxKey(e.studentId, "total")] = markText(e.mark);
    }
    return out;
  });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [cls, setCls] = useState("");
  const [missingOnly, setMissingOnly] = useState(false);
  const server = useMemo(() => serverTexts(data.students, questions.length), [data.students, questions.length]);
  const text = (key: string) => typed[key] ?? server[key] ?? "";
  const missing = (r: PaperMarkRow) => isMissing(r, questions.length, text);
  // "Missing only" keeps the students it showed when switched on, so a row does not vanish under the cursor.
  const [missingSet, setMissingSet] = useState<Set<number> | null>(null);

  const classes = useMemo(() => [...new Set(data.students.map((s) => s.class))].sort(), [data.students]);
  const inClass = data.students.filter((s) => !cls || s.class === cls);
  const rows = missingSet ? inClass.filter((s) => missingSet.has(s.studentId)) : inClass;
  const missingCount = inClass.filter(missing).length;

  function onType(studentId: number, col: number | "total", next: string) {
    const key = boxKey(studentId, col);
    const outOf = col === "total" ? paper.outOf : questions[col].outOf;
    const accepted = acceptTyped(next, outOf);
    if (!accepted.ok) {
      setProblems((p) => ({ ...p, [key]: accepted.problem }));
      return;
    }
    setProblems((p) => {
      const { [key]: _, ...rest } = p;
      return rest;
    });
    const after = { ...typed, [key]: accepted.text };
    setTyped(after);
    autosave.put(entryOf(studentId, questions.length, (k) => after[k] ?? server[k] ?? ""));
  }

  const view = { rows, questions, outOf: paper.outOf, text, problems, missing, onType };
  const stateColor = autosave.state === "retrying" || autosave.state === "refused" ? "red" : autosave.state === "saved" ? "green" : "dimmed";
  return (
    <Stack>
      <PageHeader
        title={`${data.subject} · ${paper.name}`}
        subtitle={`Out of ${paper.outOf}${questions.length ? ` in ${questions.length} questions` : ""} · ${data.students.length} students`}
        actions={
          <Button variant="default" component={Link} to={`${base}/mocks/${mockId}`}>
            Back to the mock
          </Button>
        }
      />
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c={stateColor} fw={600} aria-live="polite" data-testid="save-state">
          {saveStateText(autosave.state, autosave.waiting, autosave.error)}
        </Text>
        {(autosave.state === "retrying" || autosave.state === "refused") && (
          <Button size="compact-sm" variant="light" onClick={autosave.retry}>
            Retry now
          </Button>
        )}
      </Group>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <NativeSelect
          label="Class"
          value={cls}
          data={[{ value: "", label: "All classes" }, ...classes.map((c) => ({ value: c, label: c }))]}
          onChange={(e) => setCls(e.currentTarget.value)}
          miw={140}
        />
        <Switch
          label="Missing only"
          checked={missingSet !== null}
          onChange={(e) => {
            setMissingOnly(e.currentTarget.checked);
            setMissingSet(e.currentTarget.checked ? new Set(data.students.filter(missing).map((s) => s.studentId)) : null);
          }}
          mb={8}
        />
        <Text size="sm" mb={8} data-testid="missing-count" c={missingCount ? "orange.8" : "green.8"}>
          {missingCount === 0 ? "Nobody missing" : `${missingCount} missing`}
        </Text>
        <ImportButton
          mockId={mockId}
          paperId={paperId}
          onImported={() => {
            // The imported marks show once fetched: only boxes still waiting to be saved stay above them.
            setTyped((t) => Object.fromEntries(Object.entries(t).filter(([k]) => k.split(":")[0] in autosave.pending)));
            onImported();
          }}
        />
      </Group>
      {rows.length === 0 ? (
        <EmptyState
          title={missingOnly ? "Nobody is missing." : "No students."}
          message={missingOnly ? "Every student shown has a mark." : "The level of this mock has no students in this class."}
        />
      ) : wide ? (
        <MarksGridView {...view} />
      ) : (
        <MarksPhoneView {...view} />
      )}
    </Stack>
  );
}

/** Import a CSV or Excel sheet of marks; the rows it could not save are listed with their reasons. */
function ImportButton({ mockId, paperId, onImported }: { mockId: number; paperId: number; onImported: () => void }) {
  const imp = useImportMarks(mockId, paperId);
  const [result, setResult] = useState<MarksImportResult | null>(null);
  return (
    <Stack gap="xs" style={{ flexBasis: "100%" }}>
      <Group gap="xs">
        <FileButton
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(file) => {
            if (!file) return;
            setResult(null);
            imp.mutate(file, {
              onSuccess: (r) => {
                setResult(r);
                onImported();
              },
            });
          }}
        >
          {(props) => (
            <Button {...props} variant="light" loading={imp.isPending}>
              Import marks (CSV or Excel)
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          Columns: student (name or id) and mark, or one column per question.
        </Text>
      </Group>
      <FormError error={imp.error ? errorText(imp.error, "The import failed") : null} />
      {result && (
        <Alert color={result.problems.length ? "orange" : "green"} role="status" title={`Saved ${result.saved} marks · ${result.missing} missing`}>
          {result.problems.length > 0 && (
            <List size="sm" spacing={2}>
              {result.problems.slice(0, 50).map((p) => (
                <List.Item key={p.row}>
                  Row {p.row}: {p.error}
                </List.Item>
              ))}
              {result.problems.length > 50 && <List.Item>… and {result.problems.length - 50} more</List.Item>}
            </List>
          )}
        </Alert>
      )}
    </Stack>
  );
}
