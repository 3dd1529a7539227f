import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SettingsSchema } from "@adesua/domain";
import { actorOf } from "../../lib/context";
import { ADMIN } from "../../lib/access";
import { readSettings, writeSettings } from "../../services/settings.service";

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/settings", { config: { access: ADMIN }, schema: { tags: ["settings"], response: { 200: SettingsSchema } } }, async () => readSettings(app.db));

  app.put("/settings", { config: { access: ADMIN }, schema: { tags: ["settings"], body: SettingsSchema, response: { 200: SettingsSchema } } }, async (req) =>
    writeSettings(app.db, req.body, actorOf(req)),
  );
};
