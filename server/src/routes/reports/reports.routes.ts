import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { QuizReportParamsSchema, ReportDefinitionListSchema, ReportQuerySchema, ReportResultSchema, UserReportParamsSchema } from "@adesua/domain";
import { STAFF } from "../../lib/access";
import { viewerOf } from "../../lib/viewer";
import {
  beceReadiness,
  courseEngagement,
  inReportTx,
  libraryStats,
  quizAnalytics,
  REPORT_DEFINITIONS,
  sendReport,
  studentPerformance,
  studentsAtRisk,
} from "../../services/reports";

/**
 * Reports (decision 026): teachers get their own courses' figures, admins everyone's. Each answers
 * JSON, or with ?format=csv|docx a file named with the report's name and ISO date.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ["reports"], querystring: ReportQuerySchema, response: { 200: ReportResultSchema } };
  const school = () => app.config.schoolName;

  app.get("/reports", { config: { access: STAFF }, schema: { tags: ["reports"], response: { 200: ReportDefinitionListSchema } } }, async () => [
    ...REPORT_DEFINITIONS,
  ]);

  app.get("/reports/quiz-analytics/:quizId", { config: { access: STAFF }, schema: { ...schema, params: QuizReportParamsSchema } }, async (req, reply) =>
    sendReport(reply, await inReportTx(app.db, (tx) => quizAnalytics(tx, viewerOf(req), req.params.quizId, app.now())), req.query.format, school()),
  );

  app.get("/reports/student-performance/:userId", { config: { access: STAFF }, schema: { ...schema, params: UserReportParamsSchema } }, async (req, reply) =>
    sendReport(reply, await inReportTx(app.db, (tx) => studentPerformance(tx, viewerOf(req), req.params.userId, app.now())), req.query.format, school()),
  );

  app.get("/reports/library-stats", { config: { access: STAFF }, schema }, async (req, reply) =>
    sendReport(reply, await inReportTx(app.db, (tx) => libraryStats(tx, viewerOf(req), app.now())), req.query.format, school()),
  );

  app.get("/reports/course-engagement", { config: { access: STAFF }, schema }, async (req, reply) =>
    sendReport(reply, await inReportTx(app.db, (tx) => courseEngagement(tx, viewerOf(req), app.now())), req.query.format, school()),
  );

  app.get("/reports/bece-readiness", { config: { access: STAFF }, schema }, async (req, reply) =>
    sendReport(reply, await inReportTx(app.db, (tx) => beceReadiness(tx, viewerOf(req), app.now())), req.query.format, school()),
  );

  app.get("/reports/students-at-risk", { config: { access: STAFF }, schema }, async (req, reply) =>
    sendReport(reply, await inReportTx(app.db, (tx) => studentsAtRisk(tx, viewerOf(req), app.now())), req.query.format, school()),
  );
};
