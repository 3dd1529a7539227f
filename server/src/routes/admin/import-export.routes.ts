import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  BANK_MESSAGES,
  ENROLMENT_MESSAGES,
  ErrorSchema,
  ImportExportListSchema,
  QuestionImportResultSchema,
  UserImportErrorSchema,
  importedMessage,
} from "@adesua/domain";
import { viewerOf } from "../../lib/viewer";
import { actorOf } from "../../lib/context";
import { STAFF } from "../../lib/access";
import { guarded } from "../route-options";
import { badRequest, HttpError } from "../../lib/errors";
import { readForm } from "../../lib/form";
import { DocumentError } from "../../documents";
import { contentDisposition } from "../../services/files/files.service";
import { EXPORT_FILES, exportCsv, findExporter, importBankCsv, operationsFor } from "../../services/admin/import-export.service";

/** The Import/Export screen (spec 001): the operations a viewer may run, CSV exports and the question import. */
export const importExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/import-export",
    guarded(STAFF, {
      tags: ["import-export"],
      summary: "The operations this user may run: POST ones take a multipart `file`, GET ones download a CSV",
      response: { 200: ImportExportListSchema },
    }),
    async (req) => operationsFor(viewerOf(req)),
  );

  for (const file of EXPORT_FILES) {
    const e = findExporter(file)!;
    app.get(
      `/import-export/${file}`,
      {
        config: { access: e.roles },
        schema: {
          tags: ["import-export"],
          summary: `Download ${file} as CSV, streamed from the database a page at a time (teachers: their own courses' rows)`,
          produces: ["text/csv"],
        },
      },
      async (req, reply) => {
        const name = `${file}-${app.now().toISOString().slice(0, 10)}.csv`;
        return reply
          .header("Content-Type", "text/csv; charset=utf-8")
          .header("Content-Disposition", contentDisposition(name))
          .send(exportCsv(app.db, viewerOf(req), file));
      },
    );
  }

  app.post(
    "/import-export/questions",
    guarded(STAFF, {
      tags: ["import-export"],
      summary: "Import question-bank CSV (the bank export's columns: year, subject, section, topic, question, optionA–E, correctOption): all rows or none",
      consumes: ["multipart/form-data"],
      response: { 201: QuestionImportResultSchema, 400: UserImportErrorSchema.or(ErrorSchema) },
    }),
    async (req, reply) => {
      const form = await readForm(req, ["file"]);
      const file = form.files.file;
      if (!file || file.data.length === 0) throw badRequest(ENROLMENT_MESSAGES.fileRequired);
      let result;
      try {
        result = await importBankCsv(app.db, file.data, actorOf(req));
      } catch (e) {
        if (e instanceof DocumentError) throw new HttpError(e.status, e.message);
        throw e;
      }
      if (!result.ok) return reply.status(400).send({ error: BANK_MESSAGES.csvRows, errors: result.errors });
      return reply.status(201).send({ count: result.count, skippedDuplicates: result.skippedDuplicates, message: importedMessage(result.count) });
    },
  );
};
