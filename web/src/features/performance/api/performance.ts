import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ItemKeyResult,
  PerformanceOverride,
  PerformanceStrategy,
  QuizDashboard,
  QuizPerformanceDetails,
  StudentHistory,
  StudentPerformanceList,
} from "@adesua/domain";
import { api } from "@/lib/api";
import { downloadFile } from "@/lib/download";

export type DashboardFilters = {
  searchTitle?: string;
  courseId?: number;
  status?: string;
  dateFrom?: string;
  dateTo?: string;
  sortBy: string;
  sortOrder: "asc" | "desc";
  page: number;
  limit: number;
};

export const getDashboardQueryOptions = (f: DashboardFilters) =>
  queryOptions({
    queryKey: ["performance", "dashboard", f],
    queryFn: ({ signal }) => api<QuizDashboard>("/performance/dashboard", { query: f, signal }),
    placeholderData: keepPreviousData,
  });
export const useQuizDashboard = (f: DashboardFilters) => useQuery(getDashboardQueryOptions(f));

export type StudentFilters = {
  courseId?: number;
  minScore?: number;
  maxScore?: number;
  strategy: PerformanceStrategy;
  search?: string;
  page: number;
  limit: number;
  sortBy?: string;
  sortOrder?: "asc" | "desc";
};

const studentsQuery = (f: StudentFilters) => ({ ...f, minScore: f.minScore, maxScore: f.maxScore });

export const getStudentPerformanceQueryOptions = (f: StudentFilters) =>
  queryOptions({
    queryKey: ["performance", "students", f],
    queryFn: ({ signal }) => api<StudentPerformanceList>("/performance/students", { query: studentsQuery(f), signal }),
    placeholderData: keepPreviousData,
  });
export const useStudentPerformance = (f: StudentFilters) => useQuery(getStudentPerformanceQueryOptions(f));

/** Every row of the filtered list, a hundred at a time (the Export CSV button). */
export async function fetchAllStudentPerformance(f: Omit<StudentFilters, "page" | "limit">): Promise<StudentPerformanceList["data"]> {
  const rows: StudentPerformanceList["data"] = [];
  for (let page = 1; ; page++) {
    const r = await api<StudentPerformanceList>("/performance/students", { query: studentsQuery({ ...f, page, limit: 100 }) });
    rows.push(...r.data);
    if (rows.length >= r.pagination.total || r.data.length === 0) return rows;
  }
}

export function useOverrideScore() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, finalScore, remark }: { userId: number; finalScore: number; remark: string }) =>
      api<PerformanceOverride>(`/performance/students/${userId}/override`, { method: "POST", body: { finalScore, remark } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["performance"] }),
  });
}

export const getQuizDetailsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ["performance", "quiz-details", id],
    queryFn: ({ signal }) => api<QuizPerformanceDetails>(`/performance/quiz-details/${id}`, { signal, quiet: true }),
    retry: false,
  });
export const useQuizDetails = (id: number) => useQuery({ ...getQuizDetailsQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });

export function useFixKey(quizId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, answer }: { questionId: number; answer: string }) =>
      api<ItemKeyResult>(`/performance/quiz-details/${quizId}/items/${questionId}/key`, { method: "PUT", body: { answer } }),
    // Scores, the dashboard and every student's figures follow the new key.
    onSuccess: () => qc.invalidateQueries({ queryKey: ["performance"] }),
  });
}

export const getStudentHistoryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ["performance", "student", id],
    queryFn: ({ signal }) => api<StudentHistory>(`/performance/student/${id}`, { signal, quiet: true }),
    retry: false,
  });
export const useStudentHistory = (id: number) => useQuery({ ...getStudentHistoryQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });

/** Downloads quiz_performance.csv or .xlsx for the chosen quizzes. */
export function exportQuizzes(quizIds: readonly number[], format: "csv" | "excel", includeStudentDetails: boolean) {
  const qs = new URLSearchParams({ quizIds: quizIds.join(","), format, includeStudentDetails: String(includeStudentDetails) });
  return downloadFile(`/performance/export?${qs}`, format === "excel" ? "quiz_performance.xlsx" : "quiz_performance.csv");
}

export type CourseOption = { id: number; title: string };
/** The course filter's options (admins): the first hundred courses, as the spec fetches them. */
export const useCourseOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ["courses", "options"],
    queryFn: ({ signal }) => api<{ data: CourseOption[] }>("/courses", { query: { limit: 100 }, signal }),
    enabled,
    select: (r) => r.data,
  });
