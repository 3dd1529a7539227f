import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AuditLogListSchema, AuditLogQuerySchema } from "@adesua/domain";
import { actorOf } from "../../lib/context";
import { ADMIN } from "../../lib/access";
import { clearAuditLogs, listAuditLogs } from "../../services/admin/audit-log.service";

export const logRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/logs",
    { config: { access: ADMIN }, schema: { tags: ["logs"], querystring: AuditLogQuerySchema, response: { 200: AuditLogListSchema } } },
    async (req) => listAuditLogs(app.db, req.query),
  );

  app.delete("/logs", { config: { access: ADMIN }, schema: { tags: ["logs"], response: { 200: z.object({ deleted: z.number().int() }) } } }, async (req) =>
    clearAuditLogs(app.db, actorOf(req)),
  );
};
