import { sql } from "drizzle-orm";
import type { StudentSummary } from "@adesua/domain";
import type { Queryable } from "../db/client";
import { records } from "../db/schema";
import { quizzesOfLevel } from "./row-counts";
import type { Viewer } from "../lib/viewer";

/**
 * The student home's figures in one query (design habit 13: aggregates in the database): quizzes of
 * the student's level (kept by triggers, decision 033), distinct quizzes with a record, and the mean record score. A student without
 * a level sees no quizzes, as on GET /quizzes.
 */
export async function studentSummary(db: Queryable, viewer: Viewer): Promise<StudentSummary> {
  const [row] = await db
    .select({
      totalQuizzes: viewer.studentType ? quizzesOfLevel(viewer.studentType) : sql<number>`0`.mapWith(Number),
      completed: sql<number>`count(distinct ${records.quizId})::int`.mapWith(Number),
      averageScore: sql<string | null>`round(avg(${records.score}), 2)`,
    })
    .from(records)
    .where(sql`${records.userId} = ${viewer.id}`);
  const averageScore = row.averageScore === null ? null : Number(row.averageScore);
  return { totalQuizzes: row.totalQuizzes, completed: row.completed, pending: Math.max(0, row.totalQuizzes - row.completed), averageScore };
}
