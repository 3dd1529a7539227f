import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  DecideLateAnswersResponseSchema,
  DecideLateAnswersSchema,
  EditSubmissionScoreSchema,
  GradeSubmissionSchema,
  IdParamsSchema,
  OkSchema,
  QuizIdParamsSchema,
  QuizLateAnswersResponseSchema,
  SubmissionIdParamsSchema,
  SubmissionLateAnswersSchema,
  SubmissionItemSchema,
  SubmissionListQuerySchema,
  SubmissionListResponseSchema,
  UngradedListQuerySchema,
  UngradedListResponseSchema,
} from "@adesua/domain";
import { actorOf } from "../../lib/context";
import { STAFF } from "../../lib/access";
import { guarded } from "../route-options";
import { viewerOf } from "../../lib/viewer";
import { deleteSubmission, gradeSubmission } from "../../services/grading/submission-grading.service";
import { listSubmissions, listUngraded } from "../../services/grading/submission-list.service";
import { decideLateAnswers, quizLateAnswers, submissionLateAnswers } from "../../services/grading/late-answers.service";

const tags = ["grading"];

/**
 * Grading and Grades Management (issue 12, decision 022): teachers for the quizzes of their courses,
 * admins for all, students never.
 */
export const gradingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/submissions/:quizId/ungraded",
    guarded(STAFF, { tags, params: QuizIdParamsSchema, querystring: UngradedListQuerySchema, response: { 200: UngradedListResponseSchema } }),
    async (req) => listUngraded(app.db, viewerOf(req), req.params.quizId, req.query),
  );

  app.put(
    "/submissions/:submissionId/grade",
    guarded(STAFF, { tags, params: SubmissionIdParamsSchema, body: GradeSubmissionSchema, response: { 200: SubmissionItemSchema } }),
    async (req) => {
      const b = req.body;
      const grade = b.marks ? { marks: b.marks } : { finalScore: b.finalScore! };
      return gradeSubmission(app.db, req.params.submissionId, grade, { viewer: viewerOf(req), actor: actorOf(req), now: app.now(), action: "grade" });
    },
  );

  app.get("/submissions", guarded(STAFF, { tags, querystring: SubmissionListQuerySchema, response: { 200: SubmissionListResponseSchema } }), async (req) =>
    listSubmissions(app.db, viewerOf(req), req.query),
  );

  app.put(
    "/submissions/:id",
    guarded(STAFF, { tags, params: IdParamsSchema, body: EditSubmissionScoreSchema, response: { 200: SubmissionItemSchema } }),
    async (req) =>
      gradeSubmission(app.db, req.params.id, { finalScore: req.body.score }, { viewer: viewerOf(req), actor: actorOf(req), now: app.now(), action: "update" }),
  );

  // Answers that reached the server after an attempt's time was up (decision 044): the teacher accepts or leaves them.
  app.get(
    "/quizzes/:id/late-answers",
    guarded(STAFF, {
      tags,
      description: "The quiz's submissions with answers that arrived after the time was up, those waiting for a decision first (decision 044).",
      params: IdParamsSchema,
      response: { 200: QuizLateAnswersResponseSchema },
    }),
    async (req) => quizLateAnswers(app.db, viewerOf(req), req.params.id),
  );

  app.get(
    "/submissions/:submissionId/late-answers",
    guarded(STAFF, {
      tags,
      description: "A submission's answers that arrived after the time was up, with when the phone says each was given and when it arrived.",
      params: SubmissionIdParamsSchema,
      response: { 200: SubmissionLateAnswersSchema },
    }),
    async (req) => submissionLateAnswers(app.db, viewerOf(req), req.params.submissionId),
  );

  for (const [path, decision] of [
    ["accept", "accepted"],
    ["leave", "left"],
  ] as const) {
    app.post(
      `/submissions/:submissionId/late-answers/${path}`,
      guarded(STAFF, {
        tags,
        description:
          decision === "accepted"
            ? "Counts the waiting late answers (all, or those of questionIds): they join the attempt's answers and the submission is re-graded, audited with the grade before and after."
            : "Leaves the waiting late answers (all, or those of questionIds) beside the submission, not counted; audited.",
        params: SubmissionIdParamsSchema,
        body: DecideLateAnswersSchema,
        response: { 200: DecideLateAnswersResponseSchema },
      }),
      async (req) =>
        decideLateAnswers(app.db, req.params.submissionId, decision, req.body.questionIds, { viewer: viewerOf(req), actor: actorOf(req), now: app.now() }),
    );
  }

  app.delete("/submissions/:id", guarded(STAFF, { tags, params: IdParamsSchema, response: { 200: OkSchema } }), async (req) => {
    await deleteSubmission(app.db, req.params.id, viewerOf(req), actorOf(req));
    return { ok: true as const };
  });
};
