import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { TeacherHomeSchema, TeacherInsightListSchema, TeacherInsightQuerySchema } from "@adesua/domain";
import { TEACHER } from "../../lib/access";
import { viewerOf } from "../../lib/viewer";
import { insightStudents, teacherHome } from "../../services/home/teacher-home.service";

const tags = ["teachers"];

/** The teacher home (spec 001 "Teacher home"; decision 024). */
export const teacherRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/teachers/me/home", { config: { access: TEACHER }, schema: { tags, response: { 200: TeacherHomeSchema } } }, async (req) =>
    teacherHome(app.db, viewerOf(req), app.now()),
  );

  app.get(
    "/teachers/me/insights",
    { config: { access: TEACHER }, schema: { tags, querystring: TeacherInsightQuerySchema, response: { 200: TeacherInsightListSchema } } },
    async (req) => insightStudents(app.db, viewerOf(req), app.now(), req.query),
  );
};
