import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { RecordListQuerySchema, RecordListResponseSchema } from "@adesua/domain";
import { ANY_SIGNED_IN } from "../../lib/access";
import { viewerOf } from "../../lib/viewer";
import { listRecords } from "../../services/grading/record.service";

export const recordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/records",
    { config: { access: ANY_SIGNED_IN }, schema: { tags: ["records"], querystring: RecordListQuerySchema, response: { 200: RecordListResponseSchema } } },
    async (req) => listRecords(app.db, viewerOf(req), req.query, app.now()),
  );
};
