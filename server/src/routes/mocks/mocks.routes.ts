import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  BroadsheetQuerySchema,
  IdParamsSchema,
  MarksImportResultSchema,
  MOCK_MESSAGES,
  MockGradingInputSchema,
  MockInputSchema,
  MockListQuerySchema,
  MockListSchema,
  MockPaperParamsSchema,
  MockResultsQuerySchema,
  MockResultsSchema,
  MockSchema,
  OkSchema,
  PaperMarksInputSchema,
  PaperMarksSavedSchema,
  PaperMarksSchema,
  SlipsQuerySchema,
} from "@adesua/domain";
import { ADMIN, ANY_SIGNED_IN, STAFF } from "../../lib/access";
import { ENROLMENT_MESSAGES } from "@adesua/domain/constants";
import { badRequest, notFound } from "../../lib/errors";
import { readForm } from "../../lib/form";
import { importMarks } from "../../services/mocks/marks-import.service";
import { paperMarks, saveMarks } from "../../services/mocks/marks.service";
import { broadsheetXlsx } from "../../services/mocks/broadsheet-xlsx";
import { mockResults } from "../../services/mocks/results.service";

import { actorOf } from "../../lib/context";
import { viewerOf } from "../../lib/viewer";
import { assertCanManageMocks } from "../../policies/mocks.policy";
import { setGrading } from "../../services/mocks/grading.service";
import { loadMockHead, presentMock } from "../../services/mocks/mock-load";
import { createMock, deleteMock, listMocks, setReleased, updateMock } from "../../services/mocks/mock.service";
import { loadSchoolPrint, renderPdf } from "../../services/prints/print.service";
import { guarded } from "../route-options";
import { documentWork, sendFile } from "./pdf-reply";

const tags = ["mocks"];
/** POST/DELETE /release take no fields; an empty JSON object (or nothing) is accepted. */
const ReleaseBodySchema = z.object({}).strict().nullish();
const MarksQuerySchema = z.object({ class: z.string().trim().max(20).optional() });
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const TimetableQuerySchema = z.object({ format: z.literal("pdf", { error: "format must be pdf" }).default("pdf") });

/** Mock BECE examinations: timetable, marks, grading, release, results (issue 28, decision 050). */
export const mockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/mocks", guarded(ANY_SIGNED_IN, { tags, querystring: MockListQuerySchema, response: { 200: MockListSchema } }), async (req) =>
    listMocks(app.db, viewerOf(req), req.query),
  );

  app.post("/mocks", guarded(ADMIN, { tags, body: MockInputSchema, response: { 201: MockSchema } }), async (req, reply) => {
    const viewer = viewerOf(req);
    assertCanManageMocks(viewer);
    return reply.status(201).send(await createMock(app.db, viewer, req.body, actorOf(req)));
  });

  app.get("/mocks/:id", guarded(ANY_SIGNED_IN, { tags, params: IdParamsSchema, response: { 200: MockSchema } }), async (req) => {
    const viewer = viewerOf(req);
    return presentMock(app.db, viewer, await loadMockHead(app.db, viewer, req.params.id));
  });

  app.put("/mocks/:id", guarded(ADMIN, { tags, params: IdParamsSchema, body: MockInputSchema, response: { 200: MockSchema } }), async (req) => {
    const viewer = viewerOf(req);
    assertCanManageMocks(viewer);
    return updateMock(app.db, viewer, req.params.id, req.body, actorOf(req));
  });

  app.delete("/mocks/:id", guarded(ADMIN, { tags, params: IdParamsSchema, response: { 200: OkSchema } }), async (req) => {
    const viewer = viewerOf(req);
    assertCanManageMocks(viewer);
    await deleteMock(app.db, viewer, req.params.id, actorOf(req));
    return { ok: true as const };
  });

  app.put("/mocks/:id/grading", guarded(ADMIN, { tags, params: IdParamsSchema, body: MockGradingInputSchema, response: { 200: MockSchema } }), async (req) =>
    setGrading(app.db, viewerOf(req), req.params.id, req.body, actorOf(req)),
  );

  for (const [method, release] of [
    ["POST", true],
    ["DELETE", false],
  ] as const)
    app.route({
      method,
      url: "/mocks/:id/release",
      ...guarded(ADMIN, { tags, params: IdParamsSchema, ...(release ? { body: ReleaseBodySchema } : {}), response: { 200: MockSchema } }),
      handler: async (req) => setReleased(app.db, viewerOf(req), req.params.id, release, actorOf(req), app.now()),
    });

  app.get(
    "/mocks/:id/timetable",
    guarded(ANY_SIGNED_IN, { tags, params: IdParamsSchema, querystring: TimetableQuerySchema, summary: "The one-page timetable (PDF)" }),
    async (req, reply) => {
      const viewer = viewerOf(req);
      const mock = await presentMock(app.db, viewer, await loadMockHead(app.db, viewer, req.params.id));
      const pdf = await documentWork(renderPdf({ kind: "timetable", school: await loadSchoolPrint(app.db), mock }));
      return sendFile(reply, pdf, `${mock.title} timetable.pdf`);
    },
  );

  // ---- marks entry (admin; the teacher of the subject) ----
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

  // ---- results, broadsheet and result slips (results.ts) ----
  app.get(
    "/mocks/:id/results",
    guarded(ANY_SIGNED_IN, { tags, params: IdParamsSchema, querystring: MockResultsQuerySchema, response: { 200: MockResultsSchema } }),
    async (req) => mockResults(app.db, viewerOf(req), req.params.id, req.query),
  );

  app.get(
    "/mocks/:id/results/broadsheet",
    guarded(STAFF, { tags, params: IdParamsSchema, querystring: BroadsheetQuerySchema, summary: "The broadsheet as .xlsx or a landscape A4 PDF" }),
    async (req, reply) => {
      const results = await mockResults(app.db, viewerOf(req), req.params.id, req.query, { printout: true });
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
      const { studentId } = req.query;
      const results = await mockResults(app.db, viewerOf(req), req.params.id, req.query, { studentId, printout: true });
      if (studentId !== undefined && !results.students.length) throw notFound(MOCK_MESSAGES.studentNotFound);
      const pdf = await documentWork(renderPdf({ kind: "result-slips", school: await loadSchoolPrint(app.db), results }));
      const who = results.students.length === 1 ? ` ${results.students[0].name}` : req.query.class ? ` ${req.query.class}` : "";
      return sendFile(reply, pdf, `${results.mock.title} slips${who}.pdf`);
    },
  );
};
