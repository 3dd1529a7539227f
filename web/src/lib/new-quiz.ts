import { toLocalInput } from "@/components/date-time-field";

/** When students see their score (decision 040): at once after an attempt, or once the quiz has closed. */
export type ShowScore = "after_attempt" | "after_close";

export const SHOW_SCORE_OPTIONS: { value: ShowScore; label: string }[] = [
  { value: "after_attempt", label: "As soon as they submit" },
  { value: "after_close", label: "When the quiz closes" },
];

/**
 * What the quiz forms propose until the teacher chooses: a quiz with a close time and one attempt is an
 * exam, whose scores wait until it closes; anything else shows the score at once.
 */
export function proposedShowScore(v: { closeTime: string; maxAttempts: number | string }): ShowScore {
  const attempts = typeof v.maxAttempts === "number" ? v.maxAttempts : Number(v.maxAttempts.trim() || NaN);
  return v.closeTime.trim() !== "" && attempts === 1 ? "after_close" : "after_attempt";
}

/** The one sentence that says why, under the choice. */
export function showScoreReason(v: ShowScore, proposed: ShowScore): string {
  if (v === "after_close")
    return proposed === "after_close"
      ? "Proposed because this is an exam (one attempt and a close time): a score shown at once would let students who have sat it tell others which answers were right."
      : "Scores wait until the quiz closes, so nobody can use a score to work out the answers while others can still take it.";
  return proposed === "after_close"
    ? "Students see their score as soon as they submit, even though others may still be taking this exam."
    : "Students see their score as soon as they submit; with more than one attempt or no close time this is a practice, not an exam.";
}

/** A sensible window for a new quiz: opening at the next full hour, closing a week later (in `YYYY-MM-DDTHH:mm` local time). */
export function defaultWindow(now = new Date()): { openTime: string; closeTime: string } {
  const open = new Date(now.getFullYear(), now.getMonth(), now.getDate(), now.getHours() + 1, 0);
  const close = new Date(open.getFullYear(), open.getMonth(), open.getDate() + 7, open.getHours(), 0);
  return { openTime: toLocalInput(open), closeTime: toLocalInput(close) };
}

/** The defaults the quiz forms show for a new quiz: 30 minutes, one attempt, pass at 50%. */
export const NEW_QUIZ_DEFAULTS = { timeLimit: 30, maxAttempts: 1, passingScore: 50 } as const;

/** What a screen says after it created a quiz (issue 24 §3: exactly this). */
export const DRAFT_CREATED = "Quiz created as a draft — students cannot see it until you publish it.";
