import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/**
 * Paper sittings (issue 29, decision 051): print a quiz with answer sheets, scan the sheets back into submissions.
 * The calls are listed in domain/src/contracts/sittings/sitting.ts.
 */
export const sittingRoutes: FastifyPluginAsyncZod = async () => {};
