/**
 * The rules that decide a student's standing in a mock BECE and on a terminal report (issue 28, decision 050):
 * grades from bands or stanines, positions with ties, the aggregate, subject and report-card scores. Pure functions
 * with no zod import, so student pages may use them; the database computes the same rules for whole classes
 * (server/src/services/mocks, server/src/services/terms), and `assessment.cases.ts` runs one table through both.
 */

/** A grade band: a score (rounded to a whole number) at or above `min` earns `grade` (1 best … 9 worst). */
export type GradeBand = { min: number; grade: number };

/** WAEC's published BECE bands: 90–100 → 1, 80–89 → 2, …, 35–39 → 8, 0–34 → 9. */
export const DEFAULT_GRADE_BANDS: readonly GradeBand[] = [
  { min: 90, grade: 1 },
  { min: 80, grade: 2 },
  { min: 70, grade: 3 },
  { min: 60, grade: 4 },
  { min: 55, grade: 5 },
  { min: 50, grade: 6 },
  { min: 40, grade: 7 },
  { min: 35, grade: 8 },
  { min: 0, grade: 9 },
];

/** The remark that follows from a grade on a report card (the words BECE results use). */
export const DEFAULT_GRADE_REMARKS: Readonly<Record<number, string>> = {
  1: "Highest",
  2: "Higher",
  3: "High",
  4: "High Average",
  5: "Average",
  6: "Low Average",
  7: "Low",
  8: "Lower",
  9: "Lowest",
};

/** The four core subjects of the BECE: every one counts towards the aggregate. */
export const DEFAULT_CORE_SUBJECTS: readonly string[] = ["English Language", "Mathematics", "Integrated Science", "Social Studies"];

/** Stanine shares from the top: 4 % earn grade 1, the next 7 % grade 2, then 12, 17, 20, 17, 12, 7 and 4 %. */
export const STANINE_SHARES: readonly number[] = [4, 7, 12, 17, 20, 17, 12, 7, 4];

/** Other (non-core) subjects added to the aggregate: the best two. */
export const AGGREGATE_BEST_OTHERS = 2;

/** Default weights of a term's total: class score 30 %, exam score 70 %. */
export const DEFAULT_CLASS_WEIGHT = 30;
export const DEFAULT_EXAM_WEIGHT = 70;
/** Default weight of each paper of a mock subject (Paper 1 and Paper 2 weighted 50/50). */
export const DEFAULT_PAPER_WEIGHT = 50;

/** Rounds to two decimals, half away from zero, without binary surprises (54.445 → 54.45). */
export function round2(x: number): number {
  return (Math.sign(x) * Math.round(Math.abs(x) * 100 + 1e-9)) / 100;
}

/**
 * The whole-number score a grade is read from: half up (54.5 → 55, 54.49 → 54). Bands are whole numbers with
 * gaps between them (89 and 90), so a score must be whole before it is graded; the same rounding decides every band.
 */
export function gradingScore(score: number): number {
  return Math.floor(round2(score) + 0.5);
}

/** The grade of a score (0–100) under a grade table; null for no score. */
export function gradeFromBands(score: number | null, bands: readonly GradeBand[] = DEFAULT_GRADE_BANDS): number | null {
  if (score === null) return null;
  const whole = gradingScore(score);
  let best: GradeBand | null = null;
  for (const band of bands) if (whole >= band.min && (best === null || band.min > best.min)) best = band;
  return best?.grade ?? null;
}

/** Why a grade table cannot be used, or null when it can: grades 1–9, distinct minimums 0–100, one from 0. */
export function gradeBandsProblem(bands: readonly GradeBand[]): string | null {
  if (bands.length === 0) return "bands must have at least one band";
  const mins = new Set<number>();
  for (const b of bands) {
    if (!Number.isInteger(b.grade) || b.grade < 1 || b.grade > 9) return "bands: each grade must be a whole number from 1 to 9";
    if (!Number.isFinite(b.min) || b.min < 0 || b.min > 100) return "bands: each min must be from 0 to 100";
    if (mins.has(b.min)) return `bands: two bands start at ${b.min}`;
    mins.add(b.min);
  }
  if (!mins.has(0)) return "bands must include a band from 0";
  const sorted = [...bands].sort((a, b) => b.min - a.min);
  for (let i = 1; i < sorted.length; i++) if (sorted[i].grade < sorted[i - 1].grade) return "bands: a higher score must never earn a worse grade";
  return null;
}

/**
 * The grade of a percentile rank under stanines, 1 (top 4 %) … 9 (bottom 4 %). The percentile rank of a score is
 * the share of the sitting below it plus half the share equal to it (the midpoint rule), so equal scores share a
 * grade and the grades of a small sitting are symmetric (7 students: 2, 3, 4, 5, 6, 7, 8).
 */
export function stanineFromPercentile(percentile: number): number {
  // Cumulative shares from the bottom: 4, 11, 23, 40, 60, 77, 89, 96.
  let below = 0;
  for (let i = STANINE_SHARES.length - 1; i >= 1; i--) {
    below += STANINE_SHARES[i];
    if (percentile < below) return i + 1;
  }
  return 1;
}

/** Stanine grades of a sitting's scores, in the same order; null scores get null and are not counted. */
export function stanineGrades(scores: readonly (number | null)[]): (number | null)[] {
  const present = scores.filter((s): s is number => s !== null).map(round2);
  const n = present.length;
  return scores.map((s) => {
    if (s === null) return null;
    const v = round2(s);
    let below = 0;
    let equal = 0;
    for (const p of present) {
      if (p < v) below++;
      else if (p === v) equal++;
    }
    return stanineFromPercentile(((below + equal / 2) / n) * 100);
  });
}

/**
 * Positions the way schools give them: equal values share a position and the next position is skipped
 * (90, 85, 85, 80 → 1, 2, 2, 4). `better` says which way is better; null values get no position.
 */
export function positions(values: readonly (number | null)[], better: "higher" | "lower" = "higher"): (number | null)[] {
  const present = values.filter((v): v is number => v !== null).map(round2);
  return values.map((v) => {
    if (v === null) return null;
    const r = round2(v);
    return 1 + present.filter((p) => (better === "higher" ? p > r : p < r)).length;
  });
}

/** "1st", "2nd", "3rd", "4th", "11th", "22nd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th"}`;
}

/** A mark as a percentage of what the paper is out of (two decimals); null for no mark. */
export function percentOf(mark: number | null, outOf: number): number | null {
  if (mark === null) return null;
  return round2((mark / outOf) * 100);
}

/**
 * A mock subject's score (0–100): its papers' percentages combined by their weights. A paper with no mark makes the
 * subject incomplete (null), never a score that counts the missing paper as 0: a teacher enters 0 for a real 0.
 */
export function subjectScore(papers: readonly { percent: number | null; weight: number }[]): number | null {
  if (papers.length === 0 || papers.some((p) => p.percent === null)) return null;
  const weight = papers.reduce((s, p) => s + p.weight, 0);
  if (weight <= 0) return null;
  return round2(papers.reduce((s, p) => s + (p.percent as number) * p.weight, 0) / weight);
}

/** How many other subjects an aggregate adds: the best two, or fewer when the mock has fewer. */
export function othersCounted(otherSubjects: number): number {
  return Math.min(AGGREGATE_BEST_OTHERS, otherSubjects);
}

/**
 * The aggregate: the grades of every core subject plus the best two of the others (6 best, 54 worst with four core
 * subjects). A missing core grade, or fewer other grades than the mock allows, gives null and `incomplete`.
 */
export function aggregate(subjects: readonly { core: boolean; grade: number | null }[]): { aggregate: number | null; incomplete: boolean } {
  const core = subjects.filter((s) => s.core);
  const others = subjects.filter((s) => !s.core);
  const need = othersCounted(others.length);
  const otherGrades = others.map((s) => s.grade).filter((g): g is number => g !== null);
  if (core.some((s) => s.grade === null) || otherGrades.length < need || core.length + need === 0) return { aggregate: null, incomplete: true };
  const best = otherGrades.sort((a, b) => a - b).slice(0, need);
  return { aggregate: core.reduce((s, c) => s + (c.grade as number), 0) + best.reduce((s, g) => s + g, 0), incomplete: false };
}

/**
 * The ranges of the aggregate distribution: from the best possible (one per counted subject, 6 with six) in steps of
 * five (6–10, 11–15, …) up to the worst (9 per subject, 54).
 */
export function aggregateRanges(countedSubjects: number): { from: number; to: number }[] {
  const worst = 9 * countedSubjects;
  const out: { from: number; to: number }[] = [];
  for (let from = countedSubjects; from <= worst; from += 5) out.push({ from, to: Math.min(from + 4, worst) });
  return out;
}

/**
 * A term's class or exam score for one subject, out of `partWeight` (30 and 70 by default): the components'
 * percentages combined by their weights. Class work a student missed counts 0; an exam with no mark at all gives
 * null (the total is then incomplete), so `missing` says which rule applies.
 */
export function termPartScore(
  components: readonly { percent: number | null; weight: number }[],
  partWeight: number,
  missing: "zero" | "incomplete",
): number | null {
  const weight = components.reduce((s, c) => s + c.weight, 0);
  if (components.length === 0 || weight <= 0) return missing === "zero" ? 0 : null;
  if (missing === "incomplete" && components.every((c) => c.percent === null)) return null;
  const percent = components.reduce((s, c) => s + (c.percent ?? 0) * c.weight, 0) / weight;
  return round2((percent * partWeight) / 100);
}

/** A report card's subject total out of 100: class score plus exam score; null when the exam score is missing. */
export function termTotal(classScore: number | null, examScore: number | null): number | null {
  if (classScore === null || examScore === null) return null;
  return round2(classScore + examScore);
}

/** The remark of a grade (the school's words where it set its own). */
export function gradeRemark(grade: number | null, remarks: Readonly<Record<number, string>> = DEFAULT_GRADE_REMARKS): string {
  return grade === null ? "" : (remarks[grade] ?? DEFAULT_GRADE_REMARKS[grade] ?? "");
}

/** The longest text message: one SMS. */
export const SMS_MAX = 160;

/** Cuts a message to one SMS, ending with "…" when it had to be cut. */
export function fitSms(text: string): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length <= SMS_MAX ? one : `${one.slice(0, SMS_MAX - 1).trimEnd()}…`;
}

/**
 * A guardian's message after a mock: "Adesua JHS: Kofi Mensah, Mock 2: aggregate 14, best Mathematics (1). Report at
 * school Friday." An incomplete result says so rather than giving a number.
 */
export function mockMessage(m: {
  school: string;
  student: string;
  mock: string;
  aggregate: number | null;
  best: { name: string; grade: number } | null;
  note?: string;
}): string {
  const result = m.aggregate === null ? "results incomplete" : `aggregate ${m.aggregate}`;
  const best = m.best ? `, best ${m.best.name} (${m.best.grade})` : "";
  return fitSms(`${m.school}: ${m.student}, ${m.mock}: ${result}${best}.${m.note ? ` ${m.note}` : ""}`);
}

/** A guardian's message after a term's reports: position, average and the next term's start. */
export function termMessage(m: {
  school: string;
  student: string;
  term: string;
  position: number | null;
  classSize: number;
  average: number | null;
  note?: string;
}): string {
  const position = m.position === null ? "" : ` ${ordinal(m.position)} of ${m.classSize}`;
  const average = m.average === null ? "" : `, average ${m.average}`;
  return fitSms(`${m.school}: ${m.student}, ${m.term} report:${position}${average}.${m.note ? ` ${m.note}` : ""}`);
}
