import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { LibraryListSchema, LibraryQuerySchema } from "@adesua/domain";
import { ANY_SIGNED_IN } from "../../lib/access";
import { viewerOf } from "../../lib/viewer";
import { listLibrary } from "../../services/library/library.service";

export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/library",
    { config: { access: ANY_SIGNED_IN }, schema: { tags: ["library"], querystring: LibraryQuerySchema, response: { 200: LibraryListSchema } } },
    async (req) => listLibrary(app.db, viewerOf(req), app.now(), req.query),
  );
};
