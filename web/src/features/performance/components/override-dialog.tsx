import { useState } from "react";
import { Modal, NumberInput, Stack, Text, Textarea } from "@mantine/core";
import type { StudentPerformanceRow } from "@adesua/domain";
import { FormActions } from "@/components/form-actions";
import { score } from "./performance-display";

/**
 * The admin's override of a student's final score. As the spec says, the remark is asked first, then
 * the final score (required, 0–100); the computed score stays visible beside it.
 */
export function OverrideDialog({
  row,
  saving,
  onSave,
  onClose,
}: {
  row: StudentPerformanceRow | null;
  saving: boolean;
  onSave: (finalScore: number, remark: string) => void;
  onClose: () => void;
}) {
  const [step, setStep] = useState<"remark" | "score">("remark");
  const [remark, setRemark] = useState("");
  const [value, setValue] = useState<string | number>("");
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setStep("remark");
    setRemark("");
    setValue("");
    setError(null);
    onClose();
  };

  function save() {
    const n = typeof value === "number" ? value : Number(value);
    if (value === "" || !Number.isFinite(n) || n < 0 || n > 100) {
      setError("Enter a final score from 0 to 100");
      return;
    }
    onSave(n, remark.trim());
  }

  return (
    <Modal opened={!!row} onClose={close} title={row ? `Override ${row.name}'s final score` : ""} centered>
      {row && (
        <Stack>
          <Text size="sm">
            Computed score: <strong>{score(row.computedScore)}</strong>
            {row.overridden ? ` (now overridden to ${score(row.finalScore)})` : ""}
          </Text>
          {step === "remark" ? (
            <>
              <Textarea
                label="Remark"
                description="Why the final score changes (kept with it in the audit log)."
                value={remark}
                onChange={(e) => setRemark(e.currentTarget.value)}
                maxLength={500}
                autosize
                minRows={2}
                data-autofocus
              />
              <FormActions onCancel={close} submitLabel="Next" onSubmit={() => setStep("score")} />
            </>
          ) : (
            <>
              <NumberInput
                label="Final score"
                description="From 0 to 100; shown instead of the computed score."
                value={value}
                onChange={(v) => {
                  setValue(v);
                  setError(null);
                }}
                min={0}
                max={100}
                step={0.1}
                decimalScale={2}
                error={error}
                required
                data-autofocus
              />
              <FormActions cancelLabel="Back" onCancel={() => setStep("remark")} submitLabel="Save override" busy={saving} onSubmit={save} />
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
