/**
 * Shared cases for the rules that also exist in SQL for speed (design habit 12). Each table runs
 * through the rule in domain (rules.cases.test.ts) and through the SQL against a real database
 * (server/src/services/sql-rules.test.ts); a disagreement fails one of them.
 * Times are milliseconds from the attempt's start (T0).
 */
import type { QuizTimeStatus } from "./quiz-availability";
import type { TimedSectionRule } from "./attempt-timing";

export const CASES_T0 = Date.UTC(2026, 2, 12, 9, 0, 0);
const MIN = 60_000;
const GRACE = 5_000;

/** Three timed sections over six questions (0–1, 2–3, 4–5), ten minutes each. */
const SECTIONS: TimedSectionRule[] = [
  { name: "Part 1", startIndex: 0, endIndex: 1, timeLimit: 10 },
  { name: "Part 2", startIndex: 2, endIndex: 3, timeLimit: 10 },
  { name: "Part 3", startIndex: 4, endIndex: 5, timeLimit: 10 },
];
/** Sections over questions 0–1 and 3–4 only: 2 and 5 are in no section. */
const GAPPY: TimedSectionRule[] = [
  { name: "A", startIndex: 0, endIndex: 1, timeLimit: 10 },
  { name: "B", startIndex: 3, endIndex: 4, timeLimit: 20 },
];

export type SaveCase = {
  name: string;
  sections: TimedSectionRule[];
  status: "in_progress" | "submitted";
  /** Null: no deadline. */
  deadline: number | null;
  currentSection: number;
  sectionStartedAt: number;
  now: number;
  /** 0-based positions in the six-question quiz; null is a question of another quiz. */
  questions: (number | null)[];
  savable: boolean;
};

const base = { sections: [] as TimedSectionRule[], status: "in_progress" as const, deadline: 30 * MIN, currentSection: 0, sectionStartedAt: 0 };

export const SAVE_CASES: SaveCase[] = [
  { ...base, name: "open, well before the deadline", now: 5 * MIN, questions: [0, 5], savable: true },
  { ...base, name: "no deadline at all", deadline: null, now: 900 * MIN, questions: [1], savable: true },
  { ...base, name: "exactly at the deadline plus grace", now: 30 * MIN + GRACE, questions: [0], savable: true },
  { ...base, name: "one millisecond past the grace", now: 30 * MIN + GRACE + 1, questions: [0], savable: false },
  { ...base, name: "already submitted", status: "submitted", now: 1 * MIN, questions: [0], savable: false },
  { ...base, name: "a question of another quiz", now: 1 * MIN, questions: [0, null], savable: false },
  { ...base, sections: SECTIONS, name: "the current section's question", now: 5 * MIN, questions: [0, 1], savable: true },
  { ...base, sections: SECTIONS, name: "a later section's question", now: 5 * MIN, questions: [2], savable: false },
  {
    ...base,
    sections: SECTIONS,
    name: "an ended section's question",
    currentSection: 1,
    sectionStartedAt: 10 * MIN,
    now: 12 * MIN,
    questions: [1],
    savable: false,
  },
  { ...base, sections: SECTIONS, name: "the section's end plus grace", now: 10 * MIN + GRACE, questions: [0], savable: true },
  { ...base, sections: SECTIONS, name: "past the section's end and grace", now: 10 * MIN + GRACE + 1, questions: [0], savable: false },
  {
    ...base,
    sections: SECTIONS,
    name: "a section cut short by the attempt's deadline",
    deadline: 5 * MIN,
    now: 6 * MIN,
    questions: [0],
    savable: false,
  },
  { ...base, sections: GAPPY, name: "questions in no section, any time", now: 3 * MIN, questions: [2, 5], savable: true },
  {
    ...base,
    sections: GAPPY,
    name: "a later section, within its own limit",
    currentSection: 1,
    sectionStartedAt: 10 * MIN,
    now: 29 * MIN,
    questions: [3, 4],
    savable: true,
  },
];

export type StatusCase = { name: string; openTime: number | null; closeTime: number | null; now: number; status: QuizTimeStatus };

export const STATUS_CASES: StatusCase[] = [
  { name: "no bounds", openTime: null, closeTime: null, now: 0, status: "active" },
  { name: "before opening", openTime: 10 * MIN, closeTime: null, now: 10 * MIN - 1, status: "upcoming" },
  { name: "at the open time", openTime: 10 * MIN, closeTime: 20 * MIN, now: 10 * MIN, status: "active" },
  { name: "at the close time", openTime: 10 * MIN, closeTime: 20 * MIN, now: 20 * MIN, status: "active" },
  { name: "after closing", openTime: null, closeTime: 20 * MIN, now: 20 * MIN + 1, status: "closed" },
  { name: "between the bounds", openTime: -MIN, closeTime: MIN, now: 0, status: "active" },
];

export type PersonalBestCase = { name: string; earlier: (number | null)[]; score: number | null; best: boolean };

export const PERSONAL_BEST_CASES: PersonalBestCase[] = [
  { name: "the first record", earlier: [], score: 40, best: true },
  { name: "the first record scoring zero", earlier: [], score: 0, best: true },
  { name: "higher than every earlier score", earlier: [40, 55.5], score: 60, best: true },
  { name: "equal to the best so far", earlier: [40, 60], score: 60, best: false },
  { name: "lower than an earlier score", earlier: [80], score: 79.99, best: false },
  { name: "no score (ungraded)", earlier: [], score: null, best: false },
  { name: "only ungraded records before", earlier: [null, null], score: 10, best: true },
  { name: "ungraded records beside scored ones", earlier: [null, 50], score: 45, best: false },
];
