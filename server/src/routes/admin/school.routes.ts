import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SchoolInputSchema, SchoolSchema } from "@adesua/domain";
import { ADMIN, ANY_SIGNED_IN } from "../../lib/access";
import { actorOf } from "../../lib/context";
import { sendDownload } from "../../lib/download";
import { badRequest } from "../../lib/errors";
import { readForm } from "../../lib/form";
import { crestDownload, readSchool, removeCrest, setCrest, writeSchool } from "../../services/admin/school.service";
import { usePrintStorage } from "../../services/prints/print.service";
import { guarded } from "../route-options";

/** The school's name, crest and assessment settings (issue 28, decision 050). */
export const schoolRoutes: FastifyPluginAsyncZod = async (app) => {
  // Printed cards read the crest's bytes from this app's storage (services/prints/print.service.ts).
  usePrintStorage(app.db, app.storage);

  app.get(
    "/school",
    guarded(ANY_SIGNED_IN, { tags: ["school"], summary: "The school as printed on reports, and its assessment settings", response: { 200: SchoolSchema } }),
    async () => readSchool(app.db),
  );

  app.put("/school", guarded(ADMIN, { tags: ["school"], body: SchoolInputSchema, response: { 200: SchoolSchema } }), async (req) =>
    writeSchool(app.db, req.body, actorOf(req)),
  );

  app.put(
    "/school/crest",
    guarded(ADMIN, {
      tags: ["school"],
      summary: "Upload the crest: multipart `file`, a .png or .jpg of at most 2 MB (other types 415, larger 413)",
      consumes: ["multipart/form-data"],
      response: { 200: SchoolSchema },
    }),
    async (req) => {
      const form = await readForm(req, ["file"]);
      const file = form.files.file;
      if (!file || file.data.length === 0) throw badRequest("Choose a .png or .jpg picture of the crest (form field file)");
      return setCrest(app.db, app.storage, file, actorOf(req));
    },
  );

  app.delete("/school/crest", guarded(ADMIN, { tags: ["school"], response: { 200: SchoolSchema } }), async (req) => removeCrest(app.db, actorOf(req)));

  app.get("/school/crest", guarded(ANY_SIGNED_IN, { tags: ["school"], summary: "The crest picture (404 when none)" }), async (req, reply) =>
    sendDownload(reply, await crestDownload(app.db, app.storage, req.log)),
  );
};
