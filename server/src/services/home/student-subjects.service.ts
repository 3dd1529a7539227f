import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { StudentSubjectAverage } from "@adesua/domain";
import type { Queryable } from "../../db/client";
import { courses, quizzes, records } from "../../db/schema";
import type { Viewer } from "../../lib/viewer";

/** More subjects than a school teaches one student: a bound, not a page. */
const MAX_SUBJECTS = 50;

/**
 * The student home's performance section (issue 24): the student's own mean record score per course,
 * computed by the database (design habit 13) from their records (records_user_id_idx). A score the
 * student may not see yet is not in it: a quiz that keeps scores until it closes (show_score
 * 'after_close') counts only once its close time has passed (one without a close time never closes, so
 * never counts), and a draft's records never count (students never see drafts).
 */
export async function studentSubjectAverages(db: Queryable, viewer: Viewer): Promise<StudentSubjectAverage[]> {
  const rows = await db
    .select({
      courseId: courses.id,
      subject: courses.title,
      averageScore: sql<string>`round(avg(${records.score}), 2)`,
      records: sql<number>`count(${records.score})::int`.mapWith(Number),
    })
    .from(records)
    .innerJoin(quizzes, eq(quizzes.id, records.quizId))
    .innerJoin(courses, eq(courses.id, quizzes.courseId))
    .where(
      and(
        eq(records.userId, viewer.id),
        isNotNull(records.score),
        eq(quizzes.status, "published"),
        sql`(${quizzes.showScore} <> 'after_close' or ${quizzes.closeTime} <= now())`,
      ),
    )
    .groupBy(courses.id, courses.title)
    .orderBy(asc(courses.title), asc(courses.id))
    .limit(MAX_SUBJECTS);
  return rows.map((r) => ({ ...r, averageScore: Number(r.averageScore) }));
}
