import { useMutation, useQuery } from "@tanstack/react-query";
import type { QuizListResponse, ReportDefinition, ReportResult, UserListItem } from "@adesua/domain";
import { api } from "@/lib/api";
import { downloadFile } from "@/lib/download";

/** The definition's path with its picker's id filled in, without the /api prefix (the client adds it). */
export function reportPath(def: ReportDefinition, id: number | null): string {
  return def.path.replace(/^\/api/, "").replace(/\{(quizId|userId)\}/, String(id ?? ""));
}

export const useReportDefinitions = () =>
  useQuery({ queryKey: ["reports", "definitions"], queryFn: ({ signal }) => api<ReportDefinition[]>("/reports", { signal }) });

/** Running a report is an action (Run Report), not a cached read. */
export const useRunReport = () => useMutation({ mutationFn: (path: string) => api<ReportResult>(path) });

export async function exportReport(path: string, format: "csv" | "docx", fallbackName: string) {
  await downloadFile(`${path}?format=${format}`, `${fallbackName}.${format}`);
}

/** The quizzes a staff member may pick (their own for teachers), newest first. */
export const useQuizOptions = (enabled: boolean) =>
  useQuery({
    queryKey: ["reports", "quiz-options"],
    queryFn: ({ signal }) => api<QuizListResponse>("/quizzes", { query: { limit: 100 }, signal }),
    enabled,
  });

/** Students to pick, searched by the server (a school has hundreds). */
export const useStudentOptions = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: ["reports", "student-options", search],
    queryFn: ({ signal }) => api<{ data: UserListItem[] }>("/users", { query: { role: "student", search: search || undefined, limit: 50 }, signal }),
    enabled,
  });
