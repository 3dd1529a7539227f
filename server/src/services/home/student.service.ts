import { sql } from "drizzle-orm";
import type { StudentSummary } from "@adesua/domain";
import type { Queryable } from "../../db/client";
import { quizzes, records } from "../../db/schema";
import { publishedOfLevel, scoreHiddenSql } from "../quizzes/quiz.service";
import type { Viewer } from "../../lib/viewer";

/**
 * The student home's figures in one query (design habit 13: aggregates in the database): the published quizzes of
 * the student's level (kept by triggers, decision 033, less the drafts: decision 040), distinct quizzes with a record,
 * and the mean record score, leaving out the scores a quiz still keeps from the student (decision 041). A student
 * without a level sees no quizzes, as on GET /quizzes.
 */
export async function studentSummary(db: Queryable, viewer: Viewer, now: Date): Promise<StudentSummary> {
  const [row] = await db
    .select({
      totalQuizzes: viewer.studentType ? publishedOfLevel(viewer.studentType) : sql<number>`0`.mapWith(Number),
      completed: sql<number>`count(distinct ${records.quizId})::int`.mapWith(Number),
      averageScore: sql<string | null>`round(avg(${records.score}) filter (where not ${scoreHiddenSql('"quizzes"', now.toISOString())}), 2)`,
    })
    .from(records)
    .innerJoin(quizzes, sql`${quizzes.id} = ${records.quizId}`)
    .where(sql`${records.userId} = ${viewer.id}`);
  const averageScore = row.averageScore === null ? null : Number(row.averageScore);
  return { totalQuizzes: row.totalQuizzes, completed: row.completed, pending: Math.max(0, row.totalQuizzes - row.completed), averageScore };
}
