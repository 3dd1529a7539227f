import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AdvanceSectionSchema,
  AttemptNumberParamsSchema,
  AttemptParamsSchema,
  AttemptResultSchema,
  AttemptSessionSchema,
  IdParamsSchema,
  SaveAnswersResponseSchema,
  SaveAnswersSchema,
  SubmitAttemptSchema,
} from "@adesua/domain";
import { actorOf } from "../../lib/context";
import { ANY_SIGNED_IN } from "../../lib/access";
import { takesPreview } from "../../policies/attempt.policy";
import { viewerOf } from "../../lib/viewer";
import { commitEvenIfRefused } from "../../db/transactions";
import { moveToNextSection, readOwnAttempt, readOwnAttemptByNumber } from "../../services/attempt.service";
import { onDatabase } from "../../services/procedures";
import { saveAnswersFast, saveAnswersLocked, saveAnswersSettling } from "../../services/attempt-answers.service";
import { attemptSession } from "../../services/attempt-result.service";

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
    },
    async (req, reply) => {
      const now = app.now();
      const byToken = req.sessionLeftToStatement
        ? await onDatabase(app.db, "startByToken", { tokenHash: req.sessionLeftToStatement, quizId: req.params.id, now })
        : null;
      // No (or no token): refused exactly as the hook refuses, or started the usual way.
      if (!byToken && req.sessionLeftToStatement) await app.authenticate(req);
      const { created, session } =
        byToken ?? (await onDatabase(app.db, "startAttempt", { viewer: viewerOf(req), quizId: req.params.id, now, actor: actorOf(req) }));
      return reply.status(created ? 201 : 200).send(session);
    },
  );

  app.get(
    "/attempts/:attemptId",
    { config: { access: ANY_SIGNED_IN }, schema: { tags: ["attempts"], params: AttemptParamsSchema, response: { 200: AttemptSessionSchema } } },
    async (req) => {
      const viewer = viewerOf(req);
      const now = app.now();
      const { attempt, quiz, graded } = await commitEvenIfRefused(app.db, (tx) => readOwnAttempt(tx, viewer, req.params.attemptId, now, actorOf(req)));
      return attemptSession(app.db, attempt, quiz, takesPreview(viewer), now, { graded });
    },
  );

  app.get(
    "/quizzes/:id/attempts/:number",
    {
      config: { access: ANY_SIGNED_IN },
      schema: { tags: ["attempts"], params: AttemptNumberParamsSchema, response: { 200: AttemptSessionSchema } },
    },
    async (req) => {
      const viewer = viewerOf(req);
      const now = app.now();
      const { attempt, quiz, graded } = await commitEvenIfRefused(app.db, (tx) =>
        readOwnAttemptByNumber(tx, viewer, req.params.id, req.params.number, now, actorOf(req)),
      );
      return attemptSession(app.db, attempt, quiz, takesPreview(viewer), now, { graded });
    },
  );

  app.put(
    "/attempts/:attemptId/answers",
    {
      // The save's statement checks the session itself (decision 038): one statement per save, not two.
      config: { access: ANY_SIGNED_IN, sessionInStatement: true },
      schema: { tags: ["attempts"], params: AttemptParamsSchema, body: SaveAnswersSchema, response: { 200: SaveAnswersResponseSchema } },
    },
    async (req) => {
      const { attemptId } = req.params;
      const { answers } = req.body;
      const now = app.now();
      const present = (r: { saved: number; savedAt: Date }) => ({ saved: r.saved, savedAt: r.savedAt.toISOString() });
      if (req.sessionLeftToStatement) {
        const fast = await saveAnswersFast(app.db, { tokenHash: req.sessionLeftToStatement }, attemptId, answers, now);
        if (fast !== "slow") return present(fast);
        // No: a session that is not a live one is refused here exactly as the hook refuses it; a good one
        // takes the explaining path (which says why the attempt took no answer, or lets time act first).
        await app.authenticate(req);
        return present(await saveAnswersLocked(app.db, viewerOf(req), attemptId, answers, now, actorOf(req)));
      }
      return present(await saveAnswersSettling(app.db, viewerOf(req), attemptId, answers, now, actorOf(req)));
    },
  );

  app.post(
    "/attempts/:attemptId/sections/next",
    {
      config: { access: ANY_SIGNED_IN },
      schema: { tags: ["attempts"], params: AttemptParamsSchema, body: AdvanceSectionSchema, response: { 200: AttemptSessionSchema } },
    },
    async (req) => {
      const viewer = viewerOf(req);
      const now = app.now();
      const { attempt, quiz, graded } = await commitEvenIfRefused(app.db, (tx) =>
        moveToNextSection(tx, viewer, req.params.attemptId, req.body.fromSection, now, actorOf(req)),
      );
      return attemptSession(app.db, attempt, quiz, takesPreview(viewer), now, { graded });
    },
  );

  app.post(
    "/attempts/:attemptId/submit",
    {
      // The lock's statement checks the session (decision 038), as a save's does.
      config: { access: ANY_SIGNED_IN, sessionInStatement: true },
      schema: { tags: ["attempts"], params: AttemptParamsSchema, body: SubmitAttemptSchema, response: { 200: AttemptResultSchema } },
    },
    async (req) => {
      const args = { attemptId: req.params.attemptId, answers: req.body.answers, now: app.now() };
      if (req.sessionLeftToStatement) {
        const done = await onDatabase(app.db, "submitByToken", { ...args, tokenHash: req.sessionLeftToStatement });
        if (done) return done;
        // No: refused exactly as the hook refuses, or (a good session, an unknown attempt) explained below.
        await app.authenticate(req);
      }
      return onDatabase(app.db, "submitOwnAttempt", { ...args, viewer: viewerOf(req), actor: actorOf(req) });
    },
  );
};
