import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Guardians and the messages sent to them (issue 28, decision 050). */
export const guardianRoutes: FastifyPluginAsyncZod = async () => {};
