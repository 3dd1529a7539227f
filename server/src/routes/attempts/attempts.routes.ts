import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  type AttemptSession,
  AdvanceSectionSchema,
  AttemptNumberParamsSchema,
  AttemptParamsSchema,
  AttemptResultSchema,
  AttemptSessionSchema,
  IdParamsSchema,
  LATE_ANSWERS,
  LateAnswersKeptSchema,
  SaveAnswersResponseSchema,
  SaveAnswersSchema,
  SubmitAttemptSchema,
} from "@adesua/domain";
import { actorOf, tokenFirst } from "../../lib/context";
import { ANY_SIGNED_IN } from "../../lib/access";
import { guarded } from "../route-options";
import { builtAnswer } from "../../lib/validation";
import { viewerOf } from "../../lib/viewer";
import { moveToNextSection, ownAttemptSession, readOwnAttempt, readOwnAttemptByNumber } from "../../services/attempts/attempt.service";
import { onDatabase } from "../../services/attempts/procedures";
import { questionsHeld, startReplyJson } from "./start-reply";
import { saveAnswersFast, saveAnswersLocked, saveAnswersSettling } from "../../services/attempts/attempt-answers.service";

/**
 * The quiz-taking engine. Students take quizzes of their level; teachers and admins may take a
 * preview of the quizzes they manage. Every route settles the attempt first (the server's clock).
 */
export const attemptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/quizzes/:id/attempts",
    {
      // The start's statements check the session (decision 038), as a save's and a submit's do.
      config: { access: ANY_SIGNED_IN, sessionInStatement: true },
      schema: { tags: ["attempts"], params: IdParamsSchema, response: { 200: AttemptSessionSchema, 201: AttemptSessionSchema } },
      // The exam's start burst: the presenter builds the answer field by field (decision 056).
      ...builtAnswer,
    },
    async (req, reply) => {
      const now = app.now();
      const quizId = req.params.id;
      // The quiz's questions this thread holds already: the token's way leaves them out of its session (decision 057).
      const had = questionsHeld(quizId);
      const held = had?.version ?? null;
      const started = await tokenFirst(
        app,
        req,
        (tokenHash) => onDatabase(app.db, "startByToken", { tokenHash, quizId, now, questionsHeld: held }),
        () => onDatabase(app.db, "startAttempt", { viewer: viewerOf(req), quizId, now, actor: actorOf(req), questionsHeld: held }),
      );
      return reply
        .status(started.created ? 201 : 200)
        .type("application/json; charset=utf-8")
        .send(startReplyJson(quizId, had, started) as unknown as AttemptSession);
    },
  );

  app.get(
    "/attempts/:attemptId",
    guarded(ANY_SIGNED_IN, { tags: ["attempts"], params: AttemptParamsSchema, response: { 200: AttemptSessionSchema } }),
    async (req) => {
      const viewer = viewerOf(req);
      const now = app.now();
      return ownAttemptSession(app.db, viewer, now, (tx) => readOwnAttempt(tx, viewer, req.params.attemptId, now, actorOf(req)));
    },
  );

  app.get(
    "/quizzes/:id/attempts/:number",
    guarded(ANY_SIGNED_IN, { tags: ["attempts"], params: AttemptNumberParamsSchema, response: { 200: AttemptSessionSchema } }),
    async (req) => {
      const viewer = viewerOf(req);
      const now = app.now();
      return ownAttemptSession(app.db, viewer, now, (tx) => readOwnAttemptByNumber(tx, viewer, req.params.id, req.params.number, now, actorOf(req)));
    },
  );

  app.put(
    "/attempts/:attemptId/answers",
    {
      // The save's statement checks the session itself (decision 038): one statement per save, not two.
      config: { access: ANY_SIGNED_IN, sessionInStatement: true },
      schema: {
        tags: ["attempts"],
        description:
          "Saves answers during an attempt. After the attempt's time was up (a phone that was offline), answers that do not already count " +
          "are kept beside the submission for the teacher to accept or leave, answered 202 `late_answers_kept` (decision 044); " +
          "each answer may carry `givenAt`, when the phone says it was given.",
        params: AttemptParamsSchema,
        body: SaveAnswersSchema,
        response: { 200: SaveAnswersResponseSchema, 202: LateAnswersKeptSchema },
      },
      // The exam's most frequent request: its answer (below) is built field by field and is always far under the
      // compression threshold (1 KB), so neither zod's re-validation nor the compression hooks run for it.
      ...builtAnswer,
      compress: false,
    },
    async (req, reply) => {
      const { attemptId } = req.params;
      const { answers } = req.body;
      const now = app.now();
      const r = await tokenFirst(
        app,
        req,
        async (tokenHash) => {
          const fast = await saveAnswersFast(app.db, { tokenHash }, attemptId, answers, now);
          return fast === "slow" ? null : fast;
        },
        // After the token's fast path said no (the session is good), only the explaining path is left: it says
        // why the attempt took no answer, or lets time act first.
        (tokenSaidNo) => (tokenSaidNo ? saveAnswersLocked : saveAnswersSettling)(app.db, viewerOf(req), attemptId, answers, now, actorOf(req)),
      );
      if ("kept" in r) {
        return reply.status(202).send({
          saved: 0 as const,
          kept: "late" as const,
          keptCount: r.kept,
          code: LATE_ANSWERS.keptCode,
          message: LATE_ANSWERS.kept,
          savedAt: r.savedAt.toISOString(),
        });
      }
      return { saved: r.saved, savedAt: r.savedAt.toISOString() };
    },
  );

  app.post(
    "/attempts/:attemptId/sections/next",
    guarded(ANY_SIGNED_IN, { tags: ["attempts"], params: AttemptParamsSchema, body: AdvanceSectionSchema, response: { 200: AttemptSessionSchema } }),
    async (req) => {
      const viewer = viewerOf(req);
      const now = app.now();
      return ownAttemptSession(app.db, viewer, now, (tx) => moveToNextSection(tx, viewer, req.params.attemptId, req.body.fromSection, now, actorOf(req)));
    },
  );

  app.post(
    "/attempts/:attemptId/submit",
    {
      // The lock's statement checks the session (decision 038), as a save's does.
      config: { access: ANY_SIGNED_IN, sessionInStatement: true },
      schema: { tags: ["attempts"], params: AttemptParamsSchema, body: SubmitAttemptSchema, response: { 200: AttemptResultSchema } },
      // The exam's submit burst: the presenter builds the answer field by field (decision 056).
      ...builtAnswer,
    },
    async (req) => {
      const args = { attemptId: req.params.attemptId, answers: req.body.answers, now: app.now() };
      // A no from the token's way with a good session (an unknown attempt) is explained by the usual way.
      return tokenFirst(
        app,
        req,
        (tokenHash) => onDatabase(app.db, "submitByToken", { ...args, tokenHash }),
        () => onDatabase(app.db, "submitOwnAttempt", { ...args, viewer: viewerOf(req), actor: actorOf(req) }),
      );
    },
  );
};
