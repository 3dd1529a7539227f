/**
 * Answers that reached the server after an attempt's time was up (decision 044): kept beside the
 * submission, not counted, until the quiz's teacher accepts (re-grades with them) or leaves them.
 */
export const LATE_ANSWERS = {
  /** The save's 202 answer: `code` beside `kept: "late"`. */
  keptCode: "late_answers_kept",
  /** What the student is told (the save's 202, the result screen). */
  kept: "Your last answers reached the school after the time was up; your teacher will decide.",
  /** A resend that would change an answer the teacher has already decided on (409). */
  decidedCode: "late_answers_decided",
  decided: "Your teacher has already decided on the answers that arrived after the time was up",
  /** Accept or leave with nothing waiting (409). */
  nothingPending: "No late answers are waiting for a decision",
  /** Accept or leave naming a question that has no late answer waiting (400). */
  notPending: "questionIds: a question has no late answer waiting for a decision",
  /** The student's result after the teacher's decision. */
  accepted: "Your teacher counted the answers that reached the school after the time was up.",
  left: "Your teacher did not count the answers that reached the school after the time was up.",
} as const;

export const LATE_ANSWER_DECISIONS = ["pending", "accepted", "left"] as const;
export type LateAnswerDecision = (typeof LATE_ANSWER_DECISIONS)[number];
