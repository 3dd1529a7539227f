import { z } from "zod";
import { LIBRARY_ITEM_TYPES, REPORT_FORMATS, REPORT_IDS } from "../constants";
import { idParams } from "./common";

export const ReportIdSchema = z.enum(REPORT_IDS);

/** GET /reports: what can be run. `path` holds `{quizId}` or `{userId}` where a picker is needed. */
export const ReportDefinitionSchema = z.object({
  id: ReportIdSchema,
  name: z.string(),
  /** The API path (with the /api prefix) to GET; `{quizId}` / `{userId}` are replaced by the picked id. */
  path: z.string(),
  description: z.string(),
  /** Which picker the screen shows before running, if any. */
  needs: z.enum(["quiz", "user"]).nullable(),
});
export type ReportDefinition = z.infer<typeof ReportDefinitionSchema>;
export const ReportDefinitionListSchema = z.array(ReportDefinitionSchema);

/** How a column's values are shown: scores are coloured (green ≥ 80, yellow ≥ 60). */
export const ReportColumnSchema = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(["text", "number", "score", "percent", "date"]),
});
export type ReportColumn = z.infer<typeof ReportColumnSchema>;

export const ReportCellSchema = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof ReportCellSchema>;

/**
 * Every report answers this one shape: its figures (`summary`, under the spec's names such as
 * totalSubmissions and averageScore, or totalItems), its table (`rows` keyed by the columns' keys,
 * e.g. quizTitle, courseTitle, score, date), and a bar chart where one fits. The CSV and Word exports
 * are made from the same answer.
 */
export const ReportResultSchema = z.object({
  id: ReportIdSchema,
  name: z.string(),
  /** What the report is about, e.g. the quiz or student picked; null when it covers everything visible. */
  subject: z.string().nullable(),
  generatedAt: z.string(),
  summary: z.array(z.object({ key: z.string(), label: z.string(), value: z.union([z.number(), z.string(), z.null()]) })),
  columns: z.array(ReportColumnSchema),
  rows: z.array(z.record(z.string(), ReportCellSchema)),
  chart: z
    .object({
      title: z.string(),
      /** What the bars measure, e.g. "Submissions" or "Average score (%)". */
      valueLabel: z.string(),
      bars: z.array(z.object({ label: z.string(), value: z.number() })),
    })
    .nullable(),
  /** quizAnalytics: the spec's fields. */
  totalSubmissions: z.number().int().optional(),
  averageScore: z.number().nullable().optional(),
  /** libraryStats: the spec's fields. */
  totalItems: z.number().int().optional(),
  byType: z.array(z.object({ type: z.enum(LIBRARY_ITEM_TYPES), count: z.number().int() })).optional(),
});
export type ReportResult = z.infer<typeof ReportResultSchema>;

/** `?format=csv|docx` downloads the report as a file named with the report's name and the ISO date. */
export const ReportQuerySchema = z.object({ format: z.enum(REPORT_FORMATS, { error: "format must be csv or docx" }).optional() });
export const QuizReportParamsSchema = idParams("quizId");
export const UserReportParamsSchema = idParams("userId");
