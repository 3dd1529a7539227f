import { z } from "zod";
import { ErrorSchema } from "../common";
import { ParseAnswersResultSchema, ParseQuestionsResultSchema } from "./question";

/**
 * Reading a paper in the background, with progress page by page (issue 27): scans and photos are read by OCR, which
 * takes seconds a page.
 *
 * POST /questions/parse-jobs (multipart: `attachment`, `kind` questions|answers; teacher/admin) → 202 ParseJob
 * GET  /questions/parse-jobs/{id} → ParseJob (its owner only, else 404), with `result` once done, `error` once failed
 */

export const PARSE_JOB_STATUSES = ["queued", "running", "done", "failed"] as const;
export const PARSE_JOB_KINDS = ["questions", "answers"] as const;

export const PARSE_JOB_MESSAGES = {
  kind: "kind must be questions or answers",
  notFound: "Parse job not found",
  badId: "id must be a parse job's id",
} as const;

export const ParseJobFieldsSchema = z.object({
  kind: z.enum(PARSE_JOB_KINDS, { error: PARSE_JOB_MESSAGES.kind }).default("questions"),
});

export const ParseJobParamsSchema = z.object({
  id: z.uuid({ error: PARSE_JOB_MESSAGES.badId }),
});

export const ParseJobSchema = z.object({
  id: z.uuid(),
  kind: z.enum(PARSE_JOB_KINDS),
  status: z.enum(PARSE_JOB_STATUSES),
  /** Pages to read (0 until known; a typed paper is read whole) and pages read so far. */
  pages: z.number().int(),
  pagesDone: z.number().int(),
  /** What is being done: "Reading page 2 of 4". */
  stage: z.string().nullable(),
  fileName: z.string(),
  /** The paper read (ParseQuestionsResult or ParseAnswersResult, by `kind`) once `status` is done. */
  result: z.union([ParseQuestionsResultSchema, ParseAnswersResultSchema]).optional(),
  /** Why it failed, as the synchronous route would have answered: its status and `{ error }`. */
  error: ErrorSchema.extend({ status: z.number().int() }).optional(),
});
export type ParseJob = z.infer<typeof ParseJobSchema>;
