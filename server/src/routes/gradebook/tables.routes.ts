import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  IdParamsSchema,
  OkSchema,
  TableCellsResultSchema,
  TableCellsUpdateSchema,
  TableDataQuerySchema,
  TableDataResponseSchema,
  TableExportQuerySchema,
  TableFormSchema,
  TableListQuerySchema,
  TableListResponseSchema,
  TableSchema,
} from "@adesua/domain";
import { ADMIN, STAFF } from "../../lib/access";
import { guarded } from "../route-options";
import { actorOf } from "../../lib/context";
import { viewerOf } from "../../lib/viewer";
import { assertCanManageTables } from "../../policies/gradebook.policy";
import { contentDisposition } from "../../services/files/files.service";
import { createTable, deleteTable, listTables, loadUsableTable, presentLoaded, updateTable } from "../../services/gradebook/table.service";
import { saveCells, tableData } from "../../services/gradebook/table-data.service";
import { exportTable } from "../../services/gradebook/table-export.service";

const tags = ["tables"];

/** Gradebook tables (spec 000 table management; decision 024). */
export const tableRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/tables", guarded(STAFF, { tags, querystring: TableListQuerySchema, response: { 200: TableListResponseSchema } }), async (req) =>
    listTables(app.db, viewerOf(req), req.query),
  );

  app.post("/tables", guarded(ADMIN, { tags, body: TableFormSchema, response: { 201: TableSchema } }), async (req, reply) => {
    const viewer = viewerOf(req);
    assertCanManageTables(viewer);
    return reply.status(201).send(await createTable(app.db, viewer, req.body, actorOf(req)));
  });

  app.get("/tables/:id", guarded(STAFF, { tags, params: IdParamsSchema, response: { 200: TableSchema } }), async (req) =>
    presentLoaded(await loadUsableTable(app.db, viewerOf(req), req.params.id)),
  );

  app.put("/tables/:id", guarded(ADMIN, { tags, params: IdParamsSchema, body: TableFormSchema, response: { 200: TableSchema } }), async (req) => {
    const viewer = viewerOf(req);
    assertCanManageTables(viewer);
    return updateTable(app.db, viewer, req.params.id, req.body, actorOf(req));
  });

  app.delete("/tables/:id", guarded(ADMIN, { tags, params: IdParamsSchema, response: { 200: OkSchema } }), async (req) => {
    const viewer = viewerOf(req);
    assertCanManageTables(viewer);
    await deleteTable(app.db, viewer, req.params.id, actorOf(req));
    return { ok: true as const };
  });

  app.get(
    "/tables/:id/data",
    guarded(STAFF, { tags, params: IdParamsSchema, querystring: TableDataQuerySchema, response: { 200: TableDataResponseSchema } }),
    async (req) => tableData(app.db, viewerOf(req), req.params.id, req.query),
  );

  app.put(
    "/tables/:id/cells",
    guarded(STAFF, { tags, params: IdParamsSchema, body: TableCellsUpdateSchema, response: { 200: TableCellsResultSchema } }),
    async (req) => saveCells(app.db, viewerOf(req), req.params.id, req.body, actorOf(req)),
  );

  app.get("/tables/:id/export", guarded(STAFF, { tags, params: IdParamsSchema, querystring: TableExportQuerySchema }), async (req, reply) => {
    const file = await exportTable(app.db, viewerOf(req), req.params.id, req.query.format, app.now());
    return reply.header("Content-Type", file.contentType).header("Content-Disposition", contentDisposition(file.fileName)).send(file.body);
  });
};
