import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BroadsheetQuerySchema, IdParamsSchema, MOCK_MESSAGES, MockResultsQuerySchema, MockResultsSchema, SlipsQuerySchema } from "@adesua/domain";
import { ANY_SIGNED_IN, STAFF } from "../../lib/access";
import { notFound } from "../../lib/errors";
import { viewerOf } from "../../lib/viewer";
import { broadsheetXlsx } from "../../services/mocks/broadsheet-xlsx";
import { mockResults } from "../../services/mocks/results.service";
import { loadSchoolPrint, renderPdf } from "../../services/prints/print.service";
import { guarded } from "../route-options";
import { documentWork, sendFile } from "./pdf-reply";

const tags = ["mocks"];
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A mock's results, broadsheet and result slips (results.ts). */
export const mockResultsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/mocks/:id/results",
    guarded(ANY_SIGNED_IN, { tags, params: IdParamsSchema, querystring: MockResultsQuerySchema, response: { 200: MockResultsSchema } }),
    async (req) => mockResults(app.db, viewerOf(req), req.params.id, req.query),
  );

  app.get(
    "/mocks/:id/results/broadsheet",
    guarded(STAFF, { tags, params: IdParamsSchema, querystring: BroadsheetQuerySchema, summary: "The broadsheet as .xlsx or a landscape A4 PDF" }),
    async (req, reply) => {
      const results = await mockResults(app.db, viewerOf(req), req.params.id, req.query);
      const school = await loadSchoolPrint(app.db);
      const name = `${results.mock.title} broadsheet${req.query.class ? ` ${req.query.class}` : ""}`;
      if (req.query.format === "xlsx") return sendFile(reply, await broadsheetXlsx(results, school.name), `${name}.xlsx`, XLSX);
      return sendFile(reply, await documentWork(renderPdf({ kind: "broadsheet", school, results })), `${name}.pdf`);
    },
  );

  app.get(
    "/mocks/:id/results/slips",
    guarded(ANY_SIGNED_IN, {
      tags,
      params: IdParamsSchema,
      querystring: SlipsQuerySchema,
      summary: "Result slips, A4 two to a page (staff: a class or one student; a student: their own, after release)",
    }),
    async (req, reply) => {
      const viewer = viewerOf(req);
      const results = await mockResults(app.db, viewer, req.params.id, req.query);
      if (req.query.studentId !== undefined) {
        results.students = results.students.filter((s) => s.studentId === req.query.studentId);
        if (!results.students.length) throw notFound(MOCK_MESSAGES.studentNotFound);
      }
      const pdf = await documentWork(renderPdf({ kind: "result-slips", school: await loadSchoolPrint(app.db), results }));
      const who = results.students.length === 1 ? ` ${results.students[0].name}` : req.query.class ? ` ${req.query.class}` : "";
      return sendFile(reply, pdf, `${results.mock.title} slips${who}.pdf`);
    },
  );
};
