import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  DecideLateAnswersResponse,
  QuizLateAnswersResponse,
  SubmissionItem,
  SubmissionListResponse,
  TeacherMark,
  UngradedListResponse,
} from "@adesua/domain";
import type { SubmissionSort } from "@adesua/domain/constants";
import { api } from "@/lib/api";
import { useDeleteById, useInvalidatingMutation } from "@/lib/mutations";

export const gradingKeys = {
  all: ["grading"] as const,
  ungraded: (quizId: number, page: number) => ["grading", "ungraded", quizId, page] as const,
  list: (q: SubmissionsQuery) => ["grading", "submissions", q] as const,
  late: (quizId: number) => ["grading", "late", quizId] as const,
};

export type SubmissionsQuery = {
  page: number;
  limit: number;
  search?: string;
  courseId?: number | null;
  quizId?: number | null;
  status?: "graded" | "ungraded";
  sortBy?: SubmissionSort;
  sortOrder?: "asc" | "desc";
};

/** GET /submissions/{quizId}/ungraded: the quiz's submissions waiting for a teacher, oldest first. */
export const useUngraded = (quizId: number, page: number, limit = 20) =>
  useQuery({
    queryKey: gradingKeys.ungraded(quizId, page),
    queryFn: ({ signal }) => api<UngradedListResponse>(`/submissions/${quizId}/ungraded`, { query: { page, limit }, signal }),
    enabled: Number.isInteger(quizId) && quizId > 0,
    placeholderData: keepPreviousData,
  });

/** GET /submissions: Grades Management's list, filtered, sorted and paged by the server. */
export const useSubmissions = (q: SubmissionsQuery) =>
  useQuery({
    queryKey: gradingKeys.list(q),
    queryFn: ({ signal }) =>
      api<SubmissionListResponse>("/submissions", {
        query: {
          page: q.page,
          limit: q.limit,
          search: q.search,
          courseId: q.courseId,
          quizId: q.quizId,
          status: q.status,
          sortBy: q.sortBy,
          sortOrder: q.sortOrder,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export type GradeInput = { finalScore: number } | { marks: TeacherMark[] };

/**
 * PUT /submissions/{id}/grade. The graded submission leaves the ungraded list at once (the list moves on
 * without a reload); every grading list is refreshed after.
 */
export function useGradeSubmission(quizId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, grade }: { id: number; grade: GradeInput }) => api<SubmissionItem>(`/submissions/${id}/grade`, { method: "PUT", body: grade }),
    onSuccess: (_item, { id }) => {
      qc.setQueriesData<UngradedListResponse>({ queryKey: ["grading", "ungraded", quizId] }, (old) =>
        old ? { ...old, data: old.data.filter((s) => s.id !== id), pagination: { ...old.pagination, total: Math.max(0, old.pagination.total - 1) } } : old,
      );
      void qc.invalidateQueries({ queryKey: gradingKeys.all });
      void qc.invalidateQueries({ queryKey: ["records"] });
    },
  });
}

/** PUT /submissions/{id} { score } (Grades Management's Edit). */
export const useEditScore = () =>
  useInvalidatingMutation(gradingKeys.all, ({ id, score }: { id: number; score: number }) =>
    api<SubmissionItem>(`/submissions/${id}`, { method: "PUT", body: { score } }),
  );

/** DELETE /submissions/{id}. */
export const useDeleteSubmission = () => useDeleteById("/submissions", gradingKeys.all);

type Option = { id: number; title: string };

/** The course filter's choices (the spec: courses fetched with limit 100). */
export const useCourseOptions = () =>
  useQuery({
    queryKey: ["grading", "course-options"],
    queryFn: ({ signal }) => api<{ data: Option[] }>("/courses", { query: { limit: 100 }, signal }),
    staleTime: 60_000,
  });

/** The quiz filter's choices, of one course when one is chosen (limit 100). */
export const useQuizOptions = (courseId: number | null) =>
  useQuery({
    queryKey: ["grading", "quiz-options", courseId],
    queryFn: ({ signal }) => api<{ data: Option[] }>("/quizzes", { query: { limit: 100, courseId }, signal }),
    staleTime: 60_000,
  });

/** GET /quizzes/{id}/late-answers: answers that reached the server after the time was up (decision 044), those waiting first. */
export const useQuizLateAnswers = (quizId: number | null) =>
  useQuery({
    queryKey: gradingKeys.late(quizId ?? 0),
    queryFn: ({ signal }) => api<QuizLateAnswersResponse>(`/quizzes/${quizId}/late-answers`, { signal }),
    enabled: quizId !== null && Number.isInteger(quizId) && quizId > 0,
  });

/** POST /submissions/{id}/late-answers/accept or …/leave (every waiting late answer of that submission). */
export function useDecideLateAnswers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ submissionId, decision }: { submissionId: number; decision: "accept" | "leave" }) =>
      api<DecideLateAnswersResponse>(`/submissions/${submissionId}/late-answers/${decision}`, { method: "POST", body: {} }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: gradingKeys.all });
      void qc.invalidateQueries({ queryKey: ["records"] });
    },
  });
}
