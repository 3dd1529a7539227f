import { useEffect, useState, type KeyboardEvent } from "react";
import { Badge, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import type { Crop, ScanRowState } from "@adesua/domain";
import { fetchSheetBlobUrl } from "../api/sittings";
import {
  confirmDraft,
  cropStyles,
  currentAnswer,
  currentMark,
  flagText,
  isDrafting,
  isRowSettled,
  keyChoice,
  shownLetters,
  tapLetter,
  type Choice,
  type Choices,
} from "./settle-model";

/** The straightened sheet as a blob: address, fetched with the session; released when the screen goes. */
export function useSheetBlob(sheetUrl: string | null) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!sheetUrl) return;
    const ctrl = new AbortController();
    let made: string | null = null;
    setFailed(false);
    fetchSheetBlobUrl(sheetUrl, ctrl.signal)
      .then((url) => {
        if (ctrl.signal.aborted) return URL.revokeObjectURL(url);
        made = url;
        setSrc(url);
      })
      .catch((e: unknown) => {
        if (!(e instanceof DOMException && e.name === "AbortError")) setFailed(true);
      });
    return () => {
      ctrl.abort();
      if (made) URL.revokeObjectURL(made);
      setSrc(null);
    };
  }, [sheetUrl]);
  return { src, failed };
}

type Sheet = { src: string | null; failed: boolean; size: { width: number; height: number } | null };

/** One row cut from the sheet image (CSS only: the whole image, offset and scaled inside a box of the crop's shape). */
export function RowCrop({ crop, sheet, label, maxWidth }: { crop: Crop; sheet: Sheet; label: string; maxWidth?: number }) {
  if (sheet.failed || !sheet.size)
    return (
      <Text size="xs" c="dimmed">
        The sheet's picture could not be loaded.
      </Text>
    );
  const s = cropStyles(crop, sheet.size);
  return (
    <div
      style={{ ...s.box, maxWidth, background: "var(--mantine-color-gray-1)", border: "1px solid var(--mantine-color-gray-4)", borderRadius: 4 }}
      data-testid="row-crop"
    >
      {sheet.src && <img src={sheet.src} alt={label} style={s.image} draggable={false} />}
    </div>
  );
}

type RowProps = {
  row: ScanRowState;
  choices: Choices;
  sheet: Sheet;
  disabled?: boolean;
  onChoose: (n: number, value: Choice) => void;
};

/**
 * A flagged bubble row: its crop, why it was flagged, and big tap targets A–E and "No answer". With the row focused,
 * the keys A–E choose and N (or 0) means no answer. A multiple-answer row toggles each letter tapped (or pressed),
 * then Confirm (or Enter) makes them its answer.
 */
export function BubbleRowCard({ row, choices, sheet, disabled, onChoose }: RowProps) {
  const answer = currentAnswer(row, choices);
  const lit = shownLetters(row, choices);
  const drafting = isDrafting(row, choices);
  const settled = isRowSettled(row, choices);
  const confirm = () => {
    const c = confirmDraft(row, choices);
    if (c) onChoose(row.n, c);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (disabled || e.altKey || e.ctrlKey || e.metaKey) return;
    // Enter on the row itself (on a button, Enter presses the button).
    if (e.key === "Enter" && drafting && e.target === e.currentTarget) {
      e.preventDefault();
      confirm();
      return;
    }
    const k = keyChoice(e.key, row.letters);
    if (!k) return;
    e.preventDefault();
    onChoose(row.n, k === "none" ? { answer: [], draft: undefined } : tapLetter(row, choices, k));
  };
  const badge = drafting ? "Not confirmed" : settled ? (answer && answer.length ? `Answer ${answer.join(", ")}` : "No answer") : flagText(row);
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="md"
      tabIndex={0}
      onKeyDown={onKeyDown}
      aria-label={`Question ${row.n}: ${flagText(row)}`}
      data-testid="settle-row"
      style={{ borderColor: settled ? "var(--mantine-color-green-5)" : "var(--mantine-color-orange-5)", borderWidth: 2 }}
    >
      <Stack gap={8}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700}>Question {row.n}</Text>
          <Badge color={settled ? "green" : "orange"} variant="light" tt="none" style={{ maxWidth: "100%" }}>
            {badge}
          </Badge>
        </Group>
        {(settled || drafting) && (
          <Text size="xs" c="dimmed">
            {flagText(row)}
          </Text>
        )}
        {row.multiple && (
          <Text size="sm" fw={600}>
            Choose all the marked answers
          </Text>
        )}
        <Group gap="sm" wrap="wrap" align="center">
          <div style={{ flex: "1 1 240px", maxWidth: 380 }}>
            <RowCrop crop={row.crop} sheet={sheet} label={`Question ${row.n} as written on the sheet`} />
          </div>
          <Group gap={6} wrap="wrap" role="group" aria-label={`Answer for question ${row.n}`}>
            {row.letters.map((l) => {
              const on = !!lit?.includes(l);
              return (
                <Button
                  key={l}
                  size="md"
                  miw={48}
                  px={0}
                  variant={on ? "filled" : "default"}
                  aria-pressed={on}
                  aria-label={`${l} for question ${row.n}`}
                  disabled={disabled}
                  onClick={() => onChoose(row.n, tapLetter(row, choices, l))}
                >
                  {l}
                </Button>
              );
            })}
            <Button
              size="md"
              variant={!drafting && answer && answer.length === 0 ? "filled" : "default"}
              color={!drafting && answer && answer.length === 0 ? "gray" : undefined}
              aria-pressed={!drafting && !!answer && answer.length === 0}
              aria-label={`No answer for question ${row.n}`}
              disabled={disabled}
              onClick={() => onChoose(row.n, { answer: [], draft: undefined })}
            >
              No answer
            </Button>
            {row.multiple && (
              <Button size="md" color="teal" aria-label={`Confirm the answers for question ${row.n}`} disabled={disabled || !drafting} onClick={confirm}>
                Confirm
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A written box: its crop and the teacher's mark, 0 to the question's marks. */
export function BoxRowCard({ row, choices, sheet, disabled, onChoose }: RowProps) {
  const mark = currentMark(row, choices);
  const settled = isRowSettled(row, choices);
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="md"
      data-testid="settle-row"
      style={{ borderColor: settled ? "var(--mantine-color-green-5)" : "var(--mantine-color-orange-5)", borderWidth: 2 }}
    >
      <Stack gap={8}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700}>Question {row.n} (written)</Text>
          <Badge color={settled ? "green" : "orange"} variant="light" tt="none" style={{ maxWidth: "100%" }}>
            {settled ? `${mark} of ${row.maxMarks}` : "Mark it"}
          </Badge>
        </Group>
        <RowCrop crop={row.crop} sheet={sheet} label={`Question ${row.n}'s written answer`} maxWidth={520} />
        <SimpleGrid cols={1} maw={220}>
          <NumberInput
            label={`Marks for question ${row.n}`}
            description={`0 to ${row.maxMarks}`}
            min={0}
            max={row.maxMarks}
            step={0.5}
            decimalScale={2}
            size="md"
            disabled={disabled}
            value={mark ?? ""}
            onChange={(v) => onChoose(row.n, { mark: v === "" || v === null ? null : Math.min(row.maxMarks, Math.max(0, Number(v))) })}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
