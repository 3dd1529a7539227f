import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SettingsResponseSchema, SettingsSchema } from "@adesua/domain";
import { actorOf } from "../../lib/context";
import { ADMIN } from "../../lib/access";
import { guarded } from "../route-options";
import { readSettings, writeSettings } from "../../services/admin/settings.service";

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { production: app.config.production };
  app.get(
    "/settings",
    guarded(ADMIN, {
      tags: ["settings"],
      description:
        "The school's settings. studentSignupOpen is the rule in force: until an admin chooses, closed under NODE_ENV=production or once a class list has been imported, open otherwise (decision 041).",
      response: { 200: SettingsResponseSchema },
    }),
    async () => readSettings(app.db, ctx),
  );

  app.put(
    "/settings",
    guarded(ADMIN, {
      tags: ["settings"],
      description: "Chooses whether students may sign themselves up; from then on the choice, not the default rule, decides (audited).",
      body: SettingsSchema,
      response: { 200: SettingsResponseSchema },
    }),
    async (req) => writeSettings(app.db, req.body, actorOf(req), ctx, app.now()),
  );
};
