import { keepPreviousData, queryOptions, useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  PrintJob,
  Quiz,
  Scan,
  ScanList,
  ScanSettleInput,
  ScanStatus,
  ScanUpload,
  Sitting,
  SittingInput,
  SittingList,
  SittingStudentList,
} from "@adesua/domain";
import { api, buildUrl, ApiError } from "@/lib/api";
import { tokenStore } from "@/lib/storage";
import { downloadFile } from "@/lib/download";
import { uploadWithProgress, type UploadProgress } from "@/lib/upload";

/**
 * Paper sittings (issue 29): the calls of domain/src/contracts/sittings/sitting.ts and the paper print job
 * (prints/print-job.ts). Staff pages only.
 */
export const sittingKeys = {
  all: ["sittings"] as const,
  list: (quizId: number | null, page: number, limit: number) => ["sittings", "list", quizId, page, limit] as const,
  one: (id: number) => ["sittings", "one", id] as const,
  scans: (id: number) => ["sittings", "scans", id] as const,
  scanList: (id: number, status: ScanStatus | null, page: number, limit: number) => ["sittings", "scans", id, "list", status, page, limit] as const,
  scan: (id: number, scanId: number) => ["sittings", "scans", id, "one", scanId] as const,
};

/** A sheet is still with the reader. */
export const isReading = (s: Pick<Scan, "status">) => s.status === "queued" || s.status === "reading";

export const getSittingsQueryOptions = (quizId: number | null, page: number, limit: number) =>
  queryOptions({
    queryKey: sittingKeys.list(quizId, page, limit),
    queryFn: ({ signal }) => api<SittingList>("/sittings", { query: { quizId: quizId ?? undefined, page, limit }, signal }),
    placeholderData: keepPreviousData,
  });
export const useSittings = (quizId: number | null, page: number, limit: number) => useQuery(getSittingsQueryOptions(quizId, page, limit));

/** One sitting; asked again every 2 s while any of its sheets is being read (its counts change). */
export const useSitting = (id: number) =>
  useQuery({
    queryKey: sittingKeys.one(id),
    queryFn: ({ signal }) => api<Sitting>(`/sittings/${id}`, { signal }),
    refetchInterval: (q) => (q.state.data && q.state.data.scans.reading > 0 ? 2000 : false),
  });

export const useCreateSitting = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SittingInput) => api<Sitting>("/sittings", { method: "POST", body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: sittingKeys.all }),
  });
};

export const useDeleteSitting = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ ok: true }>(`/sittings/${id}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: sittingKeys.all }),
  });
};

/** The quiz the paper page is about (its title and questions for the header). */
export const useQuizForPaper = (quizId: number) =>
  useQuery({ queryKey: ["quizzes", "one", quizId, "paper"], queryFn: ({ signal }) => api<Quiz>(`/quizzes/${quizId}`, { signal }), staleTime: 30_000 });

// Printing

export const startSittingPrint = (id: number) => api<PrintJob>(`/sittings/${id}/print`, { method: "POST" });

/** A print job while it is drawn: asked again every second until done or failed. */
export const usePaperPrintJob = (jobId: string | null) =>
  useQuery({
    queryKey: ["print-jobs", jobId],
    queryFn: ({ signal }) => api<PrintJob>(`/print-jobs/${jobId}`, { signal }),
    enabled: !!jobId,
    refetchInterval: (q) => (q.state.data && (q.state.data.status === "done" || q.state.data.status === "failed") ? false : 1000),
  });

export const downloadPrintJob = (job: PrintJob, name: string) => downloadFile((job.url ?? `/api/print-jobs/${job.id}/file`).replace(/^\/api/, ""), name);

// Sheets

export const useScans = (id: number, status: ScanStatus | null, page: number, limit: number) =>
  useQuery({
    queryKey: sittingKeys.scanList(id, status, page, limit),
    queryFn: ({ signal }) => api<ScanList>(`/sittings/${id}/scans`, { query: { status: status ?? undefined, page, limit }, signal }),
    placeholderData: keepPreviousData,
    // While a sheet of this page is with the reader, its state is asked again every 2 s.
    refetchInterval: (q) => (q.state.data?.data.some(isReading) ? 2000 : false),
  });

export const useScan = (id: number, scanId: number) =>
  useQuery({
    queryKey: sittingKeys.scan(id, scanId),
    queryFn: ({ signal }) => api<Scan>(`/sittings/${id}/scans/${scanId}`, { signal }),
    refetchInterval: (q) => (q.state.data && isReading(q.state.data) ? 2000 : false),
  });

/** The Scan screen's sheets still being read, each asked again every 2 s until it is read (or refused). */
export function useSessionScans(id: number, scanIds: number[]): Map<number, Scan> {
  const results = useQueries({
    queries: scanIds.map((scanId) => ({
      queryKey: sittingKeys.scan(id, scanId),
      queryFn: ({ signal }: { signal: AbortSignal }) => api<Scan>(`/sittings/${id}/scans/${scanId}`, { signal }),
      refetchInterval: 2000,
    })),
  });
  const out = new Map<number, Scan>();
  for (const r of results) if (r.data) out.set(r.data.id, r.data);
  return out;
}

/** Photos (or a scanner's PDF) of answer sheets, as multipart `files`, with the upload's progress. */
export function uploadScans(id: number, files: Blob[], onProgress: (p: UploadProgress) => void, names?: string[]) {
  const form = new FormData();
  files.forEach((f, i) => form.append("files", f, names?.[i] ?? (f instanceof File ? f.name : `sheet-${Date.now()}-${i}.jpg`)));
  return uploadWithProgress<ScanUpload>(`/sittings/${id}/scans`, form, onProgress);
}

export const useSettleScan = (id: number, scanId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ScanSettleInput) => api<Scan>(`/sittings/${id}/scans/${scanId}`, { method: "PUT", body: input }),
    onSuccess: (scan) => qc.setQueryData(sittingKeys.scan(id, scanId), scan),
  });
};

export const useRecordScan = (id: number, scanId: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (confirm: boolean) => api<Scan>(`/sittings/${id}/scans/${scanId}/record`, { method: "POST", body: confirm ? { confirm: true } : {} }),
    onSuccess: (scan) => {
      qc.setQueryData(sittingKeys.scan(id, scanId), scan);
      void qc.invalidateQueries({ queryKey: sittingKeys.all });
    },
  });
};

export const useDeleteScan = (id: number) => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (scanId: number) => api<{ ok: true }>(`/sittings/${id}/scans/${scanId}`, { method: "DELETE" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: sittingKeys.all }),
  });
};

/**
 * The straightened sheet as a blob: address (an <img> cannot send the bearer token). The caller revokes it.
 * `sheetUrl` is the contract's `/api/…` path.
 */
export async function fetchSheetBlobUrl(sheetUrl: string, signal?: AbortSignal): Promise<string> {
  const token = tokenStore.get();
  const path = sheetUrl.replace(/^\/api/, "");
  const res = await fetch(buildUrl(path), { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: "include", signal });
  if (!res.ok) throw new ApiError(res.status, `The sheet could not be loaded (${res.status})`, null);
  return URL.createObjectURL(await res.blob());
}

/**
 * The students a blank sheet may be given to: the sitting's class (its level, its stream when it has one), by name.
 * GET /sittings/{id}/students lists them for a teacher too (GET /users shows a teacher only students who took a quiz).
 */
export const useSittingStudents = (sittingId: number, search: string) =>
  useQuery({
    queryKey: ["sittings", "students", sittingId, search],
    queryFn: ({ signal }) => api<SittingStudentList>(`/sittings/${sittingId}/students`, { query: { search: search || undefined, page: 1, limit: 50 }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

type StudentOption = { id: number; name: string; studentType: string | null; stream?: string | null };
/** The streams of the level (for the class choice): the distinct streams of its students. */
export const useLevelStreams = (level: string | null) =>
  useQuery({
    queryKey: ["sittings", "streams", level],
    queryFn: async ({ signal }) => {
      const list = await api<{ data: StudentOption[] }>("/users", { query: { role: "student", studentType: level ?? undefined, page: 1, limit: 500 }, signal });
      const streams = [...new Set(list.data.map((s) => s.stream).filter((s): s is string => !!s))].sort();
      return { streams, students: list.data.length, byStream: Object.fromEntries(streams.map((s) => [s, list.data.filter((u) => u.stream === s).length])) };
    },
    enabled: !!level,
    staleTime: 60_000,
  });
