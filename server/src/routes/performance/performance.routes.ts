import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  IdParamsSchema,
  ItemKeyInputSchema,
  ItemKeyResultSchema,
  ItemParamsSchema,
  PERFORMANCE_MESSAGES,
  PerformanceExportQuerySchema,
  PerformanceOverrideInputSchema,
  PerformanceOverrideSchema,
  QuizDashboardQuerySchema,
  QuizDashboardSchema,
  QuizPerformanceDetailsSchema,
  StudentHistorySchema,
  StudentIdParamsSchema,
  StudentPerformanceListSchema,
  StudentPerformanceQuerySchema,
  UserIdParamsSchema,
} from "@adesua/domain";
import { ADMIN, STAFF } from "../../lib/access";
import { guarded } from "../route-options";
import { actorOf } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { builtAnswer } from "../../lib/validation";
import { viewerOf } from "../../lib/viewer";
import { assertCanSeeQuizPerformance } from "../../policies/performance.policy";
import { contentDisposition } from "../../services/files/files.service";
import { findQuiz } from "../../services/quizzes/quiz.service";
import { listStudentPerformance, overrideFinalScore } from "../../services/performance/student-performance.service";
import { quizDashboard } from "../../services/performance/quiz-dashboard.service";
import { quizPerformanceDetails } from "../../services/performance/quiz-details.service";
import { fixItemKey } from "../../services/performance/item-analysis.service";
import { studentHistory } from "../../services/performance/student-history.service";
import { exportQuizRows, performanceCsv, performanceXlsx } from "../../services/performance/performance-export.service";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Issue 12 part B: performance dashboards, export, quiz details with item analysis, student history (decision 023). */
export const performanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/performance/students",
    guarded(STAFF, { tags: ["performance"], querystring: StudentPerformanceQuerySchema, response: { 200: StudentPerformanceListSchema } }),
    async (req) => listStudentPerformance(app.db, viewerOf(req), req.query),
  );

  app.post(
    "/performance/students/:userId/override",
    guarded(ADMIN, { tags: ["performance"], params: UserIdParamsSchema, body: PerformanceOverrideInputSchema, response: { 200: PerformanceOverrideSchema } }),
    async (req) => overrideFinalScore(app.db, req.params.userId, req.body, actorOf(req)),
  );

  app.get(
    "/performance/dashboard",
    guarded(STAFF, { tags: ["performance"], querystring: QuizDashboardQuerySchema, response: { 200: QuizDashboardSchema } }),
    async (req) => quizDashboard(app.db, viewerOf(req), req.query, app.now()),
  );

  app.get("/performance/export", guarded(STAFF, { tags: ["performance"], querystring: PerformanceExportQuerySchema }), async (req, reply) => {
    const viewer = viewerOf(req);
    const { quizIds, format, includeStudentDetails } = req.query;
    const quizzes = await exportQuizRows(app.db, viewer, quizIds, app.now());
    if (format === "excel") {
      return reply
        .header("Content-Type", XLSX_TYPE)
        .header("Content-Disposition", contentDisposition("quiz_performance.xlsx"))
        .send(performanceXlsx(app.db, viewer, quizzes, includeStudentDetails));
    }
    return reply
      .header("Content-Type", "text/csv; charset=utf-8")
      .header("Content-Disposition", contentDisposition("quiz_performance.csv"))
      .send(performanceCsv(app.db, viewer, quizzes, includeStudentDetails));
  });

  app.get(
    "/performance/quiz-details/:id",
    {
      config: { access: STAFF },
      schema: { tags: ["performance"], params: IdParamsSchema, response: { 200: QuizPerformanceDetailsSchema } },
      ...builtAnswer,
    },
    async (req) => {
      const quiz = await findQuiz(app.db, req.params.id);
      if (!quiz) throw notFound(PERFORMANCE_MESSAGES.quizNotFound);
      const viewer = viewerOf(req);
      assertCanSeeQuizPerformance(viewer, quiz);
      return quizPerformanceDetails(app.db, quiz, app.now(), viewer);
    },
  );

  app.put(
    "/performance/quiz-details/:id/items/:questionId/key",
    guarded(STAFF, { tags: ["performance"], params: ItemParamsSchema, body: ItemKeyInputSchema, response: { 200: ItemKeyResultSchema } }),
    async (req) => {
      const quiz = await findQuiz(app.db, req.params.id);
      if (!quiz) throw notFound(PERFORMANCE_MESSAGES.quizNotFound);
      assertCanSeeQuizPerformance(viewerOf(req), quiz);
      return fixItemKey(app.db, quiz.quiz.id, req.params.questionId, req.body.answer, actorOf(req));
    },
  );

  app.get(
    "/performance/student/:studentId",
    guarded(STAFF, { tags: ["performance"], params: StudentIdParamsSchema, response: { 200: StudentHistorySchema } }),
    async (req) => studentHistory(app.db, viewerOf(req), req.params.studentId),
  );
};
