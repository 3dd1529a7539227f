import { PERFORMANCE_MESSAGES } from "@adesua/domain";
import { forbidden } from "../lib/errors";
import type { Viewer } from "../lib/viewer";
import { canSeeQuiz, type QuizAccessRow } from "./quizzes.policy";

/**
 * A quiz's performance (details, item analysis, a key fixed from there): admins any quiz, teachers the
 * quizzes they see (made, or of a course they teach), students never. A teacher asking for another
 * course's quiz is told so (403), as the issue asks, rather than told it does not exist.
 */
export function assertCanSeeQuizPerformance(viewer: Viewer, quiz: QuizAccessRow): void {
  if (viewer.role === "student") throw forbidden();
  if (!canSeeQuiz(viewer, quiz)) throw forbidden(PERFORMANCE_MESSAGES.notYourQuiz);
}
