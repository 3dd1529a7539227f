import type { PracticeResult, Quiz } from "@adesua/domain";

/**
 * Answers of the API as tests need them: every field the contract asks for, with ordinary values. A test passes what
 * it is about (and what it asserts on) as overrides, so the fixture's defaults never decide a test.
 */

/** A quiz as GET /quizzes/{id} and the list send it, without its questions or the student's attempts. */
export type QuizFields = Omit<Quiz, "questions">;

export function quizFields(over: Partial<QuizFields> = {}): QuizFields {
  return {
    id: 5,
    title: "Fractions",
    courseId: 2,
    course: { id: 2, title: "Mathematics", teacherId: 3 },
    teacherId: 3,
    studentType: "jhs1",
    openTime: null,
    closeTime: null,
    timeLimit: 20,
    maxAttempts: 2,
    questionsPerPage: 10,
    resetTimerOnAttempt: true,
    passingScore: 50,
    timedSections: [],
    showAnswers: "after_close",
    practice: false,
    answersReleasedAt: null,
    pdf: null,
    questionCount: 0,
    status: "active",
    publication: "published",
    showScore: "after_attempt",
    createdAt: "",
    updatedAt: "",
    ...over,
  };
}

/** One question of a graded practice: right when the student's answer is the key (no key: neither, counted as not right). */
export const practiceAnswer = (questionId: number, answer: string | null, correctAnswer: string | null) => ({
  questionId,
  answer,
  correctAnswer,
  correct: answer !== null && answer === correctAnswer,
  // A single-choice question of one mark (issue 27's fields).
  type: "single" as const,
  available: 1,
  earned: correctAnswer === null ? null : answer !== null && answer === correctAnswer ? 1 : 0,
  marked: correctAnswer !== null,
  key: correctAnswer,
  answerText: answer,
  scheme: null,
  parts: [],
});

/** A graded practice of three 2020 Science section A questions (POST /practice's answer). */
export function practiceResult(over: Partial<PracticeResult> = {}): PracticeResult {
  return {
    id: 5,
    year: 2020,
    subject: "Science",
    section: "A",
    score: 1,
    total: 3,
    percentage: 50,
    earned: 1,
    available: 2,
    timeTakenSeconds: null,
    retryOf: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    results: [],
    wrongQuestionIds: [],
    ...over,
  };
}
