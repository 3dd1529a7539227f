import { useEffect, useState } from "react";
import { Button, NumberInput, Text, Textarea } from "@mantine/core";
import { TERM_MESSAGES, type ReportSubject } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { FormDialog } from "@/components/form-dialog";
import { putSubjectStudents } from "../api/terms";

export type AdjustTarget = { studentId: number; name: string; row: ReportSubject };

/**
 * Adjust one student's class score (out of the term's class weight) with the reason, which is required and recorded;
 * "Use the computed score" takes the adjustment back.
 */
export function AdjustDialog({
  termId,
  subjectId,
  classWeight,
  target,
  onClose,
  onSaved,
}: {
  termId: number;
  subjectId: number;
  classWeight: number;
  target: AdjustTarget | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [score, setScore] = useState<number | string>("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setScore(target?.row.classScore ?? "");
    setReason(target?.row.adjustReason ?? "");
    setError(null);
  }, [target]);

  async function send(classScoreAdjusted: number | null, adjustReason: string | null) {
    if (!target) return;
    setBusy(true);
    try {
      await putSubjectStudents(termId, subjectId, [{ studentId: target.studentId, classScoreAdjusted, adjustReason }]);
      onSaved();
      onClose();
    } catch (err) {
      setError(errorText(err, "Could not save the class score"));
    } finally {
      setBusy(false);
    }
  }

  function save() {
    if (!target) return;
    const n = typeof score === "number" ? score : Number.parseFloat(score);
    if (!Number.isFinite(n) || n < 0 || n > classWeight) return setError(TERM_MESSAGES.classScoreRange(target.name, classWeight));
    if (!reason.trim()) return setError(TERM_MESSAGES.reasonNeeded(target.name));
    void send(n, reason.trim());
  }

  return (
    <FormDialog
      opened={!!target}
      onClose={onClose}
      title="Adjust class score"
      onSubmit={save}
      error={error}
      submitLabel="Save adjustment"
      busy={busy}
      empty={!target}
    >
      {target && (
        <>
          <Text size="sm">
            {target.name} · {target.row.name}
            {target.row.adjustReason ? " (already adjusted)" : ""}
          </Text>
          <NumberInput
            label="Class score"
            description={`0 to ${classWeight}`}
            min={0}
            max={classWeight}
            decimalScale={2}
            value={score}
            onChange={setScore}
            data-autofocus
            maw={200}
          />
          <Textarea
            label="Reason"
            description="Required: it is recorded with the score."
            required
            maxLength={300}
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          {target.row.adjustReason && (
            <Button variant="subtle" size="xs" onClick={() => void send(null, null)} disabled={busy} style={{ alignSelf: "flex-start" }}>
              Use the computed score
            </Button>
          )}
        </>
      )}
    </FormDialog>
  );
}
