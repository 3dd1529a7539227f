/**
 * Performance rules (issue 12, decision 023): the quiz's performance status and rating, the strategies
 * of a student's final score, and the item-analysis thresholds. The server computes the figures in SQL;
 * these are the one statement of the thresholds both sides read. No Node APIs, no zod.
 */
import { quizTimeStatus, type QuizWindow } from "./quiz-availability";

export const PERFORMANCE_STRATEGIES = ["standard", "highest", "weighted"] as const;
export type PerformanceStrategy = (typeof PERFORMANCE_STRATEGIES)[number];
/** The spec's labels on the students' performance screen. */
export const STRATEGY_LABEL: Record<PerformanceStrategy, string> = { standard: "Average", highest: "Highest", weighted: "Weighted" };

export const PERFORMANCE_STATUSES = ["active", "expired", "upcoming"] as const;
export type PerformanceStatus = (typeof PERFORMANCE_STATUSES)[number];

export const PERFORMANCE_RATINGS = ["high", "medium", "low"] as const;
export type PerformanceRating = (typeof PERFORMANCE_RATINGS)[number];

/** A quiz whose students average this much or more is rated high; `MEDIUM_FROM` or more medium; below, low (the grade colours' 70 and 50). */
export const RATING_HIGH_FROM = 70;
export const RATING_MEDIUM_FROM = 50;

/** The spec's performance status: the quiz's time window, with "closed" called "expired". */
export function performanceStatus(q: QuizWindow, now: Date): PerformanceStatus {
  const s = quizTimeStatus(q, now);
  return s === "closed" ? "expired" : s;
}

/** high, medium or low from the quiz's average score; null while no graded attempt exists. */
export function performanceRating(avgScore: number | null): PerformanceRating | null {
  if (avgScore === null) return null;
  if (avgScore >= RATING_HIGH_FROM) return "high";
  if (avgScore >= RATING_MEDIUM_FROM) return "medium";
  return "low";
}

/** The score bands of a quiz's distribution chart: [from, to) in percent, the last one closed (90–100). */
export const SCORE_BANDS = [
  { label: "0–9", from: 0 },
  { label: "10–19", from: 10 },
  { label: "20–29", from: 20 },
  { label: "30–39", from: 30 },
  { label: "40–49", from: 40 },
  { label: "50–59", from: 50 },
  { label: "60–69", from: 60 },
  { label: "70–79", from: 70 },
  { label: "80–89", from: 80 },
  { label: "90–100", from: 90 },
] as const;

/**
 * Item analysis (decision 023). Each student counts once, with their first submission; the upper and
 * lower groups are the top and bottom 27% of those students by score (at least one student each).
 */
export const ITEM_GROUP_SHARE = 0.27;
/** Below this many students the flags stay off: the groups are too small to judge a question by. */
export const ITEM_MIN_STUDENTS = 5;
/** Discrimination (upper share right − lower share right) below this does not tell strong from weak students. */
export const ITEM_MIN_DISCRIMINATION = 0.2;
/** Facility (share right) below this is too hard, above `TOO_EASY_ABOVE` too easy. */
export const ITEM_TOO_HARD_BELOW = 0.3;
export const ITEM_TOO_EASY_ABOVE = 0.9;

export const ITEM_FLAGS = ["wrong_key", "non_discriminating", "too_hard", "too_easy"] as const;
export type ItemFlag = (typeof ITEM_FLAGS)[number];
export const ITEM_FLAG_LABEL: Record<ItemFlag, string> = {
  wrong_key: "Likely wrongly keyed",
  non_discriminating: "Does not discriminate",
  too_hard: "Too hard",
  too_easy: "Too easy",
};

/** Size of the upper (and of the lower) group among n students. */
export const itemGroupSize = (n: number): number => (n <= 0 ? 0 : Math.max(1, Math.ceil(ITEM_GROUP_SHARE * n)));

export type ItemCounts = {
  /** Students analysed, and the size of each group. */
  students: number;
  groupSize: number;
  /** Right answers among all students, the upper group and the lower group. */
  correct: number;
  upperCorrect: number;
  lowerCorrect: number;
  /** The key's option index, or -1 when the key names no option (null: no key). */
  keyIndex: number | null;
  /** How many of the upper group chose each option, by index. */
  upperByOption: readonly number[];
};

/** Facility, discrimination and flags of one question from its counts. */
export function itemStatistics(c: ItemCounts): { facility: number | null; discrimination: number | null; flags: ItemFlag[] } {
  if (c.keyIndex === null || c.students === 0) return { facility: null, discrimination: null, flags: [] };
  const round = (x: number) => Math.round(x * 1000) / 1000;
  const facility = round(c.correct / c.students);
  const discrimination = round((c.upperCorrect - c.lowerCorrect) / c.groupSize);
  const flags: ItemFlag[] = [];
  if (c.students >= ITEM_MIN_STUDENTS) {
    const keyUpper = c.keyIndex >= 0 ? (c.upperByOption[c.keyIndex] ?? 0) : c.upperCorrect;
    if (c.upperByOption.some((n, i) => i !== c.keyIndex && n > keyUpper)) flags.push("wrong_key");
    if (discrimination < ITEM_MIN_DISCRIMINATION) flags.push("non_discriminating");
    if (facility < ITEM_TOO_HARD_BELOW) flags.push("too_hard");
    if (facility > ITEM_TOO_EASY_ABOVE) flags.push("too_easy");
  }
  return { facility, discrimination, flags };
}
