import { useEffect, useRef, useState } from "react";
import { Badge, Box, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import type { SubmissionItem, UngradedSubmission } from "@adesua/domain";
import { GRADING_MESSAGES as M } from "@adesua/domain/constants";
import { errorText } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { MathText } from "@/components/math-text";
import type { GradeInput } from "../api/grading";
import { formatMarks, marksText } from "@/lib/format";
import { checkMark, MarksInput, type MarkValue } from "./marks-input";
import { QUESTION_TYPE_BADGES } from "@adesua/domain/rules";
import { scoreLine, scriptAnswers, scriptTotals, toMark, type SavedScript, type ScriptAnswer } from "./script-answer";
import { OnPaperBadge } from "./on-paper-badge";

export { scoreLine, scriptTotals, type SavedScript };

const box = { border: "1px solid var(--mantine-color-default-border)", borderRadius: "var(--mantine-radius-sm)" } as const;

/** The student's answer: a written answer part by part with each part's label and marks, else as it reads. */
function AnswerBox({ a }: { a: ScriptAnswer }) {
  return (
    <Box p="xs" style={box} bg="var(--mantine-color-body)">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
        Answer
      </Text>
      {!a.answered ? (
        <Text size="sm" fs="italic">
          No answer
        </Text>
      ) : a.parts.length > 1 ? (
        <Stack gap={6}>
          {a.parts.map((p, i) => (
            <Box key={i}>
              <Text size="sm" fw={700}>
                ({p.label}){" "}
                <Text span size="xs" c="dimmed" fw={400}>
                  {marksText(p.marks)}
                </Text>
              </Text>
              <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {p.answer || <em>No answer to this part</em>}
              </Text>
            </Box>
          ))}
        </Stack>
      ) : (
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {a.answerText}
        </Text>
      )}
    </Box>
  );
}

/** The marking scheme of a written answer (part by part when it has parts), or the key of an auto-marked one. */
function SchemeBox({ a }: { a: ScriptAnswer }) {
  const schemeParts = a.parts.filter((p) => p.scheme);
  const nothing = !a.scheme && !schemeParts.length && !a.key;
  return (
    <Box p="xs" style={box} bg="var(--mantine-color-gray-light)">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
        {a.type === "written" ? "Marking scheme" : "Key"}
      </Text>
      {nothing && (
        <Text size="sm" fs="italic">
          {a.type === "written" ? "No marking scheme given" : a.needsMarks ? "No key: give the marks yourself" : "No key"}
        </Text>
      )}
      {a.needsMarks ? (
        <Stack gap={6}>
          {a.scheme && (
            <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {a.scheme}
            </Text>
          )}
          {schemeParts.map((p, i) => (
            <Box key={i}>
              <Text size="sm" fw={700}>
                ({p.label}){" "}
                <Text span size="xs" c="dimmed" fw={400}>
                  {marksText(p.marks)}
                </Text>
              </Text>
              <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {p.scheme}
              </Text>
            </Box>
          ))}
          {!a.scheme && !schemeParts.length && a.key && (
            <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {a.key}
            </Text>
          )}
        </Stack>
      ) : (
        a.key && (
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {a.key}
          </Text>
        )
      )}
    </Box>
  );
}

/** Marks earned by the key, read-only. */
function Earned({ a }: { a: ScriptAnswer }) {
  const earned = a.earned ?? 0;
  const color = earned >= a.marks ? "green.9" : earned > 0 ? "yellow.9" : "red.9";
  return (
    <Text size="sm" fw={700} c={color} data-testid="earned">
      {formatMarks(earned)} of {marksText(a.marks)}{" "}
      <Text span size="xs" c="dimmed" fw={400}>
        (marked automatically)
      </Text>
    </Text>
  );
}

/** An auto-marked answer, compact: what was answered, the key and the marks it earned (the teacher only reads it). */
function AutoAnswer({ a }: { a: ScriptAnswer }) {
  return (
    <Stack gap={2}>
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        <Text span c="dimmed" size="xs" fw={700} tt="uppercase">
          Answer{" "}
        </Text>
        {a.answered ? a.answerText : <em>No answer</em>}
        <Text span c="dimmed" size="xs" fw={700} tt="uppercase">
          {" "}
          · Key{" "}
        </Text>
        {a.key ?? <em>none</em>}
      </Text>
      <Earned a={a} />
    </Stack>
  );
}

type Props = {
  submission: UngradedSubmission;
  /** Saves the marks (PUT …/grade); resolves with the graded submission. */
  onGrade: (grade: GradeInput) => Promise<SubmissionItem>;
  /** Called after a save made by the keyboard (Enter on the last answer) or by Save: the page moves on. */
  onSaved?: (saved: SavedScript, via: "keyboard" | "button") => void;
  /** The grade saved for this script in this session: its score shows and its marks fill the inputs. */
  saved?: SavedScript | null;
  /** Focus the first marks input when shown (the teacher came here by the keyboard). */
  autoFocus?: boolean;
  /** "Script 3 of 12". */
  place?: string;
  /** Show only the answers a teacher marks (the auto-marked ones still count in the total). */
  onlyToMark?: boolean;
};

/**
 * One script (a submission) to mark: each question with the student's answer and, beside it (below on a phone), the
 * marking scheme or key; a marks input for each answer a teacher marks, the others' marks read-only. Enter (or Tab) in
 * a marks input keeps that mark and moves to the next; Enter on the last saves the script (the page then moves on).
 */
export function GradeCard({ submission: s, onGrade, onSaved, saved, autoFocus, place, onlyToMark }: Props) {
  const answers = scriptAnswers(s);
  const marking = toMark(answers);
  const [marks, setMarks] = useState<Record<number, MarkValue>>(
    () => saved?.marks ?? Object.fromEntries(marking.filter((a) => a.earned !== null).map((a) => [a.questionId, a.earned as number])),
  );
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  /** The spec's score input: empty, the marks make the score; a percentage typed here is the final score instead. */
  const [finalScore, setFinalScore] = useState<string | number>("");
  const [finalError, setFinalError] = useState<string | null>(null);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const busy = useRef(false);
  const name = s.user.name;
  const totals = scriptTotals(answers, marks);

  useEffect(() => {
    if (autoFocus) inputs.current[0]?.focus();
    // Only when the script is first shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Checks one answer's mark; shows its error beside the input. */
  function check(a: ScriptAnswer): number | null {
    const r = checkMark(marks[a.questionId] ?? "", a.marks);
    setErrors((e) => {
      const next = { ...e };
      if ("error" in r) next[a.questionId] = r.error;
      else delete next[a.questionId];
      return next;
    });
    return "marks" in r ? r.marks : null;
  }

  async function save(via: "keyboard" | "button") {
    // A second Enter while the first save runs does nothing.
    if (busy.current) return;
    setError(null);
    setFinalError(null);
    const typed = finalScore === "" ? null : Number(finalScore);
    if (typed !== null && !(Number.isFinite(typed) && typed >= 0 && typed <= 100)) {
      setFinalError("Score must be between 0 and 100");
      return;
    }
    if (typed !== null) {
      busy.current = true;
      setSaving(true);
      try {
        const item = await onGrade({ finalScore: typed });
        const sent = Object.fromEntries(
          marking.filter((a) => typeof marks[a.questionId] === "number").map((a) => [a.questionId, marks[a.questionId] as number]),
        );
        onSaved?.({ item, marks: sent, totals: scriptTotals(answers, sent) }, via);
      } catch (err) {
        setError(errorText(err, M.gradeFailed));
      } finally {
        busy.current = false;
        setSaving(false);
      }
      return;
    }
    const given: { questionId: number; marks: number }[] = [];
    let firstBad = -1;
    marking.forEach((a, i) => {
      const m = check(a);
      if (m === null && firstBad < 0) firstBad = i;
      else if (m !== null) given.push({ questionId: a.questionId, marks: m });
    });
    if (firstBad >= 0) {
      inputs.current[firstBad]?.focus();
      return;
    }
    busy.current = true;
    setSaving(true);
    try {
      const item = await onGrade({ marks: given });
      const sent = Object.fromEntries(given.map((g) => [g.questionId, g.marks]));
      onSaved?.({ item, marks: sent, totals: scriptTotals(answers, sent) }, via);
    } catch (err) {
      const text = errorText(err, M.gradeFailed);
      // A refusal that names a question ("Question 3 is worth 5 marks: give 0 to 5") goes beside its input.
      const named = /^Question (\d+)\b/.exec(text);
      const at = named ? marking.findIndex((a) => a.number === Number(named[1])) : -1;
      if (at >= 0) {
        setErrors((e) => ({ ...e, [marking[at].questionId]: text }));
        inputs.current[at]?.focus();
      } else setError(text);
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }

  function commit(i: number, via: "enter" | "tab"): boolean {
    const ok = check(marking[i]) !== null;
    if (!ok) return false;
    if (i + 1 < marking.length) {
      inputs.current[i + 1]?.focus();
      inputs.current[i + 1]?.select();
      return true;
    }
    // The last answer: Enter saves the script; Tab goes on to the Save button as usual.
    if (via === "enter") void save("keyboard");
    return false;
  }

  return (
    <Paper withBorder p={{ base: "xs", sm: "md" }} radius="md" component="article" aria-label={`Script of ${name}`} data-testid="ungraded-submission">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Group gap={6}>
              <Text fw={700} size="lg">
                {name}
              </Text>
              <OnPaperBadge row={s} />
            </Group>
            <Text size="xs" c="dimmed">
              {place ? `${place} · ` : ""}Submitted {formatDateTime(s.createdAt)}
            </Text>
          </Stack>
          <Text size="sm" fw={600} aria-live="polite" data-testid="script-total">
            {formatMarks(totals.earned)} of {marksText(totals.available)}
            {totals.available > 0 ? ` (${((totals.earned / totals.available) * 100).toFixed(2)}%)` : ""}
          </Text>
        </Group>
        {saved && (
          <Badge color="green" variant="light" size="lg" data-testid="saved-score" styles={{ label: { overflow: "visible" } }}>
            Saved: {scoreLine(saved.item, saved.totals)}
          </Badge>
        )}
        <Stack gap="sm" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {answers
            .filter((a) => !onlyToMark || a.needsMarks)
            .map((a) => {
              const i = marking.indexOf(a);
              const label = `question ${a.number}`;
              return (
                <li key={a.questionId} aria-label={`Question ${a.number}`}>
                  <Paper withBorder p="xs" radius="sm" bg={a.needsMarks ? "var(--mantine-color-yellow-light)" : undefined}>
                    <Stack gap={6}>
                      <Group gap={6} wrap="wrap">
                        <Text fw={700}>Q{a.number}</Text>
                        <Badge variant="outline" color="gray" size="sm">
                          {QUESTION_TYPE_BADGES[a.type]}
                        </Badge>
                        <Text size="xs" c="dimmed">
                          {marksText(a.marks)}
                        </Text>
                      </Group>
                      <Text size="sm" fw={600} style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
                        <MathText text={a.text} equations={a.equations} />
                      </Text>
                      {!a.needsMarks ? (
                        <AutoAnswer a={a} />
                      ) : (
                        <>
                          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
                            <AnswerBox a={a} />
                            <SchemeBox a={a} />
                          </SimpleGrid>
                          {a.answered ? (
                            <MarksInput
                              ref={(el) => {
                                inputs.current[i] = el;
                              }}
                              label={`${label} (${name})`}
                              max={a.marks}
                              value={marks[a.questionId] ?? ""}
                              onChange={(v) => {
                                setMarks((m) => ({ ...m, [a.questionId]: v }));
                                if (errors[a.questionId]) setErrors(({ [a.questionId]: _gone, ...rest }) => rest);
                              }}
                              onCommit={(via) => commit(i, via)}
                              error={errors[a.questionId]}
                              busy={saving}
                              last={i === marking.length - 1}
                            />
                          ) : (
                            <Text size="sm" c="dimmed">
                              No answer: 0 marks.
                            </Text>
                          )}
                        </>
                      )}
                    </Stack>
                  </Paper>
                </li>
              );
            })}
        </Stack>
        {error && (
          <Text c="red.8" size="sm" role="alert" data-testid="grade-error">
            {error}
          </Text>
        )}
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <NumberInput
            label="Score (%)"
            description={`Leave empty to use the marks (${totals.available > 0 ? `${Math.round((totals.earned * 10_000) / totals.available) / 100}%` : "—"})`}
            aria-label={`Score (%) for ${name}`}
            value={finalScore}
            onChange={setFinalScore}
            min={0}
            max={100}
            decimalScale={2}
            hideControls
            error={finalError}
            w={{ base: "100%", xs: 240 }}
            inputMode="decimal"
          />
          <Button onClick={() => void save("button")} loading={saving} aria-label={`Submit Grade for ${name}`}>
            Submit Grade
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
