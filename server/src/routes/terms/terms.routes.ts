import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Terms and terminal reports (issue 28, decision 050). */
export const termRoutes: FastifyPluginAsyncZod = async () => {};
