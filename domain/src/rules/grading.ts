import { isAutoMarked, markAnswer, marksOf, type MarkableQuestion } from "./question-types";

/**
 * Automatic grading of multiple-choice answers. The server grades; the web may use the same
 * rules to explain a review. No Node APIs here.
 */

/** Option letters, in order: option 0 is "A". */
export const ANSWER_LETTERS = ["A", "B", "C", "D", "E"] as const;

const norm = (s: string | null | undefined) => (s ?? "").trim().toLowerCase();

/** The option index a letter names ("b" → 1), or -1 when it is not a letter A–E. */
export function letterIndex(s: string | null | undefined): number {
  const n = norm(s);
  return n.length === 1 ? ANSWER_LETTERS.findIndex((l) => l.toLowerCase() === n) : -1;
}

/** The letter of an option index (1 → "B"), or null past E. */
export const optionLetter = (index: number): string | null => ANSWER_LETTERS[index] ?? null;

/**
 * Which option the key points to: the option whose text equals the key, otherwise the option the
 * key names as a letter (keys imported from answer files are often "D"); -1 when neither.
 */
export function correctOptionIndex(key: string | null | undefined, options: readonly string[]): number {
  if (key == null || norm(key) === "") return -1;
  const byText = options.findIndex((o) => norm(o) === norm(key));
  if (byText >= 0) return byText;
  const li = letterIndex(key);
  return li >= 0 && li < options.length ? li : -1;
}

/** The text of the correct option (falls back to the key itself when it names no option). */
export function correctAnswerText(key: string | null | undefined, options: readonly string[]): string | null {
  if (key == null || norm(key) === "") return null;
  const i = correctOptionIndex(key, options);
  return i >= 0 ? options[i] : key;
}

/**
 * Whether a student's answer matches the key: equal to the correct option's text or to its letter
 * (A–E), ignoring case and surrounding space. An answer that is the text of some option is read as
 * that option, never as a letter, so "B" among options ["B", "A"] means the option "B".
 */
export function answerMatches(given: string | null | undefined, key: string | null | undefined, options: readonly string[]): boolean {
  const g = norm(given);
  if (g === "" || key == null || norm(key) === "") return false;
  const ci = correctOptionIndex(key, options);
  if (ci < 0) return g === norm(key);
  if (g === norm(options[ci])) return true;
  if (options.some((o) => norm(o) === g)) return false;
  return letterIndex(g) === ci;
}

/** Percentage with two decimals; null when nothing could be graded automatically. */
export function scorePercent(earned: number, available: number): number | null {
  if (available <= 0) return null;
  return Math.round((earned * 10_000) / available) / 100;
}

/** Passed when the score reaches the passing score; unknown (null) without a score. */
export function isPassed(score: number | null, passingScore: number): boolean | null {
  return score === null ? null : score >= passingScore;
}

/** Whether a grade passes: unknown (null) until everything is graded; the one place this is decided. */
export function passedFor(grade: { graded: boolean; score: number | null }, passingScore: number): boolean | null {
  return grade.graded ? isPassed(grade.score, passingScore) : null;
}

/** A question as grading reads it: its id, and its type, marks and key (missing type: single; missing marks: 1). */
export type GradableQuestion = MarkableQuestion & { id: number };
export type GivenAnswer = { questionId: number; answer: string };

/** One question's outcome: right (full marks), wrong, or null while a teacher has to mark it; and its marks. */
export type QuestionOutcome = { questionId: number; correct: boolean | null; earned: number | null; available: number };

export type GradeOutcome = {
  /** Questions answered fully right among those marked. */
  correct: number;
  /** Questions marked (by their key, or by the teacher): the score is out of these only. */
  total: number;
  /** Marks earned and available over the marked questions: the score is earned / available. */
  earned: number;
  available: number;
  score: number | null;
  /** False when some question still needs a teacher's mark. */
  graded: boolean;
  /** The student's answers to questions a teacher marks. */
  ungradedAnswers: GivenAnswer[];
  /** Per question: right or wrong (null while unmarked), and marks. */
  perQuestion: QuestionOutcome[];
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Grades a set of answers against the questions' keys. Unanswered auto-marked questions earn 0. */
export function gradeAnswers(questions: readonly GradableQuestion[], answers: readonly GivenAnswer[]): GradeOutcome {
  const given = new Map(answers.map((a) => [a.questionId, a.answer]));
  let correct = 0;
  let total = 0;
  let earned = 0;
  let available = 0;
  const ungradedAnswers: GivenAnswer[] = [];
  const perQuestion: QuestionOutcome[] = [];
  for (const q of questions) {
    const a = given.get(q.id);
    if (!isAutoMarked(q)) {
      if (a !== undefined) ungradedAnswers.push({ questionId: q.id, answer: a });
      perQuestion.push({ questionId: q.id, correct: null, earned: null, available: marksOf(q) });
      continue;
    }
    const m = markAnswer(q, a, answerMatches);
    total++;
    available += m.available;
    earned += m.earned ?? 0;
    const ok = m.earned !== null && m.earned >= m.available;
    if (ok) correct++;
    perQuestion.push({ questionId: q.id, correct: ok, earned: m.earned ?? 0, available: m.available });
  }
  const graded = perQuestion.every((p) => p.correct !== null);
  earned = round2(earned);
  available = round2(available);
  return { correct, total, earned, available, score: scorePercent(earned, available), graded, ungradedAnswers, perQuestion };
}

/**
 * A teacher's mark for one answer to a question without a key: `marks` (0 to the question's marks), or the older
 * `correct` (right: full marks; wrong: 0). `marks` wins when both are sent.
 */
export type TeacherMark = { questionId: number; correct?: boolean; marks?: number };

/**
 * What a teacher decided for a submission (decision 022): a final score, or marks for the answers to
 * questions without a key. A later grade replaces both.
 */
export type TeacherGrade = { finalScore: number | null; marks: readonly TeacherMark[] | null };

/** The marks a teacher's mark gives out of `available`; null for a mark that gives none. */
export function teacherMarkValue(mark: TeacherMark | undefined, available: number): number | null {
  if (!mark) return null;
  if (typeof mark.marks === "number" && Number.isFinite(mark.marks)) return round2(Math.max(0, Math.min(available, mark.marks)));
  if (typeof mark.correct === "boolean") return mark.correct ? available : 0;
  return null;
}

/**
 * A submission's grade with the teacher's part. Keyed questions are graded by their key (a key added
 * later wins over a mark); with marks, each question without a key counts too: its marks as given,
 * or 0 when unanswered, so the score is out of every question. An answered question without a key and
 * without a mark leaves the submission ungraded (the automatic part only). A final score replaces the
 * percentage; the counts stay those of keys and marks.
 */
export function gradeWithTeacher(questions: readonly GradableQuestion[], answers: readonly GivenAnswer[], teacher: TeacherGrade | null): GradeOutcome {
  const auto = gradeAnswers(questions, answers);
  if (!teacher || (teacher.finalScore === null && teacher.marks === null)) return auto;
  let { correct, total, earned, available } = auto;
  let graded = true;
  let perQuestion = auto.perQuestion;
  if (teacher.marks) {
    const marks = new Map(teacher.marks.map((m) => [m.questionId, m]));
    const answered = new Set(auto.ungradedAnswers.map((a) => a.questionId));
    perQuestion = auto.perQuestion.map((p) => {
      if (p.correct !== null) return p;
      total++;
      available += p.available;
      if (!answered.has(p.questionId)) return { ...p, correct: false, earned: 0 };
      const value = teacherMarkValue(marks.get(p.questionId), p.available);
      if (value === null) {
        graded = false;
        return p;
      }
      earned += value;
      if (value >= p.available) correct++;
      return { ...p, correct: value >= p.available, earned: value };
    });
  }
  if (!graded && teacher.finalScore === null) return auto;
  earned = round2(earned);
  available = round2(available);
  const score = teacher.finalScore ?? scorePercent(earned, available);
  return { correct, total, earned, available, score, graded: true, ungradedAnswers: auto.ungradedAnswers, perQuestion };
}
