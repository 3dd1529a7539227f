import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  EditSubmissionScoreSchema,
  GradeSubmissionSchema,
  IdParamsSchema,
  OkSchema,
  QuizIdParamsSchema,
  SubmissionIdParamsSchema,
  SubmissionItemSchema,
  SubmissionListQuerySchema,
  SubmissionListResponseSchema,
  UngradedListQuerySchema,
  UngradedListResponseSchema,
} from "@adesua/domain";
import { actorOf } from "../../lib/context";
import { STAFF } from "../../lib/access";
import { viewerOf } from "../../lib/viewer";
import { deleteSubmission, gradeSubmission } from "../../services/submission-grading.service";
import { listSubmissions, listUngraded } from "../../services/submission-list.service";

const tags = ["grading"];

/**
 * Grading and Grades Management (issue 12, decision 022): teachers for the quizzes of their courses,
 * admins for all, students never.
 */
export const gradingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/submissions/:quizId/ungraded",
    {
      config: { access: STAFF },
      schema: { tags, params: QuizIdParamsSchema, querystring: UngradedListQuerySchema, response: { 200: UngradedListResponseSchema } },
    },
    async (req) => listUngraded(app.db, viewerOf(req), req.params.quizId, req.query),
  );

  app.put(
    "/submissions/:submissionId/grade",
    {
      config: { access: STAFF },
      schema: { tags, params: SubmissionIdParamsSchema, body: GradeSubmissionSchema, response: { 200: SubmissionItemSchema } },
    },
    async (req) => {
      const b = req.body;
      const grade = b.marks ? { marks: b.marks } : { finalScore: b.finalScore! };
      return gradeSubmission(app.db, req.params.submissionId, grade, { viewer: viewerOf(req), actor: actorOf(req), now: app.now(), action: "grade" });
    },
  );

  app.get(
    "/submissions",
    { config: { access: STAFF }, schema: { tags, querystring: SubmissionListQuerySchema, response: { 200: SubmissionListResponseSchema } } },
    async (req) => listSubmissions(app.db, viewerOf(req), req.query),
  );

  app.put(
    "/submissions/:id",
    { config: { access: STAFF }, schema: { tags, params: IdParamsSchema, body: EditSubmissionScoreSchema, response: { 200: SubmissionItemSchema } } },
    async (req) =>
      gradeSubmission(app.db, req.params.id, { finalScore: req.body.score }, { viewer: viewerOf(req), actor: actorOf(req), now: app.now(), action: "update" }),
  );

  app.delete("/submissions/:id", { config: { access: STAFF }, schema: { tags, params: IdParamsSchema, response: { 200: OkSchema } } }, async (req) => {
    await deleteSubmission(app.db, req.params.id, viewerOf(req), actorOf(req));
    return { ok: true as const };
  });
};
