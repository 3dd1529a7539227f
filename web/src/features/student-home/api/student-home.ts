import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CourseListResponse, QuizListResponse, RecordListResponse } from "@adesua/domain";
import { api } from "@/lib/api";

/** The student's quizzes (the server lists their own level only), newest first; 100 is the spec's list size. */
export const getHomeQuizzesQueryOptions = () =>
  queryOptions({
    queryKey: ["quizzes", "student-home", { limit: 100 }],
    queryFn: ({ signal }) => api<QuizListResponse>("/quizzes", { query: { page: 1, limit: 100 }, signal }),
  });

/** Every record of the student (for Completed and Average Score): pages of 100, at most 1000 records. */
export const getHomeRecordsQueryOptions = () =>
  queryOptions({
    queryKey: ["records", "student-home"],
    queryFn: async ({ signal }) => {
      const first = await api<RecordListResponse>("/records", { query: { page: 1, limit: 100 }, signal });
      const pages = Math.min(10, Math.ceil(first.pagination.total / 100));
      if (pages <= 1) return first.data;
      const rest = await Promise.all(
        Array.from({ length: pages - 1 }, (_, i) => api<RecordListResponse>("/records", { query: { page: i + 2, limit: 100 }, signal })),
      );
      return [first, ...rest].flatMap((r) => r.data);
    },
  });

export const getHomeCoursesQueryOptions = () =>
  queryOptions({
    queryKey: ["courses", "student-home", { limit: 4 }],
    queryFn: ({ signal }) => api<CourseListResponse>("/courses", { query: { page: 1, limit: 4 }, signal }),
  });

export const useHomeQuizzes = () => useQuery(getHomeQuizzesQueryOptions());
export const useHomeRecords = () => useQuery(getHomeRecordsQueryOptions());
export const useHomeCourses = () => useQuery(getHomeCoursesQueryOptions());
