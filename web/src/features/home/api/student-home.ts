import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CourseListResponse, LibraryList, QuizListResponse, StudentSummaryResponse } from "@adesua/domain";
import { api } from "@/lib/api";

/** The student's quizzes (their own level only) in the student order: in progress, open closing soonest, upcoming, closed; 100 is the spec's list size. */
export const getHomeQuizzesQueryOptions = () =>
  queryOptions({
    queryKey: ["quizzes", "student-home", { limit: 100 }],
    queryFn: ({ signal }) => api<QuizListResponse>("/quizzes", { query: { page: 1, limit: 100 }, signal }),
  });

/** The stat cards' figures and the average per subject, computed by the server (GET /students/me/summary); under "records" so a new record refreshes them. */
export const getStudentSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ["records", "student-summary"],
    queryFn: ({ signal }) => api<StudentSummaryResponse>("/students/me/summary", { signal }),
  });

export const getHomeCoursesQueryOptions = () =>
  queryOptions({
    queryKey: ["courses", "student-home", { limit: 4 }],
    queryFn: ({ signal }) => api<CourseListResponse>("/courses", { query: { page: 1, limit: 4 }, signal }),
  });

export const useHomeQuizzes = () => useQuery(getHomeQuizzesQueryOptions());
export const useStudentSummary = () => useQuery(getStudentSummaryQueryOptions());
export const useHomeCourses = () => useQuery(getHomeCoursesQueryOptions());

/** The latest library titles the student may see (their courses' materials, papers of closed quizzes). */
export const getHomeLibraryQueryOptions = () =>
  queryOptions({ queryKey: ["library", "student-home"], queryFn: ({ signal }) => api<LibraryList>("/library", { query: { page: 1, limit: 5 }, signal }) });

export const useHomeLibrary = () => useQuery(getHomeLibraryQueryOptions());
