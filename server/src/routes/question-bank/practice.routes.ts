import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { IdParamsSchema, PracticeHistoryQuerySchema, PracticeHistorySchema, PracticeInputSchema, PracticeResultSchema } from "@adesua/domain";
import { viewerOf } from "../../lib/viewer";
import { ANY_SIGNED_IN } from "../../lib/access";
import { pageMeta } from "../../lib/pagination";
import { findPractice, gradePractice, practiceHistory } from "../../services/question-bank/practice.service";
import { bankReaderOf } from "../../services/question-bank/question-bank.service";

/** Practice of past questions, graded on the server (decision 019). Any signed-in user; results are their own. */
export const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/practice",
    { config: { access: ANY_SIGNED_IN }, schema: { tags: ["practice"], body: PracticeInputSchema, response: { 201: PracticeResultSchema } } },
    async (req, reply) => {
      const viewer = viewerOf(req);
      return reply.status(201).send(await gradePractice(app.db, viewer.id, req.body, bankReaderOf(viewer, app.now())));
    },
  );

  app.get(
    "/practice",
    { config: { access: ANY_SIGNED_IN }, schema: { tags: ["practice"], querystring: PracticeHistoryQuerySchema, response: { 200: PracticeHistorySchema } } },
    async (req) => {
      const { results, total, subjects } = await practiceHistory(app.db, viewerOf(req).id, req.query);
      return { results, pagination: pageMeta(req.query, total), subjects };
    },
  );

  app.get(
    "/practice/:id",
    { config: { access: ANY_SIGNED_IN }, schema: { tags: ["practice"], params: IdParamsSchema, response: { 200: PracticeResultSchema } } },
    async (req) => findPractice(app.db, viewerOf(req).id, req.params.id),
  );
};
