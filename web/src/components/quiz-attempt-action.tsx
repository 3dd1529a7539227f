import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Button, Group, Text } from "@mantine/core";
import { scoreHiddenFor, studentAvailability, type QuizWindow } from "@adesua/domain/rules";
import type { StudentAttemptInfo } from "@adesua/domain";

/** "19:46" or "1:05:09": what is left of an attempt; never negative. */
export function formatTimeLeft(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** "Try again (2 attempts left)"; without a limit just "Try again". */
export function tryAgainText(info: Pick<StudentAttemptInfo, "currentAttempts" | "maxAttempts">): string {
  if (info.maxAttempts === null) return "Try again";
  const left = Math.max(0, info.maxAttempts - info.currentAttempts);
  return `Try again (${left} attempt${left === 1 ? "" : "s"} left)`;
}

/**
 * Time left of an attempt in progress by the server's clock: the deadline minus the server's now, where
 * the server's now is its `serverNow` moved on by the time since the answer arrived (`receivedAt`).
 * Redraws itself every second.
 */
function TimeLeft({ deadline, serverNow, receivedAt }: { deadline: string; serverNow: string; receivedAt: number }) {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setTick(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const serverTime = Date.parse(serverNow) + (tick - receivedAt);
  return <>{formatTimeLeft(Date.parse(deadline) - serverTime)}</>;
}

export type QuizAttemptActionProps = {
  quiz: QuizWindow & {
    id: number;
    title: string;
    attemptInfo: StudentAttemptInfo | null;
    /** With "after_close" the best score waits for the close (decision 041); absent: shown. */
    showScore?: string;
    answersReleasedAt?: string | null;
  };
  now: Date;
  /** The server's clock in the answer that carried the quiz, and when that answer arrived (ms). */
  serverNow: string;
  receivedAt: number;
  /** The pre-start screen (the quiz detail): Start never opens the attempt directly from a list. */
  startTo: string;
  /** The attempt page of this quiz; an attempt in progress is resumed with `?n=` (its number). */
  attemptTo: string;
  size?: "xs" | "sm" | "md";
};

/**
 * The one way a student's quiz offers its attempt, on the home, the list and the detail:
 * "In progress — 19:46 left — Resume"; after a submission the best score and "Try again (N attempts
 * left)"; otherwise Start Quiz, leading to the pre-start screen, or a disabled button saying why not.
 */
export function QuizAttemptAction({ quiz, now, serverNow, receivedAt, startTo, attemptTo, size = "sm" }: QuizAttemptActionProps) {
  const info = quiz.attemptInfo;
  const open = info?.inProgress ?? null;
  if (open) {
    return (
      <Group gap="xs" wrap="wrap" align="center">
        <Text size="sm" fw={700} c="blue.9" data-testid="in-progress">
          In progress — {open.deadline ? <TimeLeft deadline={open.deadline} serverNow={serverNow} receivedAt={receivedAt} /> : "no time limit"}
          {open.deadline ? " left" : ""}
        </Text>
        <Button component={Link} to={`${attemptTo}?n=${open.attemptNumber}`} size={size} aria-label={`Resume: ${quiz.title}`}>
          Resume
        </Button>
      </Group>
    );
  }
  const availability = studentAvailability(quiz, info, now);
  const tried = (info?.currentAttempts ?? 0) > 0;
  const scoreHidden =
    quiz.showScore !== undefined &&
    scoreHiddenFor({ showScore: quiz.showScore, closeTime: quiz.closeTime ?? null, answersReleasedAt: quiz.answersReleasedAt ?? null }, now);
  const best =
    info && tried ? (
      <Text size="sm" fw={600} data-testid="best-score">
        Best score: {scoreHidden ? "shown after the quiz closes" : info.bestScore === null ? "awaiting grading" : `${info.bestScore.toFixed(2)}%`}
      </Text>
    ) : null;
  if (availability === "available") {
    const label = tried && info ? tryAgainText(info) : "Start Quiz";
    return (
      <Group gap="xs" wrap="wrap" align="center">
        {best}
        <Button component={Link} to={startTo} size={size} aria-label={`${label}: ${quiz.title}`}>
          {label}
        </Button>
      </Group>
    );
  }
  // The accessible name starts with the visible text (WCAG 2.5.3, checked by axe in the journeys).
  const label =
    availability === "maxed" ? `No attempts left: ${quiz.title}` : `Start Quiz: ${quiz.title} (${availability === "upcoming" ? "Not open yet" : "Closed"})`;
  return (
    <Group gap="xs" wrap="wrap" align="center">
      {best}
      <Button size={size} disabled aria-label={label}>
        {availability === "maxed" ? "No attempts left" : "Start Quiz"}
      </Button>
    </Group>
  );
}
