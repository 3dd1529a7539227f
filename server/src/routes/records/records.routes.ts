import { and, count, desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { RecordListQuerySchema, RecordListResponseSchema } from "@adesua/domain";
import { courses, quizzes, records, users } from "../../db/schema";
import { ANY_SIGNED_IN } from "../../lib/access";
import { assertCanListRecordsOf } from "../../policies/attempt.policy";
import { presentRecord } from "../../presenters/record";
import { viewerOf } from "../../lib/viewer";

export const recordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/records",
    { config: { access: ANY_SIGNED_IN }, schema: { tags: ["records"], querystring: RecordListQuerySchema, response: { 200: RecordListResponseSchema } } },
    async (req) => {
      const viewer = viewerOf(req);
      const { userId = viewer.id, quizId, page, limit } = req.query;
      const [target] =
        userId === viewer.id ? [{ role: viewer.role as string }] : await app.db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
      assertCanListRecordsOf(viewer, userId, target ?? null);
      const cond = and(eq(records.userId, userId), quizId ? eq(records.quizId, quizId) : undefined);
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select({
            record: records,
            quiz: { id: quizzes.id, title: quizzes.title, maxAttempts: quizzes.maxAttempts },
            course: { id: courses.id, title: courses.title },
          })
          .from(records)
          .innerJoin(quizzes, eq(quizzes.id, records.quizId))
          .innerJoin(courses, eq(courses.id, quizzes.courseId))
          .where(cond)
          .orderBy(desc(records.createdAt), desc(records.id))
          .limit(limit)
          .offset((page - 1) * limit),
        app.db.select({ total: count() }).from(records).where(cond),
      ]);
      return { data: rows.map(presentRecord), pagination: { total, page, limit } };
    },
  );
};
