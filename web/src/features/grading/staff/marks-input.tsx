import { forwardRef, useId, type KeyboardEvent } from "react";
import { Button, Group, NumberInput, Stack, Text } from "@mantine/core";
import { formatMarks, marksText } from "@/lib/format";

/** A mark as typed: a number, or "" while empty. */
export type MarkValue = number | string;

/** The marks a typed value gives, or the reason it gives none (0 to `max`, decimals allowed). */
export function checkMark(value: MarkValue, max: number): { marks: number } | { error: string } {
  if (value === "" || value === "-") return { error: `Enter the marks, 0 to ${formatMarks(max)}` };
  const n = typeof value === "number" ? value : Number.parseFloat(value);
  if (!Number.isFinite(n)) return { error: `Enter a number of marks, 0 to ${formatMarks(max)}` };
  if (n < 0 || n > max) return { error: `Marks must be from 0 to ${formatMarks(max)}` };
  return { marks: Math.round(n * 100) / 100 };
}

/** Marks as a person reads them: 2, 2.5, 0.25 (no trailing zeros). */

type Props = {
  /** What is marked, for the label of the input and its buttons ("question 3"). */
  label: string;
  /** The question's marks (the most it may get). */
  max: number;
  value: MarkValue;
  onChange: (v: MarkValue) => void;
  /**
   * Enter, or Tab without Shift, in the input: keep this mark and go on (the caller moves the focus). Return false to
   * stay (the mark is not valid); Tab then keeps its usual meaning.
   */
  onCommit: (via: "enter" | "tab") => boolean;
  error?: string | null;
  /** While the script saves: read-only (the focus stays where it is, so a refusal can be corrected at once). */
  busy?: boolean;
  /** Step of the arrows (default 0.5). */
  step?: number;
  /** The script's last marks input: a phone's keyboard shows "Done" (it saves) instead of "Next". */
  last?: boolean;
};

/**
 * A teacher's marks for one answer: a number input (0 to the question's marks, decimals allowed, the arrow keys step
 * by `step`) with "of N marks" beside it, quick buttons for no marks and full marks, and the error under it. Enter or
 * Tab keeps the mark and hands on to the next answer (`onCommit`).
 */
export const MarksInput = forwardRef<HTMLInputElement, Props>(function MarksInput(
  { label, max, value, onChange, onCommit, error, busy, step = 0.5, last },
  ref,
) {
  const errorId = useId();
  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "Enter") {
      e.preventDefault();
      onCommit("enter");
    } else if (e.key === "Tab" && !e.shiftKey) {
      if (onCommit("tab")) e.preventDefault();
    }
  }
  return (
    <Stack gap={4}>
      <Group gap="xs" align="center" wrap="wrap">
        <NumberInput
          ref={ref}
          aria-label={`Marks for ${label}`}
          min={0}
          max={max}
          step={step}
          decimalScale={2}
          allowNegative={false}
          clampBehavior="none"
          inputMode="decimal"
          enterKeyHint={last ? "done" : "next"}
          value={value}
          onChange={onChange}
          onKeyDown={onKeyDown}
          error={!!error}
          aria-invalid={!!error}
          aria-describedby={error ? errorId : undefined}
          readOnly={busy}
          w={96}
          size="md"
          styles={{ input: { fontWeight: 700, textAlign: "right" } }}
        />
        <Text size="sm" fw={600}>
          of {marksText(max)}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-md" variant="default" tabIndex={-1} disabled={busy} onClick={() => onChange(0)} aria-label={`0 marks for ${label}`}>
            0
          </Button>
          <Button
            size="compact-md"
            variant="default"
            tabIndex={-1}
            disabled={busy}
            onClick={() => onChange(max)}
            aria-label={`${marksText(max)}, full marks, for ${label}`}
          >
            {formatMarks(max)}
          </Button>
        </Group>
      </Group>
      {error && (
        <Text id={errorId} size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
});
