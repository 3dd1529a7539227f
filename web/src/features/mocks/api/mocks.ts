import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CourseListResponse,
  MarkEntry,
  MarksImportResult,
  MessagesResult,
  Mock,
  MockGradingInput,
  MockInput,
  MockList,
  MockResults,
  PaperMarks,
  PaperMarksSaved,
  PrintJob,
  QuizListResponse,
  StudentType,
} from "@adesua/domain";
import { api } from "@/lib/api";
import { downloadFile } from "@/lib/download";
import { saveById, useDeleteById, useInvalidatingMutation } from "@/lib/mutations";

/**
 * The staff side of mock examinations (issue 28): the calls of domain/src/contracts/mocks/{mock,results}.ts, print jobs
 * (prints/print-job.ts) and guardian messages (guardians/guardian.ts). The student pages have their own api files.
 */
export const mockKeys = {
  all: ["mocks"] as const,
  list: (page: number, limit: number) => ["mocks", "list", page, limit] as const,
  one: (id: number) => ["mocks", "one", id] as const,
  marks: (id: number, paperId: number, cls: string) => ["mocks", "marks", id, paperId, cls] as const,
  results: (id: number, cls: string) => ["mocks", "results", id, cls] as const,
};

export const getMocksQueryOptions = (page: number, limit: number) =>
  queryOptions({
    queryKey: mockKeys.list(page, limit),
    queryFn: ({ signal }) => api<MockList>("/mocks", { query: { page, limit }, signal }),
    placeholderData: keepPreviousData,
  });
export const useMocks = (page: number, limit: number) => useQuery(getMocksQueryOptions(page, limit));

export const getMockQueryOptions = (id: number) => queryOptions({ queryKey: mockKeys.one(id), queryFn: ({ signal }) => api<Mock>(`/mocks/${id}`, { signal }) });
export const useMock = (id: number | null) => useQuery({ ...getMockQueryOptions(id ?? 0), enabled: id !== null });

export const useSaveMock = () =>
  useInvalidatingMutation(mockKeys.all, ({ id, values }: { id?: number; values: MockInput }) => saveById<Mock>("/mocks", id, { body: values }));
export const useDeleteMock = () => useDeleteById("/mocks", mockKeys.all);

export const useSaveGrading = (id: number) =>
  useInvalidatingMutation(mockKeys.all, (input: MockGradingInput) => api<Mock>(`/mocks/${id}/grading`, { method: "PUT", body: input }));

/** Release (POST) or withdraw (DELETE) the results. */
export const useRelease = (id: number) =>
  useInvalidatingMutation(mockKeys.all, (release: boolean) => api<Mock>(`/mocks/${id}/release`, { method: release ? "POST" : "DELETE" }));

export const useSendMockMessages = (id: number) =>
  useMutation({
    mutationFn: (note: string) => api<MessagesResult>(`/mocks/${id}/messages`, { method: "POST", body: note.trim() ? { note: note.trim() } : {} }),
  });

// Marks entry

export const marksPath = (id: number, paperId: number) => `/mocks/${id}/papers/${paperId}/marks`;

export const usePaperMarks = (id: number, paperId: number, cls: string) =>
  useQuery({
    queryKey: mockKeys.marks(id, paperId, cls),
    queryFn: ({ signal }) => api<PaperMarks>(marksPath(id, paperId), { query: { class: cls || undefined }, signal }),
    placeholderData: keepPreviousData,
    // Several teachers may enter marks at once; a refetch must never overwrite what this screen holds unsaved (the
    // screen keeps its own edits above the server's rows), so the list is only fetched when asked.
    refetchOnWindowFocus: false,
  });

export const saveMarks = (id: number, paperId: number, marks: MarkEntry[]) => api<PaperMarksSaved>(marksPath(id, paperId), { method: "PUT", body: { marks } });

export function useImportMarks(id: number, paperId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("file", file);
      return api<MarksImportResult>(`${marksPath(id, paperId)}/import`, { method: "POST", form });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ["mocks", "marks", id, paperId] }),
  });
}

// Results

export const useMockResults = (id: number, cls: string) =>
  useQuery({
    queryKey: mockKeys.results(id, cls),
    queryFn: ({ signal }) => api<MockResults>(`/mocks/${id}/results`, { query: { class: cls || undefined }, signal }),
    placeholderData: keepPreviousData,
  });

export const downloadTimetable = (mock: Pick<Mock, "id" | "title">) => downloadFile(`/mocks/${mock.id}/timetable?format=pdf`, `${mock.title} timetable.pdf`);

export const downloadBroadsheetXlsx = (mock: Pick<Mock, "id" | "title">, cls: string) =>
  downloadFile(`/mocks/${mock.id}/results/broadsheet?format=xlsx${cls ? `&class=${encodeURIComponent(cls)}` : ""}`, `${mock.title} broadsheet.xlsx`);

export type MockPrintKind = "broadsheet" | "result-slips";

export const startPrintJob = (mockId: number, kind: MockPrintKind, cls: string) =>
  api<PrintJob>("/print-jobs", { method: "POST", body: { kind, mockId, ...(cls ? { class: cls } : {}) } });

export { downloadPrintJob, usePrintJob } from "@/lib/print-jobs";

/** A signed link (the guardians' CSV): the browser fetches it itself. */
export function downloadSignedLink(url: string, name: string) {
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
}

// Choices for the form

/** The level's quizzes, for a quiz paper. */
export const useLevelQuizzes = (level: StudentType) =>
  useQuery({
    queryKey: ["quizzes", "mock-choices", level],
    queryFn: ({ signal }) => api<QuizListResponse>("/quizzes", { query: { studentType: level, page: 1, limit: 100 }, signal }),
    staleTime: 60_000,
  });

/** The courses a subject may name (its teacher marks it). */
export const useCourseChoices = () =>
  useQuery({
    queryKey: ["courses", "options", "mocks"],
    queryFn: ({ signal }) => api<CourseListResponse>("/courses", { query: { page: 1, limit: 100 }, signal }),
    staleTime: 60_000,
  });
