import {
  canAttempt,
  quizTimeStatus,
  type Question,
  type Quiz,
  type QuizListItem,
  type ShowAnswers,
  type StudentQuestion,
  type StudentQuiz,
  type StudentType,
} from "@adesua/domain";
import type { QuestionRow, QuizRow } from "../db/schema";
import { showsQuestionsToStudent } from "../policies/quiz.policy";

export type QuizJoined = {
  quiz: QuizRow;
  course: { id: number; title: string; teacherId: number | null };
  pdf: { name: string; size: number } | null;
  questionCount: number;
};

export type AttemptCounts = { currentAttempts: number; hasSubmission: boolean };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function presentBase({ quiz, course, pdf, questionCount }: QuizJoined, now: Date) {
  return {
    id: quiz.id,
    title: quiz.title,
    courseId: quiz.courseId,
    course: { id: course.id, title: course.title, teacherId: course.teacherId },
    teacherId: quiz.teacherId,
    studentType: quiz.studentType as StudentType,
    openTime: iso(quiz.openTime),
    closeTime: iso(quiz.closeTime),
    timeLimit: quiz.timeLimit,
    maxAttempts: quiz.maxAttempts,
    questionsPerPage: quiz.questionsPerPage,
    resetTimerOnAttempt: quiz.resetTimerOnAttempt,
    passingScore: Number(quiz.passingScore),
    timedSections: quiz.timedSections.map((s) => ({ name: s.name, startIndex: s.startIndex, endIndex: s.endIndex, timeLimit: s.timeLimit })),
    showAnswers: quiz.showAnswers as ShowAnswers,
    practice: quiz.practice,
    answersReleasedAt: iso(quiz.answersReleasedAt),
    pdf: pdf ? { name: pdf.name, size: pdf.size } : null,
    questionCount,
    status: quizTimeStatus(quiz, now),
    createdAt: quiz.createdAt.toISOString(),
    updatedAt: quiz.updatedAt.toISOString(),
  };
}

export function attemptInfoOf(quiz: Pick<QuizRow, "maxAttempts">, currentAttempts: number) {
  return { canAttempt: canAttempt(currentAttempts, quiz.maxAttempts), currentAttempts, maxAttempts: quiz.maxAttempts };
}

const presentQuestion = (q: QuestionRow): Question => ({
  id: q.id,
  position: q.position,
  text: q.text,
  options: [...q.options],
  answer: q.answer,
  section: q.section,
});

/** Whitelisted: no `answer` key is ever copied. */
const presentStudentQuestion = (q: QuestionRow): StudentQuestion => ({
  id: q.id,
  position: q.position,
  text: q.text,
  options: [...q.options],
  section: q.section,
});

/** For teachers and admins: with the answer keys. */
export function presentQuiz(j: QuizJoined, questions: QuestionRow[], now: Date): Quiz {
  return { ...presentBase(j, now), questions: questions.map(presentQuestion) };
}

/** For students: no answers, and no questions at all before the quiz opens. */
export function presentStudentQuiz(j: QuizJoined, questions: QuestionRow[], currentAttempts: number, now: Date): StudentQuiz {
  const base = presentBase(j, now);
  return {
    ...base,
    questions: showsQuestionsToStudent(base.status) ? questions.map(presentStudentQuestion) : [],
    attemptInfo: attemptInfoOf(j.quiz, currentAttempts),
  };
}

/** A list item; students also get their attempt info and submission flag. */
export function presentQuizListItem(j: QuizJoined, now: Date, counts: AttemptCounts | null): QuizListItem {
  return {
    ...presentBase(j, now),
    attemptInfo: counts ? attemptInfoOf(j.quiz, counts.currentAttempts) : null,
    hasSubmission: counts ? counts.hasSubmission : null,
  };
}
