import { useEffect, useState } from "react";
import { NumberInput, Text } from "@mantine/core";
import type { SubmissionItem } from "@adesua/domain";
import { GRADING_MESSAGES as M } from "@adesua/domain/constants";
import { errorText } from "@/lib/api";
import { FormDialog } from "@/components/form-dialog";
import { useEditScore } from "../api/grading";

/** Edit a grade's score (a decimal from 0 to 100): it becomes the submission's final score. */
export function EditGradeDialog({ item, onClose }: { item: SubmissionItem | null; onClose: () => void }) {
  const edit = useEditScore();
  const [value, setValue] = useState<number | string>("");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setValue(item?.score ?? "");
    setError(null);
  }, [item]);

  async function save() {
    if (!item) return;
    const n = typeof value === "number" ? value : Number.parseFloat(value);
    if (!Number.isFinite(n) || n < 0 || n > 100) return setError(M.score);
    try {
      await edit.mutateAsync({ id: item.id, score: n });
      onClose();
    } catch (err) {
      setError(errorText(err, M.gradeFailed));
    }
  }

  return (
    <FormDialog
      opened={!!item}
      onClose={onClose}
      title="Edit grade"
      onSubmit={() => void save()}
      error={error}
      submitLabel="Save"
      busy={edit.isPending}
      empty={!item}
    >
      {item && (
        <>
          <Text size="sm">
            {item.user.name} · {item.quiz.title}
          </Text>
          <NumberInput label="Score" description="0 to 100" min={0} max={100} decimalScale={2} value={value} onChange={setValue} data-autofocus />
        </>
      )}
    </FormDialog>
  );
}
