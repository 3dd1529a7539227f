import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CheckInputSchema, IdParamsSchema, ReportsQuerySchema, TermClassesSchema, TermClassSchema, TermReportsSchema } from "@adesua/domain";
import { ANY_SIGNED_IN, STAFF } from "../../lib/access";
import { actorOf } from "../../lib/context";
import { viewerOf } from "../../lib/viewer";
import { guarded } from "../route-options";
import { documentWork, sendFile } from "../mocks/pdf-reply";
import { loadTerm } from "../../services/terms/term.service";
import { termReports } from "../../services/terms/reports.service";
import { reportCardsPdf } from "../../services/terms/report-cards.service";
import { addCheck, removeCheck, termClasses } from "../../services/terms/term-classes.service";

const tags = ["terms"];

/** A term's reports (computed by the database), the cards as PDF, its classes and their checks. */
export const termReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/terms/:id/reports",
    guarded(ANY_SIGNED_IN, {
      tags,
      params: IdParamsSchema,
      querystring: ReportsQuerySchema,
      description: "A class's reports (staff), or the student's own once released; format=pdf answers the cards as one PDF.",
      response: { 200: TermReportsSchema },
    }),
    async (req, reply) => {
      const viewer = viewerOf(req);
      if (req.query.format !== "pdf") return termReports(app.db, viewer, req.params.id, req.query.class);
      const { pdf, fileName } = await documentWork(reportCardsPdf(app.db, viewer, req.params.id, req.query));
      return sendFile(reply, pdf, fileName);
    },
  );

  app.get("/terms/:id/classes", guarded(STAFF, { tags, params: IdParamsSchema, response: { 200: TermClassesSchema } }), async (req) => {
    await loadTerm(app.db, viewerOf(req), req.params.id);
    return termClasses(app.db, req.params.id);
  });

  app.post("/terms/:id/checks", guarded(STAFF, { tags, params: IdParamsSchema, body: CheckInputSchema, response: { 200: TermClassSchema } }), async (req) =>
    addCheck(app.db, viewerOf(req), req.params.id, req.body, actorOf(req)),
  );

  app.delete(
    "/terms/:id/checks",
    guarded(STAFF, { tags, params: IdParamsSchema, querystring: CheckInputSchema, response: { 200: TermClassSchema } }),
    async (req) => removeCheck(app.db, viewerOf(req), req.params.id, req.query, actorOf(req)),
  );
};
