import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PrintJobInputSchema, PrintJobParamsSchema, PrintJobSchema } from "@adesua/domain";
import { STAFF } from "../../lib/access";
import { sendDownload } from "../../lib/download";
import { viewerOf } from "../../lib/viewer";
import { printJobFile, printJobFor, startPrintJob } from "../../services/prints/print-job.service";
import { guarded } from "../route-options";

/** PDFs drawn in the worker pool with progress (issue 28, decision 050): report cards, result slips, a broadsheet. */
export const printJobRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, storage: app.storage });

  app.post(
    "/print-jobs",
    guarded(STAFF, {
      tags: ["prints"],
      summary: "Start drawing a class's report cards, result slips or a broadsheet; poll the job for progress",
      body: PrintJobInputSchema,
      response: { 202: PrintJobSchema },
    }),
    async (req, reply) => reply.status(202).send(await startPrintJob(deps(), viewerOf(req), req.body)),
  );

  app.get(
    "/print-jobs/:id",
    guarded(STAFF, { tags: ["prints"], summary: "A print job's progress (its creator only)", params: PrintJobParamsSchema, response: { 200: PrintJobSchema } }),
    async (req) => printJobFor(app.db, req.params.id, viewerOf(req).id),
  );

  app.get(
    "/print-jobs/:id/file",
    guarded(STAFF, { tags: ["prints"], summary: "The finished PDF (404 until done)", params: PrintJobParamsSchema }),
    async (req, reply) => sendDownload(reply, await printJobFile(deps(), req.params.id, viewerOf(req).id, req.log)),
  );
};
