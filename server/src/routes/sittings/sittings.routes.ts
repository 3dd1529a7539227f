import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  MAX_SCAN_FILE_BYTES,
  MAX_SCAN_FILES,
  OkSchema,
  PrintJobSchema,
  ScanListQuerySchema,
  ScanListSchema,
  ScanParamsSchema,
  ScanRecordInputSchema,
  ScanSchema,
  ScanSettleInputSchema,
  ScanUploadSchema,
  SittingInputSchema,
  SittingListQuerySchema,
  SittingListSchema,
  SittingParamsSchema,
  SittingSchema,
  SittingStudentListSchema,
  SittingStudentsQuerySchema,
  SITTING_MESSAGES,
} from "@adesua/domain";
import { STAFF } from "../../lib/access";
import { actorOf } from "../../lib/context";
import { sendDownload } from "../../lib/download";
import { HttpError } from "../../lib/errors";
import { readForm } from "../../lib/form";
import { viewerOf } from "../../lib/viewer";
import { startPrintJob } from "../../services/prints/print-job.service";
import { recordScan } from "../../services/sittings/scan-record.service";
import { uploadScans } from "../../services/sittings/scan-upload.service";
import { deleteScan, getScan, listScans, scanImage, settleScan } from "../../services/sittings/scan.service";
import { createSitting, deleteSitting, getSitting, listSittings } from "../../services/sittings/sitting.service";
import { listSittingStudents } from "../../services/sittings/sitting-students";
import { guarded } from "../route-options";

/**
 * Paper sittings (issue 29, decision 051): print a quiz with answer sheets, scan the sheets back into submissions.
 * The calls are listed in domain/src/contracts/sittings/sitting.ts. Staff only: a student is refused (403) by the
 * route's access before anything is read.
 */
export const sittingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ["sittings"];
  const deps = () => ({ db: app.db, storage: app.storage });

  app.get(
    "/sittings",
    guarded(STAFF, {
      tags,
      summary: "Paper sittings of the quizzes the viewer manages",
      querystring: SittingListQuerySchema,
      response: { 200: SittingListSchema },
    }),
    async (req) => listSittings(app.db, viewerOf(req), req.query),
  );

  app.post(
    "/sittings",
    guarded(STAFF, { tags, summary: "Prepare a quiz for printing on paper with answer sheets", body: SittingInputSchema, response: { 201: SittingSchema } }),
    async (req, reply) => reply.status(201).send(await createSitting(app.db, viewerOf(req), req.body, actorOf(req))),
  );

  app.get(
    "/sittings/:id",
    guarded(STAFF, { tags, summary: "A paper sitting with its sheets' counts", params: SittingParamsSchema, response: { 200: SittingSchema } }),
    async (req) => getSitting(app.db, viewerOf(req), req.params.id),
  );

  app.get(
    "/sittings/:id/students",
    guarded(STAFF, {
      tags,
      summary: "The sitting's class by name (search by name): the students a blank sheet may be given to",
      params: SittingParamsSchema,
      querystring: SittingStudentsQuerySchema,
      response: { 200: SittingStudentListSchema },
    }),
    async (req) => listSittingStudents(app.db, viewerOf(req), req.params.id, req.query),
  );

  app.delete(
    "/sittings/:id",
    guarded(STAFF, { tags, summary: "Remove a paper sitting (refused once a sheet is recorded)", params: SittingParamsSchema, response: { 200: OkSchema } }),
    async (req) => {
      await deleteSitting(app.db, viewerOf(req), req.params.id, actorOf(req));
      return { ok: true as const };
    },
  );

  app.post(
    "/sittings/:id/print",
    guarded(STAFF, {
      tags,
      summary: "Draw the question paper and answer sheets as one PDF; poll the print job",
      params: SittingParamsSchema,
      response: { 202: PrintJobSchema },
    }),
    async (req, reply) => reply.status(202).send(await startPrintJob(deps(), viewerOf(req), { kind: "paper", sittingId: req.params.id })),
  );

  app.post(
    "/sittings/:id/scans",
    guarded(STAFF, {
      tags,
      summary: "Upload photos (JPEG, PNG, WebP) or a PDF of answer sheets (multipart `files`); each sheet is read in the background",
      consumes: ["multipart/form-data"],
      params: SittingParamsSchema,
      response: { 202: ScanUploadSchema },
    }),
    async (req, reply) => {
      let form;
      try {
        form = await readForm(req, ["files"], { files: MAX_SCAN_FILES, fileSize: MAX_SCAN_FILE_BYTES });
      } catch (e) {
        const code = (e as { code?: string }).code;
        if (code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, SITTING_MESSAGES.fileTooLarge);
        if (code === "FST_FILES_LIMIT") throw new HttpError(413, SITTING_MESSAGES.tooManyFiles);
        throw e;
      }
      const files = form.fileLists.files ?? [];
      return reply.status(202).send(await uploadScans(deps(), viewerOf(req), req.params.id, files, actorOf(req)));
    },
  );

  app.get(
    "/sittings/:id/scans",
    guarded(STAFF, {
      tags,
      summary: "A sitting's scanned sheets, oldest first",
      params: SittingParamsSchema,
      querystring: ScanListQuerySchema,
      response: { 200: ScanListSchema },
    }),
    async (req) => listScans(app.db, viewerOf(req), req.params.id, req.query),
  );

  app.get(
    "/sittings/:id/scans/:scanId",
    guarded(STAFF, { tags, summary: "One scanned sheet with its rows", params: ScanParamsSchema, response: { 200: ScanSchema } }),
    async (req) => getScan(app.db, viewerOf(req), req.params.id, req.params.scanId),
  );

  app.get(
    "/sittings/:id/scans/:scanId/sheet",
    guarded(STAFF, { tags, summary: "The sheet straightened (image/jpeg): the rows' crops are cut from it", params: ScanParamsSchema }),
    async (req, reply) => sendDownload(reply, await scanImage(deps(), viewerOf(req), req.params.id, req.params.scanId, "sheet", req.log)),
  );

  app.get(
    "/sittings/:id/scans/:scanId/photo",
    guarded(STAFF, { tags, summary: "The photo of the sheet as uploaded", params: ScanParamsSchema }),
    async (req, reply) => sendDownload(reply, await scanImage(deps(), viewerOf(req), req.params.id, req.params.scanId, "photo", req.log)),
  );

  app.put(
    "/sittings/:id/scans/:scanId",
    guarded(STAFF, {
      tags,
      summary: "Choose a blank sheet's student, settle flagged rows, mark written boxes",
      params: ScanParamsSchema,
      body: ScanSettleInputSchema,
      response: { 200: ScanSchema },
    }),
    async (req) => settleScan(app.db, viewerOf(req), req.params.id, req.params.scanId, req.body, actorOf(req)),
  );

  app.post(
    "/sittings/:id/scans/:scanId/record",
    guarded(STAFF, {
      tags,
      summary: "Record a settled sheet as the student's submission (replaces the same sheet recorded before)",
      params: ScanParamsSchema,
      body: ScanRecordInputSchema,
      response: { 200: ScanSchema },
    }),
    async (req) => recordScan(app.db, viewerOf(req), req.params.id, req.params.scanId, req.body?.confirm === true, actorOf(req), app.now()),
  );

  app.delete(
    "/sittings/:id/scans/:scanId",
    guarded(STAFF, { tags, summary: "Remove a scanned sheet (refused once recorded)", params: ScanParamsSchema, response: { 200: OkSchema } }),
    async (req) => {
      await deleteScan(app.db, viewerOf(req), req.params.id, req.params.scanId, actorOf(req));
      return { ok: true as const };
    },
  );
};
