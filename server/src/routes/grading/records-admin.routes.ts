import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AdminRecordListQuerySchema, AdminRecordListResponseSchema, AdminRecordSchema, IdParamsSchema, OkSchema, RecordFormSchema } from "@adesua/domain";
import { actorOf } from "../../lib/context";
import { STAFF } from "../../lib/access";
import { guarded } from "../route-options";
import { viewerOf } from "../../lib/viewer";
import { createRecord, deleteRecord, getRecord, listAllRecords, updateRecord } from "../../services/grading/record-admin.service";

const tags = ["records"];

/** The records admin (issue 14, decision 022): teachers for the quizzes of their courses, admins all. GET /records (own records) is in records.routes.ts. */
export const recordAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/records/all", guarded(STAFF, { tags, querystring: AdminRecordListQuerySchema, response: { 200: AdminRecordListResponseSchema } }), async (req) =>
    listAllRecords(app.db, viewerOf(req), req.query),
  );

  app.get("/records/:id", guarded(STAFF, { tags, params: IdParamsSchema, response: { 200: AdminRecordSchema } }), async (req) =>
    getRecord(app.db, viewerOf(req), req.params.id),
  );

  app.post("/records", guarded(STAFF, { tags, body: RecordFormSchema, response: { 201: AdminRecordSchema } }), async (req, reply) =>
    reply.status(201).send(await createRecord(app.db, req.body, { viewer: viewerOf(req), actor: actorOf(req), now: app.now() })),
  );

  app.put("/records/:id", guarded(STAFF, { tags, params: IdParamsSchema, body: RecordFormSchema, response: { 200: AdminRecordSchema } }), async (req) =>
    updateRecord(app.db, req.params.id, req.body, { viewer: viewerOf(req), actor: actorOf(req), now: app.now() }),
  );

  app.delete("/records/:id", guarded(STAFF, { tags, params: IdParamsSchema, response: { 200: OkSchema } }), async (req) => {
    await deleteRecord(app.db, req.params.id, { viewer: viewerOf(req), actor: actorOf(req) });
    return { ok: true as const };
  });
};
