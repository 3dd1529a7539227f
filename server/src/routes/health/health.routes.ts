import fs from "node:fs/promises";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HealthSchema } from "@adesua/domain";
import { pingDatabase } from "../../db/client";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    { config: { access: "public" }, schema: { tags: ["health"], security: [], response: { 200: HealthSchema, 503: HealthSchema } } },
    async (_req, reply) => {
      let database: { status: "ok" | "error"; latencyMs: number } = { status: "error", latencyMs: -1 };
      try {
        database = { status: "ok", latencyMs: await pingDatabase(app.db) };
      } catch {
        /* reported below */
      }
      let storage: "ok" | "error" = "ok";
      try {
        await fs.mkdir(app.config.dataDir, { recursive: true });
        await fs.access(app.config.dataDir, fs.constants.W_OK);
      } catch {
        storage = "error";
      }
      const ok = database.status === "ok" && storage === "ok";
      return reply.status(ok ? 200 : 503).send({
        status: ok ? "ok" : "degraded",
        database: { ...database, kind: app.database.kind },
        storage: { status: storage },
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
};
