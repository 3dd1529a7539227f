/**
 * The quiz paper rule's shared cases (decision 043): quizzes.policy's paperRefusal runs them in quizzes.policy.test.ts;
 * its SQL form (paperForStudentSql, GET /library) and GET /quizzes/{id}/pdf run them on a real database in
 * routes/library/paper-rule.test.ts. Times are milliseconds from PAPER_T0, the moment of the request.
 */
export const PAPER_T0 = Date.UTC(2026, 5, 1, 9, 0, 0);

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

export type PaperCase = {
  name: string;
  quiz: { open: number | null; close: number | null; status: "draft" | "published" };
  /** The student's attempt at the quiz: none, or one with its status and deadline (null: no deadline). */
  attempt: { status: "in_progress" | "submitted"; deadline: number | null } | null;
  expected: "hidden" | "notOpen" | "notNow" | null;
};

export const PAPER_CASES: PaperCase[] = [
  { name: "closed, no attempt: given", quiz: { open: -2 * DAY, close: -DAY, status: "published" }, attempt: null, expected: null },
  { name: "closed a millisecond ago: given", quiz: { open: -DAY, close: -1, status: "published" }, attempt: null, expected: null },
  { name: "closing at this very instant: still open", quiz: { open: -DAY, close: 0, status: "published" }, attempt: null, expected: "notNow" },
  { name: "open, no attempt: refused", quiz: { open: -DAY, close: DAY, status: "published" }, attempt: null, expected: "notNow" },
  { name: "open without a close time, no attempt: refused", quiz: { open: null, close: null, status: "published" }, attempt: null, expected: "notNow" },
  {
    name: "open, attempt running: given",
    quiz: { open: -DAY, close: DAY, status: "published" },
    attempt: { status: "in_progress", deadline: 30 * MIN },
    expected: null,
  },
  {
    name: "open, attempt running without a deadline: given",
    quiz: { open: null, close: null, status: "published" },
    attempt: { status: "in_progress", deadline: null },
    expected: null,
  },
  {
    name: "open, attempt past its deadline but within the save grace: given",
    quiz: { open: -DAY, close: DAY, status: "published" },
    attempt: { status: "in_progress", deadline: -2000 },
    expected: null,
  },
  {
    name: "open, attempt past its deadline and the grace: refused",
    quiz: { open: -DAY, close: DAY, status: "published" },
    attempt: { status: "in_progress", deadline: -MIN },
    expected: "notNow",
  },
  {
    name: "open, attempt submitted: refused (a finished attempt is no reading time)",
    quiz: { open: -DAY, close: DAY, status: "published" },
    attempt: { status: "submitted", deadline: 30 * MIN },
    expected: "notNow",
  },
  { name: "upcoming: not open yet", quiz: { open: DAY, close: 2 * DAY, status: "published" }, attempt: null, expected: "notOpen" },
  { name: "a draft that has closed: hidden", quiz: { open: -2 * DAY, close: -DAY, status: "draft" }, attempt: null, expected: "hidden" },
  {
    name: "a draft with an attempt running: hidden",
    quiz: { open: -DAY, close: DAY, status: "draft" },
    attempt: { status: "in_progress", deadline: 30 * MIN },
    expected: "hidden",
  },
];
