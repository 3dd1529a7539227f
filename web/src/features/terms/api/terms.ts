import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CheckInput,
  CourseListResponse,
  ComponentMarks,
  ComponentMarksInput,
  MessagesResult,
  Mock,
  MockList,
  PrintJob,
  QuizListResponse,
  School,
  SubjectStudentsInput,
  TableListResponse,
  Term,
  TermClass,
  TermInput,
  TermList,
  TermReports,
  TermStudentsInput,
  TermSubject,
  TermSubjectInput,
} from "@adesua/domain";
import { api } from "@/lib/api";
import { saveById, useDeleteById, useInvalidatingMutation } from "@/lib/mutations";

/** Terms and terminal reports, staff side (issue 28): the calls of domain contracts terms/{term,report}.ts. */
export const termKeys = {
  all: ["terms"] as const,
  list: (page: number) => ["terms", "list", page] as const,
  one: (id: number) => ["terms", "one", id] as const,
  classes: (id: number) => ["terms", "classes", id] as const,
  reportsOf: (id: number) => ["terms", "reports", id] as const,
  reports: (id: number, cls: string) => ["terms", "reports", id, cls] as const,
  marks: (id: number, componentId: number, cls: string) => ["terms", "marks", id, componentId, cls] as const,
};

export const getTermsQueryOptions = (page: number, limit = 20) =>
  queryOptions({
    queryKey: termKeys.list(page),
    queryFn: ({ signal }) => api<TermList>("/terms", { query: { page, limit }, signal }),
    placeholderData: keepPreviousData,
  });
export const useTerms = (page: number) => useQuery(getTermsQueryOptions(page));

export const getTermQueryOptions = (id: number) => queryOptions({ queryKey: termKeys.one(id), queryFn: ({ signal }) => api<Term>(`/terms/${id}`, { signal }) });
export const useTerm = (id: number | undefined) => useQuery({ ...getTermQueryOptions(id ?? 0), enabled: !!id });

export const useSaveTerm = () =>
  useInvalidatingMutation(termKeys.all, ({ id, values }: { id?: number; values: TermInput }) => saveById<Term>("/terms", id, { body: values }));
export const useDeleteTerm = () => useDeleteById("/terms", termKeys.all);

export const useSaveSubject = (termId: number) =>
  useInvalidatingMutation(termKeys.all, ({ id, values }: { id?: number; values: TermSubjectInput }) =>
    saveById<TermSubject>(`/terms/${termId}/subjects`, id, { body: values }),
  );
export const useDeleteSubject = (termId: number) => useDeleteById(`/terms/${termId}/subjects`, termKeys.all);

export const useTermClasses = (id: number) =>
  useQuery({
    queryKey: termKeys.classes(id),
    queryFn: ({ signal }) => api<{ classes: TermClass[] }>(`/terms/${id}/classes`, { signal }),
  });

export const getReportsQueryOptions = (id: number, cls: string) =>
  queryOptions({
    queryKey: termKeys.reports(id, cls),
    queryFn: ({ signal }) => api<TermReports>(`/terms/${id}/reports`, { query: { class: cls }, signal }),
    enabled: !!cls,
  });
export const useReports = (id: number, cls: string) => useQuery(getReportsQueryOptions(id, cls));

export const useComponentMarks = (id: number, componentId: number, cls: string) =>
  useQuery({
    queryKey: termKeys.marks(id, componentId, cls),
    queryFn: ({ signal }) => api<ComponentMarks>(`/terms/${id}/components/${componentId}/marks`, { query: { class: cls }, signal }),
  });

/** PUT a marks component's marks (the screen's saver keeps what is typed; this only sends). */
export const putComponentMarks = (id: number, componentId: number, marks: ComponentMarksInput["marks"]) =>
  api<{ saved: number; missing?: number }>(`/terms/${id}/components/${componentId}/marks`, { method: "PUT", body: { marks } });

export const putSubjectStudents = (id: number, subjectId: number, students: SubjectStudentsInput["students"]) =>
  api<{ saved: number }>(`/terms/${id}/subjects/${subjectId}/students`, { method: "PUT", body: { students } });

export const putTermStudents = (id: number, students: TermStudentsInput["students"]) =>
  api<{ saved: number }>(`/terms/${id}/students`, { method: "PUT", body: { students } });

/** The reports of a term are computed from everything above: refresh them (and the classes' checks) after a change. */
export function useRefreshReports(id: number) {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: termKeys.reportsOf(id) }), qc.invalidateQueries({ queryKey: termKeys.classes(id) })]);
}

/** Gives a check, or takes it back (`undo`). */
export function useCheck(id: number) {
  const refresh = useRefreshReports(id);
  return useMutation({
    mutationFn: ({ undo, ...input }: CheckInput & { undo?: boolean }) =>
      undo
        ? api<TermClass>(`/terms/${id}/checks`, { method: "DELETE", query: { class: input.class, role: input.role } })
        : api<TermClass>(`/terms/${id}/checks`, { method: "POST", body: input }),
    onSuccess: () => refresh(),
  });
}

export const useSchool = () => useQuery({ queryKey: ["school"], queryFn: ({ signal }) => api<School>("/school", { signal }), staleTime: 5 * 60_000 });

export const startReportCards = (termId: number, cls: string, preview: boolean) =>
  api<PrintJob>("/print-jobs", { method: "POST", body: { kind: "report-cards", termId, class: cls, ...(preview ? { preview: true } : {}) } });

export { downloadPrintJob, usePrintJob } from "@/lib/print-jobs";

export const useSendMessages = (termId: number) =>
  useMutation({
    mutationFn: (input: { class: string; note?: string }) => api<MessagesResult>(`/terms/${termId}/messages`, { method: "POST", body: input }),
  });

/** Where a component's marks may come from: the level's quizzes, the gradebooks, the mocks (papers: GET /mocks/{id}). */
export const useQuizChoices = (level: string, enabled: boolean) =>
  useQuery({
    queryKey: ["terms", "choices", "quizzes", level],
    queryFn: ({ signal }) => api<QuizListResponse>("/quizzes", { query: { studentType: level, limit: 100 }, signal }),
    enabled,
    staleTime: 60_000,
  });
export const useTableChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ["terms", "choices", "tables"],
    queryFn: ({ signal }) => api<TableListResponse>("/tables", { query: { limit: 100 }, signal }),
    enabled,
    staleTime: 60_000,
  });
export const useMockChoices = (level: string, enabled: boolean) =>
  useQuery({
    queryKey: ["terms", "choices", "mocks", level],
    queryFn: ({ signal }) => api<MockList>("/mocks", { query: { level, limit: 100 }, signal }),
    enabled,
    staleTime: 60_000,
  });
export const useMockChoice = (mockId: number | null) =>
  useQuery({
    queryKey: ["terms", "choices", "mock", mockId],
    queryFn: ({ signal }) => api<Mock>(`/mocks/${mockId}`, { signal }),
    enabled: !!mockId,
    staleTime: 60_000,
  });
export const useCourseChoices = (enabled: boolean) =>
  useQuery({
    queryKey: ["terms", "choices", "courses"],
    queryFn: ({ signal }) => api<CourseListResponse>("/courses", { query: { limit: 100 }, signal }),
    enabled,
    staleTime: 60_000,
  });
