import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MarksImportResultSchema, MockPaperParamsSchema, PaperMarksInputSchema, PaperMarksSavedSchema, PaperMarksSchema } from "@adesua/domain";
import { ENROLMENT_MESSAGES } from "@adesua/domain/constants";
import { STAFF } from "../../lib/access";
import { actorOf } from "../../lib/context";
import { badRequest } from "../../lib/errors";
import { readForm } from "../../lib/form";
import { viewerOf } from "../../lib/viewer";
import { importMarks } from "../../services/mocks/marks-import.service";
import { paperMarks, saveMarks } from "../../services/mocks/marks.service";
import { guarded } from "../route-options";
import { documentWork } from "./pdf-reply";

const tags = ["mocks"];
const MarksQuerySchema = z.object({ class: z.string().trim().max(20).optional() });

/** Marks entry for a mock's papers (admin; the teacher of the subject). */
export const mockMarksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/mocks/:id/papers/:paperId/marks",
    guarded(STAFF, { tags, params: MockPaperParamsSchema, querystring: MarksQuerySchema, response: { 200: PaperMarksSchema } }),
    async (req) => paperMarks(app.db, viewerOf(req), req.params.id, req.params.paperId, req.query.class),
  );

  app.put(
    "/mocks/:id/papers/:paperId/marks",
    guarded(STAFF, { tags, params: MockPaperParamsSchema, body: PaperMarksInputSchema, response: { 200: PaperMarksSavedSchema } }),
    async (req) => saveMarks(app.db, viewerOf(req), req.params.id, req.params.paperId, req.body, actorOf(req)),
  );

  app.post(
    "/mocks/:id/papers/:paperId/marks/import",
    guarded(STAFF, {
      tags,
      summary: "Import a paper's marks (multipart `file`, .csv or .xlsx): the rows that read well are saved, the others listed as problems",
      consumes: ["multipart/form-data"],
      params: MockPaperParamsSchema,
      response: { 200: MarksImportResultSchema },
    }),
    async (req) => {
      const form = await readForm(req, ["file"]);
      const file = form.files.file;
      if (!file || file.data.length === 0) throw badRequest(ENROLMENT_MESSAGES.fileRequired);
      return documentWork(importMarks(app.db, viewerOf(req), req.params.id, req.params.paperId, file, actorOf(req)));
    },
  );
};
