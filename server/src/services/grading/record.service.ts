import { and, count, desc, eq, sql } from "drizzle-orm";
import type { PageMeta, PageQuery, QuizRecord } from "@adesua/domain";
import type { Db } from "../../db/client";
import { courses, quizzes, records, users } from "../../db/schema";
import { assertCanListRecordsOf, recordsOnlyOfTeacher } from "../../policies/grading.policy";
import { quizColumnsOf, taughtQuizSql } from "../../policies/quizzes.policy";
import { presentRecord } from "./record.presenter";
import { pageWithCount } from "../../lib/pagination";
import type { Viewer } from "../../lib/viewer";
import { scoreHiddenSql } from "../quizzes/quiz.service";

/** GET /records: a user's records (the viewer's own by default), newest first, after the record policy. */
export async function listRecords(
  db: Db,
  viewer: Viewer,
  q: PageQuery & { userId?: number; quizId?: number },
  now: Date,
): Promise<{ data: QuizRecord[]; pagination: PageMeta }> {
  const userId = q.userId ?? viewer.id;
  const [target] =
    userId === viewer.id ? [{ role: viewer.role as string }] : await db.select({ role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  assertCanListRecordsOf(viewer, userId, target ?? null);
  const teacherId = recordsOnlyOfTeacher(viewer, userId);
  const ownQuizzes =
    teacherId === null
      ? undefined
      : sql`${records.quizId} in (select q.id from ${quizzes} q join ${courses} c on c.id = q.course_id where ${taughtQuizSql(teacherId, quizColumnsOf("q", "c"))})`;
  const cond = and(eq(records.userId, userId), q.quizId ? eq(records.quizId, q.quizId) : undefined, ownQuizzes);
  const { rows, meta } = await pageWithCount(
    q,
    (w) =>
      db
        .select({
          record: records,
          quiz: { id: quizzes.id, title: quizzes.title, maxAttempts: quizzes.maxAttempts },
          course: { id: courses.id, title: courses.title },
          // A student's own score waits for the quiz's close when the quiz says so (decision 041); staff always see it.
          hidden:
            viewer.role === "student" ? sql<boolean>`${scoreHiddenSql('"quizzes"', now.toISOString())}`.mapWith(Boolean) : sql<boolean>`false`.mapWith(Boolean),
        })
        .from(records)
        .innerJoin(quizzes, eq(quizzes.id, records.quizId))
        .innerJoin(courses, eq(courses.id, quizzes.courseId))
        .where(cond)
        .orderBy(desc(records.createdAt), desc(records.id))
        .limit(w.limit)
        .offset(w.offset),
    async () => (await db.select({ total: count() }).from(records).where(cond))[0].total,
  );
  return { data: rows.map(({ hidden, ...r }) => presentRecord(r, hidden)), pagination: meta };
}
