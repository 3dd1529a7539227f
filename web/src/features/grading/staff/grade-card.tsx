import { useState } from "react";
import { Alert, Badge, Button, Group, NumberInput, Paper, SegmentedControl, Stack, Text } from "@mantine/core";
import type { UngradedSubmission } from "@adesua/domain";
import { GRADING_MESSAGES as M } from "@adesua/domain/constants";
import { scorePercent } from "@adesua/domain/rules";
import { errorText } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import type { GradeInput } from "../api/grading";

type Mark = "right" | "wrong" | null;

/** The score the marks give: keyed answers by their key, each question without a key by its mark (unanswered: wrong), out of every question. */
export function scoreFromMarks(s: UngradedSubmission, marks: Record<number, Mark>): number | null {
  let correct = 0;
  for (const a of s.answers) {
    if (!a.needsGrading) correct += a.correct ? 1 : 0;
    else if (a.answer !== null && marks[a.questionId] === "right") correct++;
  }
  return scorePercent(correct, s.answers.length);
}

/** Answers to questions without a key that still need a mark. */
const unmarked = (s: UngradedSubmission, marks: Record<number, Mark>) => s.answers.filter((a) => a.needsGrading && a.answer !== null && !marks[a.questionId]);

/**
 * One ungraded submission: every answer per question (right or wrong by the key, or to be marked), a
 * score input and Submit Grade. Marking fills the score in; typing a score makes it the final score.
 */
export function GradeCard({ submission: s, onGrade }: { submission: UngradedSubmission; onGrade: (grade: GradeInput) => Promise<unknown> }) {
  const [marks, setMarks] = useState<Record<number, Mark>>(() =>
    Object.fromEntries(s.answers.filter((a) => a.needsGrading && a.correct !== null).map((a) => [a.questionId, a.correct ? "right" : "wrong"])),
  );
  const [typed, setTyped] = useState<number | string>("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const fromMarks = unmarked(s, marks).length === 0 ? scoreFromMarks(s, marks) : null;
  const shown = typed !== "" ? typed : (fromMarks ?? "");
  const name = s.user.name;

  async function submit() {
    setError(null);
    let grade: GradeInput;
    if (typed !== "") {
      const n = typeof typed === "number" ? typed : Number.parseFloat(typed);
      if (!Number.isFinite(n) || n < 0 || n > 100) return setError(M.score);
      grade = { finalScore: n };
    } else if (fromMarks !== null) {
      grade = {
        marks: s.answers
          .filter((a) => a.needsGrading && marks[a.questionId])
          .map((a) => ({ questionId: a.questionId, correct: marks[a.questionId] === "right" })),
      };
      if (!grade.marks.length) grade = { finalScore: fromMarks };
    } else {
      return setError(`${M.markMissing}, or enter a score.`);
    }
    setSaving(true);
    try {
      await onGrade(grade);
    } catch (err) {
      setError(errorText(err, M.gradeFailed));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Submission of ${name}`} data-testid="ungraded-submission">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>{name}</Text>
          <Text size="sm" c="dimmed">
            Submitted {formatDateTime(s.createdAt)}
          </Text>
        </Group>
        <Text size="sm">
          Automatic part: {s.correct} of {s.total} keyed questions right{s.score !== null ? ` (${s.score.toFixed(2)}%)` : ""}.
        </Text>
        <Stack gap="xs" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {s.answers.map((a) => (
            <li key={a.questionId}>
              <Paper withBorder p="xs" radius="sm" bg={a.needsGrading ? "yellow.0" : undefined}>
                <Stack gap={4}>
                  <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                    {a.number}. {a.text}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                    Answer: {a.answer ?? <em>No answer</em>}
                  </Text>
                  {a.needsGrading ? (
                    a.answer === null ? (
                      <Text size="xs" c="dimmed">
                        No answer: counts as wrong.
                      </Text>
                    ) : (
                      <SegmentedControl
                        size="xs"
                        aria-label={`Mark question ${a.number} for ${name}`}
                        value={marks[a.questionId] ?? ""}
                        onChange={(v) => setMarks((m) => ({ ...m, [a.questionId]: v as Mark }))}
                        data={[
                          { label: "Right", value: "right" },
                          { label: "Wrong", value: "wrong" },
                        ]}
                        style={{ alignSelf: "flex-start" }}
                      />
                    )
                  ) : (
                    <Group gap="xs">
                      <Badge color={a.correct ? "green" : "red"} variant="light">
                        {a.correct ? "Right" : "Wrong"}
                      </Badge>
                      {!a.correct && (
                        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                          Correct: {a.correctAnswer}
                        </Text>
                      )}
                    </Group>
                  )}
                </Stack>
              </Paper>
            </li>
          ))}
        </Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group align="flex-end" wrap="wrap" gap="sm">
          <NumberInput
            label="Score"
            description={typed === "" && fromMarks !== null ? "From the marks" : "0 to 100"}
            min={0}
            max={100}
            decimalScale={2}
            value={shown}
            onChange={(v) => setTyped(v === "" ? "" : v)}
            w={160}
          />
          <Button onClick={() => void submit()} loading={saving} aria-label={`Submit Grade for ${name}`}>
            Submit Grade
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
