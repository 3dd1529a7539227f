import { useState } from "react";
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { LateAnswer, SubmissionLateAnswers } from "@adesua/domain";
import { errorText } from "@/lib/api";
import { formatDateTime, formatMarks, marksText } from "@/lib/format";
import { useDecideLateAnswers, useQuizLateAnswers } from "../api/grading";

const pad = (n: number) => String(n).padStart(2, "0");
/** "14:03:27" in the browser's time zone. */
export const clockTime = (iso: string) => {
  const d = new Date(iso);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/** "arrived after the deadline — given at 10:58:31 by the phone's clock, received at 11:04:12" (decision 044). */
export function lateFlag(a: Pick<LateAnswer, "givenAt" | "receivedAt">): string {
  const given = a.givenAt ? `given at ${clockTime(a.givenAt)} by the phone's clock` : "the phone did not say when it was given";
  return `arrived after the deadline — ${given}, received at ${clockTime(a.receivedAt)}`;
}

const DECISION = { pending: { t: "Waiting for you", c: "orange" }, accepted: { t: "Accepted", c: "green" }, left: { t: "Left", c: "gray" } } as const;

/** Right or Wrong for a one-mark question, else the marks it would earn; a written answer waits for the teacher's marks. */
function MarkBadge({ a }: { a: LateAnswer }) {
  if (a.earned === null)
    return a.type === "written" ? (
      <Badge color="gray" variant="light">
        You mark it
      </Badge>
    ) : null;
  if (a.marks === 1 && (a.earned === 0 || a.earned === 1))
    return (
      <Badge color={a.earned === 1 ? "green" : "red"} variant="light">
        {a.earned === 1 ? "Right" : "Wrong"}
      </Badge>
    );
  return (
    <Badge color={a.earned >= a.marks ? "green" : a.earned > 0 ? "yellow" : "red"} variant="light" styles={{ label: { overflow: "visible" } }}>
      {formatMarks(a.earned)} of {marksText(a.marks)}
    </Badge>
  );
}

function LateRow({ a }: { a: LateAnswer }) {
  return (
    <Paper withBorder p="sm" radius="md" component="li" data-testid="late-answer">
      <Stack gap={4}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" fw={600}>
            Question {a.number}
          </Text>
          <Group gap={6}>
            <MarkBadge a={a} />
            <Badge color={DECISION[a.decision].c} variant="light">
              {DECISION[a.decision].t}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {a.text}
        </Text>
        <Text size="sm">
          Late answer: <b style={{ whiteSpace: "pre-wrap" }}>{a.answerText || a.answer}</b>
          {a.countedAnswer !== null && a.decision !== "accepted" && <> (counted now: {a.countedAnswer})</>}
        </Text>
        <Text size="xs" c={a.givenInTime === false ? "red.8" : "orange.9"} data-testid="late-flag">
          {lateFlag(a)}
          {a.givenInTime === false && " (after the deadline by the phone's clock too)"}
        </Text>
      </Stack>
    </Paper>
  );
}

function SubmissionLate({ s }: { s: SubmissionLateAnswers }) {
  const decide = useDecideLateAnswers();
  const [error, setError] = useState<string | null>(null);
  async function act(decision: "accept" | "leave") {
    setError(null);
    try {
      const r = await decide.mutateAsync({ submissionId: s.submissionId, decision });
      const score = (n: number | null) => (n === null ? "—" : `${n.toFixed(2)}%`);
      notifications.show({
        color: "green",
        message:
          decision === "accept"
            ? `Counted ${r.decided} late ${r.decided === 1 ? "answer" : "answers"} for ${s.user.name}: ${score(r.before.score)} → ${score(r.after.score)}`
            : `Left ${r.decided} late ${r.decided === 1 ? "answer" : "answers"} of ${s.user.name} uncounted`,
      });
    } catch (err) {
      setError(errorText(err, "Could not save the decision"));
    }
  }
  return (
    <Paper withBorder p="md" radius="md" component="li" aria-label={`Late answers of ${s.user.name}`} data-testid="late-submission">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700}>{s.user.name}</Text>
            <Text size="sm" c="dimmed">
              Deadline {s.deadline ? `${formatDateTime(s.deadline).split(",")[0]}, ${clockTime(s.deadline)}` : "—"} · score now{" "}
              <span data-testid="late-score">{s.score === null ? "—" : `${s.score.toFixed(2)}%`}</span> ({s.correct} of {s.total})
            </Text>
          </Stack>
          {s.pending > 0 && (
            <Badge color="orange" variant="filled">
              {s.pending} waiting
            </Badge>
          )}
        </Group>
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {s.answers.map((a) => (
            <LateRow key={a.questionId} a={a} />
          ))}
        </Stack>
        {error && (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        )}
        {s.pending > 0 && (
          <Group gap="sm">
            <Button size="sm" onClick={() => void act("accept")} loading={decide.isPending} aria-label={`Accept the late answers of ${s.user.name}`}>
              Accept
            </Button>
            <Button
              size="sm"
              variant="default"
              onClick={() => void act("leave")}
              disabled={decide.isPending}
              aria-label={`Leave the late answers of ${s.user.name}`}
            >
              Leave
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The quiz's answers that reached the school after the time was up (decision 044): each student's, flagged with when
 * the phone gave them and when they arrived, with Accept (they count: the submission is re-graded) or Leave. Nothing
 * when there are none.
 */
export function LateAnswersPanel({ quizId }: { quizId: number }) {
  const late = useQuizLateAnswers(quizId);
  if (!late.data || late.data.data.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="late-answers-title">
      <Title order={2} size="h4" id="late-answers-title">
        Answers that arrived after the deadline
      </Title>
      <Text size="sm" c="dimmed">
        These reached the school after the time was up (a phone that was offline). They do not count unless you accept them.
      </Text>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {late.data.data.map((s) => (
          <SubmissionLate key={s.submissionId} s={s} />
        ))}
      </Stack>
    </Stack>
  );
}

/** The flag on the submissions list: how many late answers wait for the teacher (nothing when none). */
export function useLateAnswersWaiting(quizId: number | null): number {
  return useQuizLateAnswers(quizId).data?.pending ?? 0;
}
