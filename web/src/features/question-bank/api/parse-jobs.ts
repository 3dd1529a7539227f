// Reading a paper in the background with progress page by page (issue 27): staff only.
import type { ParseAnswersResult, ParseJob, ParseQuestionsResult } from "@adesua/domain";
import { api, ApiError } from "@/lib/api";
import type { UploadProgress } from "@/lib/upload";

/** What the paper pickers take: Word and PDF papers, and photos of a paper (read by OCR). */
export const ACCEPT_PAPERS = ".pdf,.doc,.docx,.jpg,.jpeg,.png";
/** How often a running job is asked about, in ms. */
export const POLL_MS = 700;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(t);
      reject(new DOMException("Aborted", "AbortError"));
    });
  });

/** The job's progress as the upload components show it: "Reading page 2 of 4", pages read of pages. */
const progressOf = (job: ParseJob): UploadProgress => ({ phase: "server", stage: job.stage ?? "Reading the file", done: job.pagesDone, total: job.pages });

/**
 * Reads a paper by a parse job (POST /questions/parse-jobs, then GET …/{id} until it ends), telling `onProgress` of
 * each page. Answers the paper read, or throws the refusal as the synchronous route would have (an ApiError).
 */
export async function readPaperByJob(
  file: File,
  kind: "questions",
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<ParseQuestionsResult>;
export async function readPaperByJob(file: File, kind: "answers", onProgress: (p: UploadProgress) => void, signal?: AbortSignal): Promise<ParseAnswersResult>;
export async function readPaperByJob(
  file: File,
  kind: "questions" | "answers",
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<ParseQuestionsResult | ParseAnswersResult> {
  const form = new FormData();
  form.append("kind", kind);
  form.append("attachment", file);
  let job = await api<ParseJob>("/questions/parse-jobs", { method: "POST", form, signal });
  onProgress(progressOf(job));
  while (job.status === "queued" || job.status === "running") {
    await sleep(POLL_MS, signal);
    job = await api<ParseJob>(`/questions/parse-jobs/${job.id}`, { signal, quiet: true });
    onProgress(progressOf(job));
  }
  if (job.status === "failed" || !job.result) {
    const error = job.error ?? { status: 422, error: "This file could not be read." };
    throw new ApiError(error.status, error.error, error.error);
  }
  return job.result;
}
