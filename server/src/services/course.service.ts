import { and, asc, count, eq, ilike, inArray, isNotNull, or, type SQL } from "drizzle-orm";
import type { Course, CourseStats } from "@adesua/domain";
import type { Queryable } from "../db/client";
import { courses, files, quizzes, users } from "../db/schema";
import { presentCourse, type CourseJoined } from "../presenters/course";
import { escapeLike } from "../lib/sql";

function selectCourses(db: Queryable) {
  return db
    .select({
      course: courses,
      teacher: { id: users.id, name: users.name },
      material: { name: files.name, size: files.size },
    })
    .from(courses)
    .leftJoin(users, eq(users.id, courses.teacherId))
    .leftJoin(files, eq(files.id, courses.materialFileId));
}

export async function findCourse(db: Queryable, id: number): Promise<CourseJoined | null> {
  const [row] = await selectCourses(db).where(eq(courses.id, id)).limit(1);
  return row ?? null;
}

export async function loadCourse(db: Queryable, id: number): Promise<Course | null> {
  const row = await findCourse(db, id);
  return row ? presentCourse(row) : null;
}

export type CourseFilter = { page: number; limit: number; search?: string; teacherId?: number };

/** One page sorted by title, filtered and counted in SQL. */
export async function listCourses(db: Queryable, f: CourseFilter): Promise<{ data: Course[]; total: number }> {
  const where: SQL[] = [];
  if (f.search) {
    const q = `%${escapeLike(f.search)}%`;
    where.push(or(ilike(courses.title, q), ilike(courses.description, q))!);
  }
  if (f.teacherId !== undefined) where.push(eq(courses.teacherId, f.teacherId));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    selectCourses(db).where(cond).orderBy(asc(courses.title), asc(courses.id)).limit(f.limit).offset((f.page - 1) * f.limit),
    db.select({ total: count() }).from(courses).where(cond),
  ]);
  return { data: rows.map(presentCourse), total };
}

export async function courseStats(db: Queryable): Promise<CourseStats> {
  const [row] = await db.select({ total: count(), assigned: count(courses.teacherId) }).from(courses);
  return { total: row.total, assigned: row.assigned, unassigned: row.total - row.assigned };
}

/** How many courses a teacher teaches (a teacher with none may not create quizzes). */
export async function countTaughtCourses(db: Queryable, teacherId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(courses).where(eq(courses.teacherId, teacherId));
  return n;
}

/**
 * Deletes a course, its quizzes (by cascade) and the file rows that belonged only to them.
 * The bytes stay in storage: they are content-addressed and may be shared with other rows.
 */
export async function deleteCourse(tx: Queryable, id: number): Promise<void> {
  const [course] = await tx.select({ materialFileId: courses.materialFileId }).from(courses).where(eq(courses.id, id));
  const quizFiles = await tx
    .select({ id: quizzes.pdfFileId })
    .from(quizzes)
    .where(and(eq(quizzes.courseId, id), isNotNull(quizzes.pdfFileId)));
  await tx.delete(courses).where(eq(courses.id, id));
  const fileIds = [course?.materialFileId, ...quizFiles.map((q) => q.id)].filter((x): x is number => typeof x === "number");
  if (fileIds.length) await tx.delete(files).where(inArray(files.id, fileIds));
}

/** Locks the course row for the rest of the transaction (update, assign, delete). */
export async function lockCourse(tx: Queryable, id: number) {
  const [row] = await tx.select().from(courses).where(eq(courses.id, id)).for("update");
  return row ?? null;
}

