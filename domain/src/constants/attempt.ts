/**
 * The attempt engine's refusals (server/src/services/attempt-*.ts): the human text the server
 * answers in `error`, and the stable machine-readable `code` it sends beside it, so the web can
 * branch on a refusal without comparing sentences (decision 015).
 */
export const ATTEMPT_MESSAGES = {
  quizNotFound: "Quiz not found",
  attemptNotFound: "Attempt not found",
  notOpen: "Quiz is not open yet",
  closed: "Quiz is closed",
  noAttemptsLeft: "No attempts left",
  noTimeLeft: "No time left for this quiz",
  timeUp: "Time is up",
  submitted: "This attempt has already been submitted",
  sectionEnded: "This section has ended",
  sectionNotStarted: "This section has not started yet",
  unknownQuestion: "Unknown question",
  noSections: "This quiz has no timed sections",
} as const;
export type AttemptRefusal = keyof typeof ATTEMPT_MESSAGES;

export const ATTEMPT_ERROR_CODES = {
  quizNotFound: "quiz_not_found",
  attemptNotFound: "attempt_not_found",
  notOpen: "not_open",
  closed: "closed",
  noAttemptsLeft: "no_attempts_left",
  noTimeLeft: "no_time_left",
  timeUp: "time_up",
  submitted: "already_submitted",
  sectionEnded: "section_ended",
  sectionNotStarted: "section_not_started",
  unknownQuestion: "unknown_question",
  noSections: "no_sections",
} as const satisfies Record<AttemptRefusal, string>;
export type AttemptErrorCode = (typeof ATTEMPT_ERROR_CODES)[AttemptRefusal];
