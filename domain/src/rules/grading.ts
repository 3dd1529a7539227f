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
export function scorePercent(correct: number, total: number): number | null {
  if (total <= 0) return null;
  return Math.round((correct * 10_000) / total) / 100;
}

/** Passed when the score reaches the passing score; unknown (null) without a score. */
export function isPassed(score: number | null, passingScore: number): boolean | null {
  return score === null ? null : score >= passingScore;
}

/** Whether a grade passes: unknown (null) until everything is graded; the one place this is decided. */
export function passedFor(grade: { graded: boolean; score: number | null }, passingScore: number): boolean | null {
  return grade.graded ? isPassed(grade.score, passingScore) : null;
}

export type GradableQuestion = { id: number; options: readonly string[]; answer: string | null };
export type GivenAnswer = { questionId: number; answer: string };

export type GradeOutcome = {
  /** Right answers among the questions that have a key. */
  correct: number;
  /** Questions with a key: the automatic score is out of these only. */
  total: number;
  score: number | null;
  /** False when some question has no key: a teacher finishes the grading. */
  graded: boolean;
  /** The student's answers to questions without a key. */
  ungradedAnswers: GivenAnswer[];
  /** Per question: right or wrong, null when it has no key. */
  perQuestion: { questionId: number; correct: boolean | null }[];
};

/** Grades a set of answers against the questions' keys. Unanswered keyed questions count as wrong. */
export function gradeAnswers(questions: readonly GradableQuestion[], answers: readonly GivenAnswer[]): GradeOutcome {
  const given = new Map(answers.map((a) => [a.questionId, a.answer]));
  let correct = 0;
  let total = 0;
  const ungradedAnswers: GivenAnswer[] = [];
  const perQuestion: GradeOutcome["perQuestion"] = [];
  for (const q of questions) {
    const a = given.get(q.id);
    if (q.answer == null || norm(q.answer) === "") {
      if (a !== undefined) ungradedAnswers.push({ questionId: q.id, answer: a });
      perQuestion.push({ questionId: q.id, correct: null });
      continue;
    }
    total++;
    const ok = answerMatches(a, q.answer, q.options);
    if (ok) correct++;
    perQuestion.push({ questionId: q.id, correct: ok });
  }
  const graded = perQuestion.every((p) => p.correct !== null);
  return { correct, total, score: scorePercent(correct, total), graded, ungradedAnswers, perQuestion };
}

/** A teacher's verdict on one answer to a question without a key. */
export type TeacherMark = { questionId: number; correct: boolean };

/**
 * What a teacher decided for a submission (decision 022): a final score, or marks for the answers to
 * questions without a key. A later grade replaces both.
 */
export type TeacherGrade = { finalScore: number | null; marks: readonly TeacherMark[] | null };

/**
 * A submission's grade with the teacher's part. Keyed questions are graded by their key (a key added
 * later wins over a mark); with marks, each question without a key counts too: right when marked
 * right, wrong when marked wrong or left unanswered, so the score is out of every question. An
 * answered question without a key and without a mark leaves the submission ungraded (the automatic
 * part only). A final score replaces the percentage; the counts stay those of keys and marks.
 */
export function gradeWithTeacher(questions: readonly GradableQuestion[], answers: readonly GivenAnswer[], teacher: TeacherGrade | null): GradeOutcome {
  const auto = gradeAnswers(questions, answers);
  if (!teacher || (teacher.finalScore === null && teacher.marks === null)) return auto;
  let correct = auto.correct;
  let total = auto.total;
  let graded = true;
  let perQuestion = auto.perQuestion;
  if (teacher.marks) {
    const marks = new Map(teacher.marks.map((m) => [m.questionId, m.correct]));
    const answered = new Set(auto.ungradedAnswers.map((a) => a.questionId));
    perQuestion = auto.perQuestion.map((p) => {
      if (p.correct !== null) return p;
      total++;
      const mark = marks.get(p.questionId);
      if (mark === undefined && answered.has(p.questionId)) graded = false;
      if (mark === true && answered.has(p.questionId)) correct++;
      return { questionId: p.questionId, correct: answered.has(p.questionId) ? (mark ?? null) : false };
    });
  }
  if (!graded && teacher.finalScore === null) return auto;
  const score = teacher.finalScore ?? scorePercent(correct, total);
  return { correct, total, score, graded: true, ungradedAnswers: auto.ungradedAnswers, perQuestion };
}
