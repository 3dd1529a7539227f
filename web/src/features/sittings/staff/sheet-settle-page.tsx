import { useEffect, useMemo, useState, type ReactNode } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Select, Skeleton, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { SITTING_MESSAGES } from "@adesua/domain";
import { ApiError, errorText } from "@/lib/api";
import { staffBase } from "@/lib/staff-area";
import { ErrorState } from "@/components/error-state";
import { FormError } from "@/components/form-actions";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { PageHeader } from "@/components/page-header";
import { isReading, useDeleteScan, useRecordScan, useScan, useScans, useSettleScan, useSittingStudents } from "../api/sittings";
import { scanBadge, settleInput, settleState, type Choice, type Choices } from "../components/settle-model";
import { BoxRowCard, BubbleRowCard, RowCrop, useSheetBlob } from "../components/sheet-rows";

/**
 * The sheet's header (name, class, index number as written) in pixels of the straightened sheet: HEADER_BOX of
 * server/src/documents/sittings/layout.ts (66, 66, 360 × 118 points) at SHEET_PX_PER_PT = 2.
 */
const NAME_CROP = { x: 132, y: 132, w: 720, h: 236 };

const ALREADY = SITTING_MESSAGES.alreadySubmitted.split("{name}")[1]?.trim().slice(0, 30) ?? "already has a submission";

/**
 * sittings/:id/scans/:scanId — settle one sheet: the student of a blank sheet, each flagged row from its crop of the
 * straightened sheet, each written box's mark; then Record (asking first when the student already has a submission).
 */
export function SheetSettlePage() {
  const params = useParams();
  const id = Number(params.id);
  const scanId = Number(params.scanId);
  const base = staffBase(useLocation().pathname);
  const navigate = useNavigate();
  const scan = useScan(id, scanId);
  const [choices, setChoices] = useState<Choices>({});
  const [studentId, setStudentId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const settle = useSettleScan(id, scanId);
  const record = useRecordScan(id, scanId);
  const remove = useDeleteScan(id);
  // The next sheet waiting for the teacher (this one excluded), for "Next sheet".
  const waiting = useScans(id, "review", 1, 5);
  const next = waiting.data?.data.find((s) => s.id !== scanId) ?? null;
  const sheet = useSheetBlob(scan.data?.sheetUrl ?? null);

  // A new sheet: nothing chosen yet.
  useEffect(() => {
    setChoices({});
    setStudentId(null);
    setError(null);
    setConfirm(null);
  }, [scanId]);

  const state = useMemo(() => (scan.data ? settleState(scan.data, choices, studentId) : null), [scan.data, choices, studentId]);

  if (scan.isPending)
    return (
      <Stack role="status" aria-label="Loading">
        <Skeleton height={32} width="60%" />
        <Skeleton height={90} />
        <Skeleton height={90} />
      </Stack>
    );
  if (scan.isError)
    return <ErrorState message={errorText(scan.error, "Could not load this sheet")} onRetry={() => void scan.refetch()} retrying={scan.isFetching} />;

  const s = scan.data;
  const badge = scanBadge(s);
  const back = `${base}/sittings/${id}`;
  const busy = settle.isPending || record.isPending;
  const recorded = s.status === "recorded";

  async function doRecord(confirmed: boolean) {
    setError(null);
    try {
      const input = settleInput(s, choices, studentId);
      if (input) await settle.mutateAsync(input);
      setChoices({});
      await record.mutateAsync(confirmed);
      setConfirm(null);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && !confirmed && err.serverMessage?.includes(ALREADY)) {
        setConfirm(err.serverMessage);
        return;
      }
      const text = errorText(err, "Could not record this sheet. Please try again.");
      if (confirmed) setConfirm(null);
      setError(text);
    }
  }

  async function saveOnly() {
    setError(null);
    const input = settleInput(s, choices, studentId);
    if (!input) return;
    try {
      await settle.mutateAsync(input);
      setChoices({});
    } catch (err) {
      setError(errorText(err, "Could not save. Please try again."));
    }
  }

  const choose = (n: number, value: Choice) => setChoices((c) => ({ ...c, [n]: { ...c[n], ...value } }));
  const sheetView = { src: sheet.src, failed: sheet.failed, size: s.sheetSize };

  return (
    <Stack maw={720}>
      <Anchor component={Link} to={back} size="sm">
        ← Back to the sitting
      </Anchor>
      <PageHeader
        title={s.student ? s.student.name : s.status === "refused" ? "Unreadable sheet" : isReading(s) ? "Reading the sheet…" : "Blank sheet"}
        subtitle={[s.student?.class, s.version ? `Version ${s.version}` : null, `${s.fileName}${s.page > 1 ? `, page ${s.page}` : ""}`]
          .filter(Boolean)
          .join(" · ")}
      />
      <Group gap="xs">
        <Badge color={badge.color} variant="light" size="lg" style={{ textTransform: "none", maxWidth: "100%" }}>
          {s.status === "refused" ? "Refused" : badge.label}
        </Badge>
        {(s.status === "queued" || s.status === "reading") && <Loader size="xs" aria-label="Reading the sheet" />}
      </Group>

      {s.status === "refused" && (
        <Alert color="red" title="This sheet could not be read">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {(s.error ?? "The sheet could not be read").replace(/\.?$/, ".")} Take the photo again from the Scan screen, then remove this one.
            </Text>
            <Button size="sm" variant="white" color="red" onClick={() => setRemoving(true)}>
              Remove this sheet
            </Button>
          </Stack>
        </Alert>
      )}

      {recorded && (
        <Alert color="green" title="Recorded" role="status">
          This sheet is {s.student ? `${s.student.name}'s` : "the student's"} submission{s.score !== null ? `: ${Math.round(s.score)} %` : ""}. It appears in
          records, item analysis and the gradebook.
        </Alert>
      )}

      {s.status === "review" && !s.student && (
        <StudentPicker value={studentId} onChange={setStudentId} sittingId={id}>
          {s.sheetSize && s.sheetUrl && <RowCrop crop={NAME_CROP} sheet={sheetView} label="The name written on the sheet" maxWidth={520} />}
        </StudentPicker>
      )}

      {state && (s.status === "review" || recorded) && (
        <>
          {state.rows.length === 0 ? (
            <Text c="dimmed">Every row was read clearly: nothing to settle.</Text>
          ) : (
            <Text size="sm" c={state.waiting ? "orange.8" : "green.8"} fw={600} aria-live="polite">
              {state.waiting
                ? `${state.waiting} of ${state.rows.length} ${state.rows.length === 1 ? "row needs" : "rows need"} you. Tap the answer written on the sheet.`
                : `All ${state.rows.length} ${state.rows.length === 1 ? "row is" : "rows are"} settled.`}
            </Text>
          )}
          <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="Rows to settle">
            {state.rows.map((r) =>
              r.kind === "box" ? (
                <BoxRowCard key={r.n} row={r} choices={choices} sheet={sheetView} disabled={recorded || busy} onChoose={choose} />
              ) : (
                <BubbleRowCard key={r.n} row={r} choices={choices} sheet={sheetView} disabled={recorded || busy} onChoose={choose} />
              ),
            )}
          </Stack>
        </>
      )}

      <FormError error={error} />

      {s.status === "review" && state && (
        <Paper withBorder p="sm" style={{ position: "sticky", bottom: 0, zIndex: 2 }}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              {state.needsStudent ? "Choose the student first." : state.waiting ? `${state.waiting} left to settle` : "Ready to record."}
            </Text>
            <Group gap="xs">
              {settleInput(s, choices, studentId) && (
                <Button variant="default" onClick={() => void saveOnly()} loading={settle.isPending && !record.isPending}>
                  Save
                </Button>
              )}
              <Button size="md" disabled={!state.ready} loading={busy} onClick={() => void doRecord(false)}>
                Record
              </Button>
            </Group>
          </Group>
        </Paper>
      )}

      <Group gap="xs" wrap="wrap">
        {next ? (
          <Button component={Link} to={`${base}/sittings/${id}/scans/${next.id}`} variant={recorded ? "filled" : "light"}>
            Next sheet
          </Button>
        ) : (
          recorded && (
            <Text size="sm" c="dimmed">
              No other sheet waits for you.
            </Text>
          )
        )}
        <Button variant="default" onClick={() => navigate(back)}>
          All sheets
        </Button>
        <Button component={Link} to={`${base}/sittings/${id}/scan`} variant="default">
          Scan more
        </Button>
      </Group>

      {s.sheetSize && s.sheetUrl && (s.status === "review" || recorded) && (
        <details>
          <summary style={{ cursor: "pointer" }}>The whole sheet</summary>
          <RowCrop crop={{ x: 0, y: 0, w: s.sheetSize.width, h: s.sheetSize.height }} sheet={sheetView} label="The whole answer sheet" />
        </details>
      )}

      <ConfirmDialog
        opened={confirm !== null}
        title="Already submitted"
        message={confirm ?? ""}
        confirmLabel="Record as another attempt"
        confirmColor="blue"
        loading={busy}
        onConfirm={() => void doRecord(true)}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        opened={removing}
        title="Remove this sheet?"
        message="Its photo goes; nothing was recorded from it."
        confirmLabel="Remove"
        loading={remove.isPending}
        error={remove.isError ? errorText(remove.error, "Could not remove the sheet") : null}
        onConfirm={() => remove.mutate(scanId, { onSuccess: () => navigate(back) })}
        onClose={() => setRemoving(false)}
      />
    </Stack>
  );
}

/** A blank sheet's student: the students of the sitting's class (GET /sittings/{id}/students), searched by name. */
function StudentPicker({
  sittingId,
  value,
  onChange,
  children,
}: {
  sittingId: number;
  value: number | null;
  onChange: (id: number | null) => void;
  children?: ReactNode;
}) {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const students = useSittingStudents(sittingId, debounced);
  // The label is the name alone: choosing an option puts it in the search box, and the search must find it again.
  const data = (students.data?.data ?? []).map((u) => ({ value: String(u.id), label: u.name }));
  return (
    <Paper withBorder p="sm">
      {children}
      <Select
        label="Whose sheet is this?"
        description="A blank sheet: choose the student who wrote it (their name is on the sheet)."
        placeholder="Type a name"
        searchable
        clearable
        size="md"
        data={data}
        value={value === null ? null : String(value)}
        onChange={(v) => onChange(v ? Number(v) : null)}
        searchValue={search}
        onSearchChange={setSearch}
        nothingFoundMessage={
          students.isFetching ? "Searching…" : students.isError ? "Could not load the class: try again" : "No student of this class by that name"
        }
        filter={({ options }) => options}
        comboboxProps={{ withinPortal: true }}
      />
    </Paper>
  );
}
