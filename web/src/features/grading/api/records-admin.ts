import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminRecord, AdminRecordListResponse, RecordFormInput } from "@adesua/domain";
import { api } from "@/lib/api";

export const recordAdminKeys = {
  all: ["records"] as const,
  list: (q: RecordsQuery) => ["records", "all", q] as const,
  detail: (id: number) => ["records", "detail", id] as const,
};

export type RecordsQuery = { page: number; limit: number; search?: string; quizId?: number | null };

export const useAllRecords = (q: RecordsQuery) =>
  useQuery({
    queryKey: recordAdminKeys.list(q),
    queryFn: ({ signal }) =>
      api<AdminRecordListResponse>("/records/all", { query: { page: q.page, limit: q.limit, search: q.search, quizId: q.quizId }, signal }),
    placeholderData: keepPreviousData,
  });

export const useRecord = (id: number | undefined) =>
  useQuery({
    queryKey: recordAdminKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api<AdminRecord>(`/records/${id}`, { signal }),
    enabled: !!id && Number.isInteger(id) && id > 0,
  });

export function useSaveRecord() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: RecordFormInput }) =>
      id ? api<AdminRecord>(`/records/${id}`, { method: "PUT", body: values }) : api<AdminRecord>("/records", { method: "POST", body: values }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: recordAdminKeys.all });
      void qc.invalidateQueries({ queryKey: ["grading"] });
    },
  });
}

export function useDeleteRecord() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ ok: true }>(`/records/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: recordAdminKeys.all });
      void qc.invalidateQueries({ queryKey: ["grading"] });
    },
  });
}

type Option = { id: number; title: string };
type UserOption = { id: number; name: string; studentType: string | null };

/** The record form's students (GET /users, role student; teachers get the students of their quizzes). */
export const useStudentOptions = (search: string) =>
  useQuery({
    queryKey: ["records", "student-options", search],
    queryFn: ({ signal }) => api<{ data: UserOption[] }>("/users", { query: { role: "student", search, page: 1, limit: 100 }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** The record form's and the list filter's quizzes (GET /quizzes, limit 100: the ones the viewer manages). */
export const useQuizChoices = () =>
  useQuery({
    queryKey: ["records", "quiz-options"],
    queryFn: ({ signal }) => api<{ data: Option[] }>("/quizzes", { query: { page: 1, limit: 100 }, signal }),
    staleTime: 60_000,
  });
