import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The school's name, crest and assessment settings (issue 28, decision 050). */
export const schoolRoutes: FastifyPluginAsyncZod = async () => {};
