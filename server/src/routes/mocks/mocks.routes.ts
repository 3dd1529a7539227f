import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** Mock BECE examinations: timetable, marks, grading, release, results (issue 28, decision 050). */
export const mockRoutes: FastifyPluginAsyncZod = async () => {};
