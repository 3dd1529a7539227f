import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  GuardianMessageListQuerySchema,
  GuardianMessageListSchema,
  GuardianSchema,
  GuardiansInputSchema,
  IdParamsSchema,
  MessagesInputSchema,
  MessagesResultSchema,
} from "@adesua/domain";
import { ADMIN } from "../../lib/access";
import { actorOf } from "../../lib/context";
import { smsGatewayFrom } from "../../lib/sms";
import { viewerOf } from "../../lib/viewer";
import { listGuardians, putGuardians } from "../../services/guardians/guardians.service";
import { listMessages, sendMockMessages, sendTermMessages, type MessageDeps } from "../../services/guardians/messages.service";
import { guarded } from "../route-options";

/** Guardians and the messages sent to them (issue 28, decision 050). */
export const guardianRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): MessageDeps => ({ db: app.db, storage: app.storage, gateway: smsGatewayFrom(app.config), now: () => app.now() });

  app.get(
    "/users/:id/guardians",
    guarded(["admin", "student"], {
      tags: ["guardians"],
      summary: "A student's guardians (an admin; the student themself)",
      params: IdParamsSchema,
      response: { 200: z.array(GuardianSchema) },
    }),
    async (req) => listGuardians(app.db, viewerOf(req), req.params.id),
  );

  app.put(
    "/users/:id/guardians",
    guarded(ADMIN, {
      tags: ["guardians"],
      summary: "Replace a student's guardians (at most two; phones as +233…)",
      params: IdParamsSchema,
      body: GuardiansInputSchema,
      response: { 200: z.array(GuardianSchema) },
    }),
    async (req) => putGuardians(app.db, req.params.id, req.body, actorOf(req)),
  );

  app.post(
    "/mocks/:id/messages",
    guarded(ADMIN, {
      tags: ["guardians"],
      summary: "Text each guardian the mock's result (after release; to a CSV when no SMS gateway is set)",
      params: IdParamsSchema,
      body: MessagesInputSchema,
      response: { 200: MessagesResultSchema },
    }),
    async (req) => sendMockMessages(deps(), viewerOf(req), req.params.id, req.body, actorOf(req)),
  );

  app.post(
    "/terms/:id/messages",
    guarded(ADMIN, {
      tags: ["guardians"],
      summary: "Text each guardian the term's report (released classes; to a CSV when no SMS gateway is set)",
      params: IdParamsSchema,
      body: MessagesInputSchema,
      response: { 200: MessagesResultSchema },
    }),
    async (req) => sendTermMessages(deps(), viewerOf(req), req.params.id, req.body, actorOf(req)),
  );

  app.get(
    "/guardian-messages",
    guarded(ADMIN, {
      tags: ["guardians"],
      summary: "Messages sent, failed or exported, newest first",
      querystring: GuardianMessageListQuerySchema,
      response: { 200: GuardianMessageListSchema },
    }),
    async (req) => listMessages(app.db, req.query),
  );
};
