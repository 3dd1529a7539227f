import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { StudentSummarySchema } from "@adesua/domain";
import { STUDENT } from "../../lib/access";
import { viewerOf } from "../../lib/viewer";
import { studentSummary } from "../../services/student.service";

export const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/students/me/summary", { config: { access: STUDENT }, schema: { tags: ["students"], response: { 200: StudentSummarySchema } } }, async (req) =>
    studentSummary(app.db, viewerOf(req)),
  );
};
