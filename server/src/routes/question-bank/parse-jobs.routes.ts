import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BANK_MESSAGES, FileLinkSchema, IdParamsSchema, ParseJobFieldsSchema, ParseJobParamsSchema, ParseJobSchema } from "@adesua/domain";
import { STAFF } from "../../lib/access";
import { badRequest, HttpError, notFound } from "../../lib/errors";
import { DocumentError } from "../../documents";
import { checkDocument } from "../../documents/pool";
import { readForm } from "../../lib/form";
import { parseInput } from "../../lib/validation";
import { viewerOf } from "../../lib/viewer";
import { signFileLink } from "../../services/files/file-link.service";
import { parsedPictureOf } from "../../services/files/parse-pictures.service";
import { parseJobFor, startParseJob } from "../../services/question-bank/parse-job.service";
import { guarded } from "../route-options";

/**
 * Reading a paper in the background with progress page by page (issue 27): a scanned paper or a photo takes seconds
 * a page to read by OCR, so the upload screens start a job and poll it. The pictures a reading stored (a paper's
 * figures, a scan's crops) are shown to their author by signed link.
 */
export const parseJobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/questions/parse-jobs",
    guarded(STAFF, { tags: ["questions"], consumes: ["multipart/form-data"], response: { 202: ParseJobSchema } }),
    async (req, reply) => {
      const viewer = viewerOf(req);
      const form = await readForm(req, ["attachment"]);
      const { kind } = parseInput(ParseJobFieldsSchema, form.fields);
      const file = form.files.attachment;
      if (!file || file.data.length === 0) throw badRequest(kind === "answers" ? BANK_MESSAGES.answerFileRequired : BANK_MESSAGES.questionFileRequired);
      // The cheap checks (size, type by content, a zip's declared sizes) answer at once; the reading is the job's.
      try {
        checkDocument(file.data, file.filename);
      } catch (e) {
        if (e instanceof DocumentError) throw new HttpError(e.status, e.message);
        throw e;
      }
      return reply.status(202).send(await startParseJob({ db: app.db, storage: app.storage }, kind, file.data, file.filename, viewer.id));
    },
  );

  app.get("/questions/parse-jobs/:id", guarded(STAFF, { tags: ["questions"], params: ParseJobParamsSchema, response: { 200: ParseJobSchema } }), async (req) =>
    parseJobFor(app.db, req.params.id, viewerOf(req).id),
  );

  app.get(
    "/files/parsed/:id/link",
    guarded(STAFF, {
      tags: ["files"],
      summary: "A signed link to a picture stored while reading its author's paper (a figure, a scan's crop); 404 for anyone else",
      params: IdParamsSchema,
      response: { 200: FileLinkSchema },
    }),
    async (req) => {
      const file = await parsedPictureOf(app.db, req.params.id, viewerOf(req).id);
      if (!file) throw notFound("Picture not found");
      return signFileLink(app.db, file.id, app.now());
    },
  );
};
