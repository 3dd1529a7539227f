import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ComponentMarksInputSchema,
  ComponentMarksSchema,
  ENROLMENT_MESSAGES,
  IdParamsSchema,
  MarksImportResultSchema,
  SavedSchema,
  SubjectStudentsInputSchema,
  TermComponentParamsSchema,
  TermStudentsInputSchema,
  TermSubjectParamsSchema,
  TERM_REPORT_MESSAGES,
} from "@adesua/domain";
import { STAFF } from "../../lib/access";
import { actorOf } from "../../lib/context";
import { badRequest } from "../../lib/errors";
import { readForm } from "../../lib/form";
import { viewerOf } from "../../lib/viewer";
import { documentWork } from "../mocks/pdf-reply";
import { guarded } from "../route-options";
import { componentMarks, saveComponentMarks, saveSubjectStudents } from "../../services/terms/term-marks.service";
import { importAttendance, saveTermStudents } from "../../services/terms/term-students.service";

const tags = ["terms"];

const MarksQuerySchema = z.object({
  class: z.string({ error: TERM_REPORT_MESSAGES.className }).trim().max(20, { error: TERM_REPORT_MESSAGES.className }).optional(),
});

/** What teachers enter for a term: marks of "marks" components, subject lines, report lines and attendance. */
export const termEntryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/terms/:id/components/:componentId/marks",
    guarded(STAFF, { tags, params: TermComponentParamsSchema, querystring: MarksQuerySchema, response: { 200: ComponentMarksSchema } }),
    async (req) => componentMarks(app.db, viewerOf(req), req.params.id, req.params.componentId, req.query.class || undefined),
  );

  app.put(
    "/terms/:id/components/:componentId/marks",
    guarded(STAFF, { tags, params: TermComponentParamsSchema, body: ComponentMarksInputSchema, response: { 200: SavedSchema } }),
    async (req) => saveComponentMarks(app.db, viewerOf(req), req.params.id, req.params.componentId, req.body, actorOf(req)),
  );

  app.put(
    "/terms/:id/subjects/:subjectId/students",
    guarded(STAFF, { tags, params: TermSubjectParamsSchema, body: SubjectStudentsInputSchema, response: { 200: SavedSchema } }),
    async (req) => saveSubjectStudents(app.db, viewerOf(req), req.params.id, req.params.subjectId, req.body, actorOf(req)),
  );

  app.put("/terms/:id/students", guarded(STAFF, { tags, params: IdParamsSchema, body: TermStudentsInputSchema, response: { 200: SavedSchema } }), async (req) =>
    saveTermStudents(app.db, viewerOf(req), req.params.id, req.body, actorOf(req)),
  );

  app.post(
    "/terms/:id/attendance/import",
    guarded(STAFF, {
      tags,
      params: IdParamsSchema,
      consumes: ["multipart/form-data"],
      description: "Attendance from a .csv or .xlsx sheet: name (or username), present[, days].",
      response: { 200: MarksImportResultSchema },
    }),
    async (req) => {
      const form = await readForm(req, ["file"]);
      const file = form.files.file;
      if (!file || file.data.length === 0) throw badRequest(ENROLMENT_MESSAGES.fileRequired);
      return documentWork(importAttendance(app.db, viewerOf(req), req.params.id, file.data, file.filename, actorOf(req)));
    },
  );
};
