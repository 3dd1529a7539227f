import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { CourseListResponse, Quiz, QuizListResponse, StudentQuiz } from "@adesua/domain";
import { api } from "@/lib/api";
import { QUIZ_MESSAGES } from "@adesua/domain/constants";

export const QUIZ_SAVE_FAILED = "Error saving quiz. Please try again.";
export const QUIZ_DELETE_FAILED = "Delete failed";
export const QUIZ_LOAD_ERROR_TITLE = "Error Loading Quiz";
export const QUIZZES_LOAD_FAILED = "Failed to load quizzes. Please try again later.";
/** The spec's hint for a teacher who teaches no course (also the server's 403 message). */
export const NO_COURSE_HINT = QUIZ_MESSAGES.noCourse;

export type QuizzesQuery = { page: number; limit: number; courseId?: number };

/** Every quiz query starts with "quizzes" so a save or delete refreshes lists and details alike. */
export const quizKeys = {
  all: ["quizzes"] as const,
  list: (q: QuizzesQuery) => ["quizzes", "list", q] as const,
  detail: (id: number) => ["quizzes", "detail", id] as const,
};

export const getQuizzesQueryOptions = (q: QuizzesQuery) =>
  queryOptions({
    queryKey: quizKeys.list(q),
    queryFn: ({ signal }) => api<QuizListResponse>("/quizzes", { query: { page: q.page, limit: q.limit, courseId: q.courseId }, signal }),
    placeholderData: keepPreviousData,
  });
export const useQuizzes = (q: QuizzesQuery) => useQuery(getQuizzesQueryOptions(q));

/** Staff get the answer keys (Quiz); students get StudentQuiz, which has none. */
export const getQuizQueryOptions = (id: number) =>
  queryOptions({ queryKey: quizKeys.detail(id), queryFn: ({ signal }) => api<Quiz | StudentQuiz>(`/quizzes/${id}`, { signal }) });
export const useQuiz = (id: number) => useQuery({ ...getQuizQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });

/**
 * Courses for pickers (limit 100, the spec's dropdown size). With a teacherId only the courses that
 * teacher teaches. The key lives under "courses" so course changes refresh it.
 */
export const getCourseOptionsQueryOptions = (teacherId?: number) =>
  queryOptions({
    queryKey: ["courses", "options", teacherId ?? "all"],
    queryFn: ({ signal }) => api<CourseListResponse>("/courses", { query: { page: 1, limit: 100, teacherId }, signal }),
    staleTime: 60_000,
  });
export const useCourseOptions = (teacherId?: number, enabled = true) => useQuery({ ...getCourseOptionsQueryOptions(teacherId), enabled });
