import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AdminStatsSchema } from "@adesua/domain";
import { ADMIN } from "../../lib/access";
import { adminStats } from "../../services/home/admin-stats.service";

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/admin/dashboard/stats", { config: { access: ADMIN }, schema: { tags: ["admin"], response: { 200: AdminStatsSchema } } }, async () =>
    adminStats(app.db, app.config.dataDir, app.database.kind, app.now()),
  );
};
