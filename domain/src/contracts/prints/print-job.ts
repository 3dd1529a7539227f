/**
 * PDFs drawn in the worker pool with progress on the screen (issue 28, decision 050): a class's report cards, result
 * slips, a broadsheet. The GET …?format=pdf calls answer the same file directly (waiting for it); these calls let a
 * screen show "12 of 30 cards" while it is drawn.
 *
 * Calls (all under /api, staff only):
 *   POST /print-jobs            PrintJobInput → 202 PrintJob
 *   GET  /print-jobs/{id}       → PrintJob (only its creator; 404 otherwise)
 *   GET  /print-jobs/{id}/file  → application/pdf once done (404 before)
 */
import { z } from "zod";
import { positiveId } from "../common";

export const PrintJobInputSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("report-cards"), termId: positiveId("termId"), class: z.string().trim().min(1).max(20), preview: z.boolean().optional() }),
    z.object({ kind: z.literal("result-slips"), mockId: positiveId("mockId"), class: z.string().trim().max(20).optional() }),
    z.object({ kind: z.literal("broadsheet"), mockId: positiveId("mockId"), class: z.string().trim().max(20).optional() }),
    /** A paper sitting (issue 29): its question paper and answer sheets; POST /sittings/{id}/print makes the same job. */
    z.object({ kind: z.literal("paper"), sittingId: positiveId("sittingId") }),
  ],
  { error: 'kind must be "report-cards", "result-slips", "broadsheet" or "paper"' },
);
export type PrintJobInput = z.infer<typeof PrintJobInputSchema>;

export const PrintJobSchema = z.object({
  id: z.string(),
  kind: z.enum(["report-cards", "result-slips", "broadsheet", "paper"]),
  status: z.enum(["queued", "running", "done", "failed"]),
  /** Pages (cards, slips) to draw and drawn so far. */
  total: z.number().int(),
  done: z.number().int(),
  /** GET /api/print-jobs/{id}/file once done. */
  url: z.string().nullable(),
  error: z.string().nullable(),
});
export type PrintJob = z.infer<typeof PrintJobSchema>;

export const PRINT_JOB_MESSAGES = {
  badId: "id must be a print job id",
  notFound: "Print job not found",
  notDone: "The file is not ready yet",
} as const;

export const PrintJobParamsSchema = z.object({ id: z.uuid({ error: PRINT_JOB_MESSAGES.badId }) });
