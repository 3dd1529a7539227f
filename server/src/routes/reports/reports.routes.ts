import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  QuizReportParamsSchema,
  ReportDefinitionListSchema,
  ReportQuerySchema,
  ReportResultSchema,
  UserReportParamsSchema,
  type ReportFormat,
  type ReportResult,
} from "@adesua/domain";
import type { Tx } from "../../db/client";
import { sendDownload } from "../../lib/download";
import { STAFF } from "../../lib/access";
import { viewerOf } from "../../lib/viewer";
import {
  beceReadiness,
  courseEngagement,
  inReportTx,
  libraryStats,
  quizAnalytics,
  REPORT_DEFINITIONS,
  reportFile,
  studentPerformance,
  studentsAtRisk,
} from "../../services/reports";

/**
 * Reports (decision 026): teachers get their own courses' figures, admins everyone's. Each answers
 * JSON, or with ?format=csv|docx a file named with the report's name and ISO date.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ["reports"], querystring: ReportQuerySchema, response: { 200: ReportResultSchema } };

  /** Runs a report in its read-only transaction: JSON, or the CSV or Word file ?format asks for. */
  async function answer(reply: FastifyReply, format: ReportFormat | undefined, run: (tx: Tx) => Promise<ReportResult>) {
    const report = await inReportTx(app.db, run);
    return format ? sendDownload(reply, await reportFile(report, format, app.config.schoolName)) : report;
  }

  app.get("/reports", { config: { access: STAFF }, schema: { tags: ["reports"], response: { 200: ReportDefinitionListSchema } } }, async () => [
    ...REPORT_DEFINITIONS,
  ]);

  app.get("/reports/quiz-analytics/:quizId", { config: { access: STAFF }, schema: { ...schema, params: QuizReportParamsSchema } }, async (req, reply) =>
    answer(reply, req.query.format, (tx) => quizAnalytics(tx, viewerOf(req), req.params.quizId, app.now())),
  );

  app.get("/reports/student-performance/:userId", { config: { access: STAFF }, schema: { ...schema, params: UserReportParamsSchema } }, async (req, reply) =>
    answer(reply, req.query.format, (tx) => studentPerformance(tx, viewerOf(req), req.params.userId, app.now())),
  );

  app.get("/reports/library-stats", { config: { access: STAFF }, schema }, async (req, reply) =>
    answer(reply, req.query.format, (tx) => libraryStats(tx, viewerOf(req), app.now())),
  );

  app.get("/reports/course-engagement", { config: { access: STAFF }, schema }, async (req, reply) =>
    answer(reply, req.query.format, (tx) => courseEngagement(tx, viewerOf(req), app.now())),
  );

  app.get("/reports/bece-readiness", { config: { access: STAFF }, schema }, async (req, reply) =>
    answer(reply, req.query.format, (tx) => beceReadiness(tx, viewerOf(req), app.now())),
  );

  app.get("/reports/students-at-risk", { config: { access: STAFF }, schema }, async (req, reply) =>
    answer(reply, req.query.format, (tx) => studentsAtRisk(tx, viewerOf(req), app.now())),
  );
};
