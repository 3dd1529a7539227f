import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AttemptResultSchema, QuizIdParamsSchema, SubmitAttemptSchema } from "@adesua/domain";
import { actorOf } from "../../lib/context";
import { ANY_SIGNED_IN } from "../../lib/access";
import { submitForQuizCommitted } from "../../services/attempts/attempt.service";
import { viewerOf } from "../../lib/viewer";

/**
 * The spec's one-shot submit: answers go with the submit. It submits the student's open attempt,
 * starting one (within the window and the limit) when there is none. The attempt API is preferred.
 */
export const submitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/submissions/:quizId/submit",
    {
      config: { access: ANY_SIGNED_IN },
      schema: { tags: ["attempts"], params: QuizIdParamsSchema, body: SubmitAttemptSchema, response: { 200: AttemptResultSchema } },
    },
    async (req) => submitForQuizCommitted(app.db, viewerOf(req), req.params.quizId, req.body.answers, app.now(), actorOf(req)),
  );
};
