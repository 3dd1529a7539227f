import { and, asc, count, eq, getTableColumns, ilike, inArray, isNotNull, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Course, CourseStats } from "@adesua/domain";
import type { Queryable } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { carriedTotal, pageWindow } from "../../lib/pagination";
import { courses, files, quizzes, users } from "../../db/schema";
import { presentCourse, type CourseJoined } from "./course.presenter";
import { escapeLike } from "../../lib/sql";
import { countedRows } from "../admin/row-counts";

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

const ph = sql.placeholder;

/**
 * The list query for one combination of filters, values as placeholders: built once, run as a
 * prepared statement. The page and its total come from one pass over `courses` (a window count
 * over the filtered rows, so a search runs once per row); the teacher and file are joined to the
 * page's rows only. One round trip per page.
 */
/** The list's filter: `q` is a LIKE pattern, each value a placeholder (page query) or a real value (separate count). */
function courseListWhere(q: string | SQLWrapper | null, teacherId: number | SQLWrapper | null): SQL | undefined {
  const where: SQL[] = [];
  if (q !== null) where.push(or(ilike(courses.title, q), ilike(courses.description, q))!);
  if (teacherId !== null) where.push(eq(courses.teacherId, teacherId));
  return where.length ? and(...where) : undefined;
}

function buildCourseListQuery(db: Queryable, search: boolean, teacher: boolean, name: string) {
  const page = db
    // Unfiltered, the count is kept by triggers (decision 033) and the page is a LIMIT on courses_title_idx.
    .select({ ...getTableColumns(courses), total: (search || teacher ? sql<number>`(count(*) over ())::int` : countedRows("courses")).as("total") })
    .from(courses)
    .where(courseListWhere(search ? ph("q") : null, teacher ? ph("teacherId") : null))
    .orderBy(asc(courses.title), asc(courses.id))
    .limit(ph("limit"))
    .offset(ph("offset"))
    .as("page");
  return db
    .select({
      course: {
        id: page.id,
        title: page.title,
        description: page.description,
        teacherId: page.teacherId,
        materialFileId: page.materialFileId,
        createdAt: page.createdAt,
        updatedAt: page.updatedAt,
      },
      teacher: { id: users.id, name: users.name },
      material: { name: files.name, size: files.size },
      total: page.total,
    })
    .from(page)
    .leftJoin(users, eq(users.id, page.teacherId))
    .leftJoin(files, eq(files.id, page.materialFileId))
    .orderBy(asc(page.title), asc(page.id))
    .prepare(name);
}

/** One page sorted by title, filtered in SQL, with the total of all matching rows. */
export async function listCourses(db: Queryable, f: CourseFilter): Promise<{ data: Course[]; total: number }> {
  const search = Boolean(f.search);
  const teacher = f.teacherId !== undefined;
  const name = `course_list_${+search}${+teacher}`;
  const query = preparedOnce(db, name, () => buildCourseListQuery(db, search, teacher, name));
  const q = search ? `%${escapeLike(f.search!)}%` : null;
  const rows = await query.execute({
    q,
    teacherId: f.teacherId ?? null,
    ...pageWindow(f),
  });
  // Past the last page no row carries the total: count separately (rare).
  const total = await carriedTotal(
    rows,
    f,
    async () =>
      (
        await db
          .select({ total: count() })
          .from(courses)
          .where(courseListWhere(q, f.teacherId ?? null))
      )[0].total,
  );
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
