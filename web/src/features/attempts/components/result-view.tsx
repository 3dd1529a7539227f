import { lazy, Suspense, useEffect, useRef, type ReactNode } from "react";
import { Alert, Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReviewItem } from "@adesua/domain";
import { describeAnswer, type WrittenPart } from "@adesua/domain/rules";
import { MathText } from "@/components/math-text";
import { marksText } from "./question-card";
import { LATE_ANSWERS } from "@adesua/domain/constants";
import type { RunnerResult } from "../engine";
import { questionImagePath } from "@/lib/api";
import { formatDateTime } from "@/lib/format";

const QuestionFigure = lazy(() => import("./question-figure"));

export function resultLabel(r: Pick<RunnerResult, "passed">): { text: string; color: string } {
  if (r.passed === true) return { text: "Passed", color: "green" };
  if (r.passed === false) return { text: "Failed", color: "red" };
  return { text: "Awaiting grading", color: "gray" };
}

/** Right, partly right, wrong, or waiting for the teacher's marks; and "1.5 of 2 marks" once marked. */
export function reviewVerdict(
  item: Pick<ReviewItem, "correct" | "earned" | "marks" | "type">,
  practice = false,
): { text: string; color: string; marks: string | null } {
  const marks = item.marks ?? 1;
  const earned = item.earned === undefined ? (item.correct === true ? marks : item.correct === false ? 0 : null) : item.earned;
  const of = earned === null ? null : `${earned} of ${marksText(marks)}`;
  if (earned === null) {
    // Practice has no teacher: a written answer is compared with its marking scheme; a question without a key is not marked.
    const text = !practice ? "Waiting for your teacher's marks" : item.type === "written" ? "Compare with the marking scheme" : "Not marked (no key)";
    return { text, color: "gray", marks: null };
  }
  if (item.correct === true || earned >= marks) return { text: "Correct", color: "green", marks: of };
  if (earned > 0) return { text: "Partly right", color: "yellow", marks: of };
  return { text: "Wrong", color: "red", marks: of };
}

function ReviewRow({ item, practice }: { item: ReviewItem; practice?: boolean }) {
  const verdict = reviewVerdict(item, practice);
  const given =
    item.yourAnswer === null
      ? ""
      : describeAnswer({ type: item.type, options: item.options, details: item.parts ? { parts: item.parts as WrittenPart[] } : null }, item.yourAnswer);
  const keyLabel = item.type === "written" ? "Marking scheme" : "Correct answer";
  return (
    <Paper withBorder p="sm" radius="md" component="li" style={{ overflowWrap: "anywhere" }} data-testid={`review-${item.index + 1}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" align="flex-start" gap={6}>
          <Text size="sm" fw={600} c="dimmed">
            Question {item.index + 1}
            {verdict.marks ? ` · ${verdict.marks}` : ` · ${marksText(item.marks ?? 1)}`}
          </Text>
          <Badge color={verdict.color} variant="light" style={{ maxWidth: "100%", height: "auto", whiteSpace: "normal" }}>
            {verdict.text}
          </Badge>
        </Group>
        <Text style={{ whiteSpace: "pre-wrap" }} component="div">
          <MathText text={item.text} equations={item.equations} />
        </Text>
        {item.imageCount ? (
          <Suspense fallback={null}>
            {Array.from({ length: item.imageCount }, (_, k) => (
              <QuestionFigure key={k} path={questionImagePath(item.questionId, k + 1)} n={k + 1} question={item.index + 1} />
            ))}
          </Suspense>
        ) : null}
        <Text size="sm" component="div" style={{ whiteSpace: "pre-wrap" }}>
          Your answer:{" "}
          <b>
            {given.trim() ? <MathText text={given} equations={item.equations} /> : "Not answered"}
            {given.trim() && item.type === "numerical" && item.unit && !given.trim().endsWith(item.unit) ? ` ${item.unit}` : ""}
          </b>
        </Text>
        {item.correctAnswer !== null && item.correct !== true && (
          <Text size="sm" c="green.9" component="div" style={{ whiteSpace: "pre-wrap" }}>
            {keyLabel}:{" "}
            <b>
              <MathText text={item.correctAnswer} equations={item.equations} />
            </b>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** When a withheld score appears (a quiz that shows scores once it closes). */
export function scoreWhenText(r: Pick<RunnerResult, "scoreShownFrom">): string {
  return r.scoreShownFrom
    ? `Your score will appear here when the quiz closes, on ${formatDateTime(new Date(r.scoreShownFrom))}.`
    : "Your score will appear here when your teacher releases it.";
}

/** When the withheld correct answers appear, said as the server's rule decides it (decision 016). */
export function answersWhenText(r: Pick<RunnerResult, "answersWhen">): string {
  const w = r.answersWhen;
  const at = w?.at ? formatDateTime(new Date(w.at)) : null;
  if (w?.when === "close" && at) return `The correct answers will appear here when the quiz closes, on ${at}.`;
  if (w?.when === "last_attempt")
    return at
      ? `The correct answers will appear here after your last attempt, or when the quiz closes on ${at}.`
      : "The correct answers will appear here after your last attempt.";
  if (w?.when === "teacher") return "The correct answers will appear here when your teacher releases them.";
  return "The correct answers are not shown yet.";
}

/** What happened to answers that reached the school after the time was up (decision 044); null when there were none. */
export function lateAnswersText(r: Pick<RunnerResult, "lateAnswers">): { text: string; color: string } | null {
  const l = r.lateAnswers;
  if (!l || l.pending + l.accepted + l.left === 0) return null;
  if (l.pending > 0) return { text: LATE_ANSWERS.kept, color: "orange" };
  if (l.accepted > 0) return { text: LATE_ANSWERS.accepted, color: "green" };
  return { text: LATE_ANSWERS.left, color: "gray" };
}

/** The results screen: score, correct/total and passed (or only "Submitted" while the quiz keeps scores); the review only when the server sent it. */
export function ResultView({
  title,
  result,
  preview,
  auto,
  actions,
}: {
  title: string;
  result: RunnerResult;
  preview: boolean;
  auto: boolean;
  actions?: ReactNode;
}) {
  const label = resultLabel(result);
  const late = lateAnswersText(result);
  // Submit Quiz sits at the bottom of a long page: the score comes first (issue 24), and focus with it.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo?.({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Stack gap="md" maw={760}>
      <Stack gap={2}>
        <Title order={1} size="h2" ref={heading} tabIndex={-1}>
          Quiz submitted
        </Title>
        <Text c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {title}
        </Text>
      </Stack>
      {auto && (
        <Alert color="orange" variant="light" title="Time is up">
          Your quiz was submitted automatically with the answers you had given.
        </Alert>
      )}
      {late && (
        <Alert color={late.color} variant="light" title="Answers that arrived late" data-testid="late-answers">
          {late.text}
        </Alert>
      )}
      {preview && (
        <Alert color="blue" variant="light">
          This was a preview: nothing was recorded.
        </Alert>
      )}
      {result.scoreHidden ? (
        <Paper withBorder p="md" radius="md" data-testid="result-hidden">
          <Badge color="blue" size="xl" variant="filled" data-testid="result-status">
            Submitted
          </Badge>
          <Text size="sm" mt="xs">
            {scoreWhenText(result)}
          </Text>
        </Paper>
      ) : (
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" align="center" wrap="wrap" gap="sm">
            <Stack gap={0}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Score
              </Text>
              <Text fz={32} fw={800} lh={1.2} data-testid="result-score">
                {result.score === null ? "—" : `${result.score.toFixed(2)}%`}
              </Text>
              <Text size="sm">
                <span data-testid="result-correct">
                  {result.correct} / {result.total}
                </span>{" "}
                correct
              </Text>
            </Stack>
            <Badge color={label.color} size="xl" variant="filled" data-testid="result-status" style={{ flex: "none" }}>
              {label.text}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" mt="xs">
            Passing score: {result.passingScore}%
          </Text>
        </Paper>
      )}
      {actions && <Group gap="sm">{actions}</Group>}
      {result.review ? (
        <Stack gap="sm">
          <Title order={2} size="h3">
            Review
          </Title>
          <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: "none" }}>
            {result.review.map((item) => (
              <ReviewRow key={item.questionId} item={item} practice={result.practice} />
            ))}
          </Stack>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" data-testid="answers-when">
          {answersWhenText(result)}
        </Text>
      )}
    </Stack>
  );
}
