// Staff-only calls of the question bank (parse, save, delete), apart so student pages never load them.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BulkSaveResult, CourseListResponse, ImportResult, ParseAnswersResult, ParseQuestionsResult, UnsupportedQuestion } from "@adesua/domain";
import { api } from "@/lib/api";
import { bankKeys, type GroupKey } from "./bank";
import { draftFromWire, draftPayload } from "@/components/forms/question-editor/question-body";
import type { DraftQuestion } from "../lib/answers";

/** What a paper says besides its questions (the parse call's heading, instructions and the questions it did not import). */
export type PaperFacts = { heading?: string | null; instructions?: string | null; unsupported?: UnsupportedQuestion[] };

export type SaveMetadata = { year: number; subject: string; section: string; topic: string | null };

export const PARSE_FAILED = "Failed to parse questions from file";
export const ANSWERS_FAILED = "Failed to parse answers from file";
export const SAVE_FAILED = "Failed to save questions to bank";
export const CSV_FAILED = "Failed to import questions from CSV";
export const ACCEPT_DOCS = ".pdf,.doc,.docx";
export const IMPORT_FAILED = "Failed to import questions";
export const EXPORT_FAILED = "Export failed. Please try again.";

/** The open formats the bank imports and exports (GET /questions/export's `format`), and the CSV template. */
export const EXCHANGE_FORMATS = [
  { value: "gift", label: "GIFT (Moodle)", accept: ".txt,.gift" },
  { value: "aiken", label: "Aiken (Moodle)", accept: ".txt" },
  { value: "moodle-xml", label: "Moodle XML", accept: ".xml" },
  { value: "csv", label: "CSV", accept: ".csv" },
] as const;
export type ExchangeFormat = (typeof EXCHANGE_FORMATS)[number]["value"];

const fileForm = (field: string, file: File) => {
  const form = new FormData();
  form.append(field, file);
  return form;
};

export const parseQuestions = (file: File) => api<ParseQuestionsResult>("/questions/parse", { method: "POST", form: fileForm("attachment", file) });
export const parseAnswers = (file: File) => api<ParseAnswersResult>("/questions/parse-answers", { method: "POST", form: fileForm("attachment", file) });

export function importCsv(file: File, meta: SaveMetadata) {
  const form = fileForm("csvFile", file);
  form.append("year", String(meta.year));
  form.append("subject", meta.subject);
  form.append("section", meta.section);
  if (meta.topic) form.append("topic", meta.topic);
  return api<ImportResult>("/questions/import-csv", { method: "POST", form });
}

/** POST /questions/import: a GIFT, Aiken or Moodle XML file into the bank. */
export function importExchange(file: File, format: Exclude<ExchangeFormat, "csv">, meta: SaveMetadata) {
  const form = fileForm("file", file);
  form.append("format", format);
  form.append("year", String(meta.year));
  form.append("subject", meta.subject);
  form.append("section", meta.section);
  if (meta.topic) form.append("topic", meta.topic);
  return api<ImportResult>("/questions/import", { method: "POST", form });
}

/** GET /questions/export's path for a format and the chosen filters (empty ones left out). */
export function exportPath(format: ExchangeFormat, filter: { year?: string; subject?: string; section?: string; topic?: string }): string {
  const q = new URLSearchParams({ format });
  for (const [k, v] of Object.entries(filter)) if (v) q.set(k, v);
  return `/questions/export?${q.toString()}`;
}

/** A reviewed question as the API takes it: its type's fields (a single answer in the old shape), equations and pictures. */
export const clean = (q: DraftQuestion) => ({ ...draftPayload(q), imageIds: q.imageIds });

export const saveBulk = (questions: DraftQuestion[], metadata: SaveMetadata) =>
  api<BulkSaveResult>("/questions/bulk", { method: "POST", body: { questions: questions.map(clean), metadata } });

export const saveOne = (q: DraftQuestion, metadata: SaveMetadata) => api("/questions", { method: "POST", body: { ...clean(q), ...metadata } });

export const createQuizFromQuestions = (input: { title: string; courseId: number; studentType: string; questions: DraftQuestion[] }) =>
  api<{ id: number }>("/quizzes/from-questions", {
    method: "POST",
    body: {
      ...input,
      // The pictures the parse stored travel with their questions (issue 11).
      questions: input.questions.map(clean),
    },
  });

/**
 * The parse call's questions as drafts to review (every type's fields, equations and the scan they were read from);
 * each warning that names a question goes onto it; `paper`: the heading, instructions and questions not imported.
 */
export function toDrafts(r: ParseQuestionsResult): { questions: DraftQuestion[]; general: string[]; paper: PaperFacts } {
  const questions: DraftQuestion[] = r.questions.map((q) => ({
    ...draftFromWire({ ...q, text: q.passage ? `${q.passage}\n\n${q.text}` : q.text, options: q.options.length ? q.options : ["", ""] }),
    imageIds: q.imageIds,
    ...(q.scan ? { scan: q.scan } : {}),
    warnings: [],
  }));
  const general: string[] = [];
  for (const w of r.warnings) {
    const target = w.question ? questions[w.question - 1] : undefined;
    if (target) target.warnings!.push(w.message);
    else general.push(w.message);
  }
  return { questions, general, paper: { heading: r.heading ?? null, instructions: r.instructions ?? null, unsupported: r.unsupported ?? [] } };
}

/** The courses a quiz may be for (a teacher's own; an admin's all), for the pickers. */
export const useCoursePicker = (teacherId?: number) =>
  useQuery({
    queryKey: ["courses", "options", teacherId ?? "all"],
    queryFn: ({ signal }) => api<CourseListResponse>("/courses", { query: { page: 1, limit: 100, teacherId }, signal }),
    staleTime: 60_000,
  });

export function useDeleteGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (g: GroupKey) => api("/questions", { method: "DELETE", query: g }),
    onSuccess: () => qc.invalidateQueries({ queryKey: bankKeys.all }),
  });
}

export function useInvalidateBank() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: bankKeys.all });
}
