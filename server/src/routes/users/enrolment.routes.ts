import { PassThrough } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CreatedUserSchema,
  CreateUserSchema,
  ENROLMENT_MESSAGES,
  ErrorSchema,
  SlipSheetSchema,
  UserImportCheckSchema,
  UserImportErrorSchema,
  UserImportQuerySchema,
  UserImportResultSchema,
  type UserImportEvent,
} from "@adesua/domain";
import { actorOf } from "../../lib/context";
import { ADMIN } from "../../lib/access";
import { guarded } from "../route-options";
import { badRequest, HttpError } from "../../lib/errors";
import { readForm } from "../../lib/form";
import { DocumentError } from "../../documents";
import { contentDisposition } from "../../services/files/files.service";
import { checkClassList, createOneUser, enrolUsers } from "../../services/users/enrolment.service";
import { signInAddress, slipsCsv, slipsDocx } from "../../services/users/slips";

const NDJSON = "application/x-ndjson";

/** Enrolling a school (issue 14, decision 025): one user, a class list, and the printable slips. */
export const enrolmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/users",
    guarded(ADMIN, {
      tags: ["users"],
      summary: "Add one user (admin): answers their one-time password once, as a slip",
      body: CreateUserSchema,
      response: { 201: CreatedUserSchema },
    }),
    async (req, reply) => {
      const b = req.body;
      const created = await createOneUser(
        app.db,
        {
          name: b.name,
          email: b.email || null,
          role: b.role,
          studentType: b.role === "student" ? (b.studentType ?? null) : null,
          stream: b.role === "student" ? (b.stream ?? null) : null,
        },
        actorOf(req),
      );
      return reply.status(201).send(created);
    },
  );

  app.post(
    "/users/import",
    {
      config: { access: ADMIN },
      // The streamed progress must reach the browser as it is written, not when a compressor's buffer fills.
      compress: false,
      schema: {
        tags: ["users"],
        summary:
          "Import a class list (multipart `file`, .csv or .xlsx): all rows or none. With Accept: application/x-ndjson the answer streams progress lines, then the result.",
        consumes: ["multipart/form-data"],
        querystring: UserImportQuerySchema,
        response: { 200: UserImportCheckSchema, 201: UserImportResultSchema, 400: UserImportErrorSchema.or(ErrorSchema) },
      },
    },
    async (req, reply) => {
      const form = await readForm(req, ["file"]);
      const file = form.files.file;
      if (!file || file.data.length === 0) throw badRequest(ENROLMENT_MESSAGES.fileRequired);
      let checked;
      try {
        checked = await checkClassList(app.db, file.data, file.filename);
      } catch (e) {
        if (e instanceof DocumentError) throw new HttpError(e.status, e.message);
        throw e;
      }
      if (!checked.ok) return reply.status(400).send({ error: ENROLMENT_MESSAGES.badRows, errors: checked.errors });
      const rows = checked.rows;
      // ?check=true: the file is valid; say what would be created and create nothing.
      if (req.query.check) return reply.status(200).send({ valid: rows.length, students: rows.filter((r) => r.role === "student").length });
      const actor = actorOf(req);
      if (!(req.headers.accept ?? "").includes(NDJSON)) {
        const { slips } = await enrolUsers(app.db, rows, actor, undefined, file.filename);
        return reply.status(201).send({ created: slips.length, slips });
      }
      // Streamed: the file is valid, so the answer is 201 and its last line says how it ended.
      const out = new PassThrough();
      const write = (e: UserImportEvent) => out.write(JSON.stringify(e) + "\n");
      write({ type: "progress", stage: "hashing", done: 0, total: rows.length });
      void enrolUsers(app.db, rows, actor, (p) => write({ type: "progress", ...p }), file.filename)
        .then(({ slips }) => write({ type: "result", created: slips.length, slips }))
        .catch((e: unknown) => {
          const status = e instanceof HttpError ? e.statusCode : 500;
          if (status === 500) req.log.error({ err: e }, "class list import failed");
          write({ type: "error", status, error: status === 500 ? "Something went wrong on the server. Please try again." : (e as Error).message });
        })
        .finally(() => out.end());
      return reply
        .status(201)
        .header("Content-Type", `${NDJSON}; charset=utf-8`)
        .header("X-Accel-Buffering", "no")
        .send(out as never);
    },
  );

  app.post(
    "/users/slips",
    guarded(ADMIN, {
      tags: ["users"],
      summary: "The printable sheet of the slips an import or a new user just answered (Word or CSV); nothing is stored",
      body: SlipSheetSchema,
    }),
    async (req, reply) => {
      const date = app.now().toISOString().slice(0, 10);
      const school = { name: app.config.schoolName, signInAt: signInAddress(app.config.publicUrl, req) };
      if (req.body.format === "csv") {
        return reply
          .header("Content-Type", "text/csv; charset=utf-8")
          .header("Content-Disposition", contentDisposition(`sign-in-slips-${date}.csv`))
          .send(slipsCsv(req.body.slips, school));
      }
      const doc = await slipsDocx(req.body.slips, app.now(), school);
      return reply
        .header("Content-Type", "application/vnd.openxmlformats-officedocument.wordprocessingml.document")
        .header("Content-Disposition", contentDisposition(`sign-in-slips-${date}.docx`))
        .send(doc);
    },
  );
};
