import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { FileLinkQuerySchema, IdParamsSchema } from "@adesua/domain";
import { fileOfSignedLink } from "../../services/files/file-link.service";
import { storedFileDownload } from "../../services/files/files.service";
import { sendDownload } from "../../lib/download";

/**
 * GET /api/files/{id}?exp=…&sig=…: a download by signed link (decision 027). Public: the signature,
 * made by a …/link route after its own permission check, is the credential, for a minute. Answers
 * one byte range (206) when asked, so a phone's PDF viewer can read the file in parts.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/files/:id",
    { config: { access: "public" }, schema: { tags: ["files"], security: [], params: IdParamsSchema, querystring: FileLinkQuerySchema } },
    async (req, reply) => {
      const file = await fileOfSignedLink(app.db, req.params.id, req.query, app.now());
      return sendDownload(reply, await storedFileDownload(app.storage, file, req.log, req.headers.range ?? ""));
    },
  );
};
