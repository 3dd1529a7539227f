import {
  canAttempt,
  presentTypeFields,
  quizTimeStatus,
  scoreHiddenFor,
  type QuizPublication,
  type ShowScore,
  type Question,
  type Quiz,
  type QuizListItem,
  type ShowAnswers,
  type StudentAttemptInfo,
  type StudentQuiz,
  type StudentType,
} from "@adesua/domain";
import type { QuestionRow, QuizRow } from "../../db/schema";

export type QuizJoined = {
  quiz: QuizRow;
  course: { id: number; title: string; teacherId: number | null };
  pdf: { name: string; size: number } | null;
  questionCount: number;
};

/** A student's attempts at one quiz, read with the quiz (services/quiz.service.ts studentColumns). */
export type StudentQuizState = {
  currentAttempts: number;
  hasSubmission: boolean;
  inProgress: { attemptNumber: number; deadline: Date | null } | null;
  bestScore: number | null;
};

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
    publication: quiz.status as QuizPublication,
    showScore: quiz.showScore as ShowScore,
    createdAt: quiz.createdAt.toISOString(),
    updatedAt: quiz.updatedAt.toISOString(),
  };
}

/** The student's attempts; their best score stays hidden while the quiz shows scores only after closing (decision 041). */
export function attemptInfoOf(
  quiz: Pick<QuizRow, "maxAttempts" | "showScore" | "closeTime" | "answersReleasedAt">,
  s: StudentQuizState,
  now: Date,
): StudentAttemptInfo {
  return {
    // Whether another attempt may be started; one in progress counts as used (and is resumed, not started).
    canAttempt: canAttempt(s.currentAttempts, quiz.maxAttempts),
    currentAttempts: s.currentAttempts,
    maxAttempts: quiz.maxAttempts,
    inProgress: s.inProgress ? { attemptNumber: s.inProgress.attemptNumber, deadline: iso(s.inProgress.deadline) } : null,
    bestScore: scoreHiddenFor(quiz, now) ? null : s.bestScore,
  };
}

const presentQuestion = (q: QuestionRow): Question => ({
  id: q.id,
  position: q.position,
  text: q.text,
  options: [...q.options],
  answer: q.answer,
  section: q.section,
  imageIds: [...q.imageFileIds],
  imageCount: q.imageFileIds.length,
  ...presentTypeFields(q),
});

/** For teachers and admins: with the answer keys. */
export function presentQuiz(j: QuizJoined, questions: QuestionRow[], now: Date): Quiz {
  return { ...presentBase(j, now), questions: questions.map(presentQuestion) };
}

/** For students: the quiz's information and their attempts, never its questions (they come only with an attempt). */
export function presentStudentQuiz(j: QuizJoined, state: StudentQuizState, now: Date): StudentQuiz {
  return { ...presentBase(j, now), attemptInfo: attemptInfoOf(j.quiz, state, now), serverNow: now.toISOString() };
}

/** A list item; students also get their attempt info and submission flag. */
export function presentQuizListItem(j: QuizJoined, now: Date, state: StudentQuizState | null): QuizListItem {
  return {
    ...presentBase(j, now),
    attemptInfo: state ? attemptInfoOf(j.quiz, state, now) : null,
    hasSubmission: state ? state.hasSubmission : null,
  };
}
