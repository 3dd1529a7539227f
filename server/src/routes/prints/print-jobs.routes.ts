import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** PDFs drawn in the worker pool with progress (issue 28, decision 050). */
export const printJobRoutes: FastifyPluginAsyncZod = async () => {};
