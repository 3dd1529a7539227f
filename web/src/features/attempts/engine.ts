import type { ReviewItem } from "@adesua/domain";
import type { QuestionType } from "@adesua/domain/rules";

/**
 * What the quiz-taking screen runs on. <QuizRunner> knows nothing of the network: an engine loads the
 * session, keeps answers, moves between timed sections and submits. The server engine talks to the
 * attempt API; a practice engine (the past-question bank) can run the same screen on local questions.
 */

export type RunnerQuestion = {
  id: number;
  /** 0-based place in the quiz */
  index: number;
  text: string;
  options: string[];
  /** API paths of the question's pictures (a bank question's diagrams), shown under its text. */
  images?: string[];
  /** Its type (missing: single choice) and marks (missing: 1), issue 27. */
  type?: QuestionType;
  marks?: number;
  /** A numerical answer's unit, shown after the box. */
  unit?: string | null;
  /** A written answer's parts: one box each, labelled "(a) … [2 marks]". */
  parts?: { label: string; marks: number }[];
  /** Word equations in the text and options, drawn as MathML. */
  equations?: { linear: string; mathml: string }[];
};

/**
 * How an answer was given: "typing" (a key in a text box: kept at once, sent after a pause) or "commit" (a choice, or
 * leaving a text box: sent at once).
 */
export type AnswerMode = "typing" | "commit";

export type RunnerSection = {
  index: number;
  name: string;
  /** First and last question index (0-based, inclusive). */
  startIndex: number;
  endIndex: number;
  /** Minutes; null when the section ends only when the student moves on. */
  timeLimit: number | null;
  status: "ended" | "current" | "upcoming";
  /** For the current section: when it ends (authoritative clock, epoch ms). */
  deadline: number | null;
};

export type RunnerResult = {
  /** Percentage with two decimals; null when nothing could be graded automatically, or while `scoreHidden`. */
  score: number | null;
  /** Null while `scoreHidden`. */
  correct: number | null;
  total: number;
  /** Null while a teacher still has to grade some answers. */
  passed: boolean | null;
  passingScore: number;
  /** Per question, with the correct answers; null while the student may still attempt the quiz. */
  review: ReviewItem[] | null;
  /** Whether another attempt may be started now. */
  canAttemptAgain: boolean;
  /** The quiz shows scores only once it closes, and has not yet: the screen says only "Submitted". */
  scoreHidden?: boolean;
  /** While `scoreHidden`: when the score appears (the close time, epoch ms); null when the teacher releases it. */
  scoreShownFrom?: number | null;
  /** Answers that reached the server after the time was up, by the teacher's decision so far (decision 044). */
  lateAnswers?: { pending: number; accepted: number; left: number };
  /** Practice of past questions: nothing waits for a teacher (a written answer is compared with its marking scheme). */
  practice?: boolean;
  /** While `review` is null: when the correct answers appear ("close" at `at`, epoch ms; "teacher"; "last_attempt"). */
  answersWhen?: { when: "close" | "teacher" | "last_attempt"; at: number | null };
};

export type RunnerSession = {
  title: string;
  /** The course, or the subject in practice mode. */
  subtitle: string;
  /** A staff try-out that leaves no submission or record. */
  preview: boolean;
  /** "Attempt 2 of 3"; null in practice mode. maxAttempts null means unlimited. */
  attemptNumber: number | null;
  maxAttempts: number | null;
  questionsPerPage: number;
  /** When the whole quiz ends (authoritative clock, epoch ms); null without a limit. */
  deadline: number | null;
  /** Index of the current timed section; null without sections. */
  currentSection: number | null;
  sections: RunnerSection[];
  questions: RunnerQuestion[];
  /** Answers known so far (stored or waiting to be sent), by question id. */
  answers: Record<number, string>;
  /** Set once submitted. */
  result: RunnerResult | null;
};

/** The save status the screen shows: "Saved", "Saving…" or "Offline — answers kept on this device". */
export type SaveStatus = "saved" | "saving" | "offline";

export type EngineEvent =
  | { type: "status"; status: SaveStatus }
  /** The engine learnt something that changes the session (time ended a section, or the attempt). */
  | { type: "session"; session: RunnerSession }
  /** Answers reached the server after the time was up: kept for the teacher, not counted (decision 044). */
  | { type: "lateKept"; message: string };

/** Failure classes an engine's promises reject with, so the screen can choose its words. */
export class EngineError extends Error {
  constructor(
    message: string,
    /** "offline": no connection (try again later); "refused": the server said no (its message). */
    public readonly kind: "offline" | "refused" | "failed",
  ) {
    super(message);
  }
}

export interface QuizEngine {
  /** Starts or resumes the session. Rejects with an EngineError whose message the Quiz Error screen shows. */
  load(): Promise<RunnerSession>;
  /**
   * Keeps an answer and saves it; it must survive a lost connection and a reload until stored. Typed answers
   * (`mode` "typing") are kept at once and sent after a short pause; "commit" sends at once.
   */
  answer(questionId: number, answer: string, mode?: AnswerMode): void;
  /** Ends section `fromSection` and starts the next; after the last one the result is set. */
  advanceSection(fromSection: number): Promise<RunnerSession>;
  /** Submits every answer; resolves with the session carrying its result. */
  submit(): Promise<RunnerSession>;
  /** The authoritative clock's current time (epoch ms): the server's, corrected for the device's drift. */
  now(): number;
  subscribe(listener: (e: EngineEvent) => void): () => void;
  /** Starts background work (retries, connection events); returns the matching stop. */
  attach(): () => void;
}
