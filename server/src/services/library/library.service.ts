import { and, eq, sql, type SQL } from "drizzle-orm";
import type { LibraryItem, LibraryItemType, LibraryList, PageQuery } from "@adesua/domain";
import type { Queryable } from "../../db/client";
import { attempts, courses, files, quizzes } from "../../db/schema";
import { escapeLike } from "../../lib/sql";
import { pageMeta, pageWindow } from "../../lib/pagination";
import type { Viewer } from "../../lib/viewer";
import { levelQuizSql, paperForStudentSql, quizColumnsOf, taughtQuizSql, type PaperAttempt } from "../../policies/quizzes.policy";

/**
 * The library (decision 026): every course material and quiz paper (PDF) the viewer may see, as one
 * SQL union so search, order and paging happen in the database.
 * - admins: all of them;
 * - teachers: the materials of the courses they teach, and the papers of the quizzes they see
 *   (made by them, or in a course they teach);
 * - students: the materials of the courses that set (published) quizzes for their level, and the papers of
 *   their level's quizzes as the quiz paper rule gives them (quiz.policy's paperRefusal, in SQL
 *   paperForStudentSql; decision 043): once the quiz has closed for everyone, or while an attempt of theirs
 *   at it runs; never a draft's. A paper is the quiz's questions, and a student meets those only inside an
 *   attempt while the quiz is open (spec README item 3).
 */
export function libraryItems(viewer: Viewer, now: Date): SQL {
  let materialScope: SQL = sql`true`;
  let paperScope: SQL = sql`true`;
  if (viewer.role === "teacher") {
    materialScope = sql`c.teacher_id = ${viewer.id}`;
    paperScope = taughtQuizSql(viewer.id, quizColumnsOf("q", "c"));
  } else if (viewer.role === "student") {
    const level = viewer.studentType;
    materialScope = level ? sql`exists (select 1 from ${quizzes} lq where lq.course_id = c.id and ${levelQuizSql(level, quizColumnsOf("lq"))})` : sql`false`;
    paperScope = level ? sql`${levelQuizSql(level, quizColumnsOf("q", "c"))} and ${paperForStudentSql(viewer.id, now)}` : sql`false`;
  }
  return sql`(
    select 'material' as type, c.id as item_id, f.name as title, c.id as course_id, c.title as course_title, f.name as file_name, f.size, f.created_at
      from ${courses} c join ${files} f on f.id = c.material_file_id
      where ${materialScope}
    union all
    select 'quiz-pdf' as type, q.id as item_id, q.title as title, c.id as course_id, c.title as course_title, f.name as file_name, f.size, f.created_at
      from ${quizzes} q join ${courses} c on c.id = q.course_id join ${files} f on f.id = q.pdf_file_id
      where ${paperScope}
  )`;
}

type Row = {
  type: LibraryItemType;
  item_id: number;
  title: string;
  course_id: number;
  course_title: string;
  file_name: string;
  size: number;
  created_at: Date | string;
  total: number;
};

function presentLibraryItem(r: Row): LibraryItem {
  return {
    id: `${r.type}-${r.item_id}`,
    title: r.title,
    type: r.type,
    course: { id: Number(r.course_id), title: r.course_title },
    fileName: r.file_name,
    size: Number(r.size),
    createdAt: new Date(r.created_at).toISOString(),
    downloadPath: r.type === "material" ? `/courses/${r.course_id}/material` : `/quizzes/${r.item_id}/pdf`,
  };
}

/** GET /library: newest first, searched by title, file name or course, one page with its total. */
export async function listLibrary(db: Queryable, viewer: Viewer, now: Date, q: PageQuery & { search?: string; type?: LibraryItemType }): Promise<LibraryList> {
  const where: SQL[] = [sql`true`];
  if (q.search) {
    const pattern = `%${escapeLike(q.search)}%`;
    where.push(sql`(i.title ilike ${pattern} or i.file_name ilike ${pattern} or i.course_title ilike ${pattern})`);
  }
  if (q.type) where.push(sql`i.type = ${q.type}`);
  const w = pageWindow(q);
  const res = await db.execute<Row>(sql`
    select i.*, (count(*) over ())::int as total from ${libraryItems(viewer, now)} i
    where ${sql.join(where, sql` and `)}
    order by i.created_at desc, i.type, i.item_id desc
    limit ${w.limit} offset ${w.offset}`);
  let total = res.rows[0]?.total ?? 0;
  if (!res.rows.length && q.page > 1) {
    const c = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${libraryItems(viewer, now)} i where ${sql.join(where, sql` and `)}`);
    total = c.rows[0].n;
  }
  return { data: res.rows.map(presentLibraryItem), pagination: pageMeta(q, Number(total)) };
}

/** How many library items of each type the viewer may see (the libraryStats report). */
export async function libraryCounts(db: Queryable, viewer: Viewer, now: Date): Promise<{ type: LibraryItemType; count: number }[]> {
  const res = await db.execute<{ type: LibraryItemType; n: number }>(
    sql`select i.type, count(*)::int as n from ${libraryItems(viewer, now)} i group by i.type`,
  );
  const by = new Map(res.rows.map((r) => [r.type, Number(r.n)]));
  return (["material", "quiz-pdf"] as const).map((type) => ({ type, count: by.get(type) ?? 0 }));
}

/**
 * The student's attempt at the quiz that is still in progress (at most one: attempts_one_open_key), for the quiz
 * paper rule on GET /quizzes/{id}/pdf and its link (quiz.policy's assertStudentMayHavePaper).
 */
export async function openAttemptOf(db: Queryable, quizId: number, userId: number): Promise<PaperAttempt> {
  const [row] = await db
    .select({ status: attempts.status, deadline: attempts.deadline })
    .from(attempts)
    .where(and(eq(attempts.quizId, quizId), eq(attempts.userId, userId), eq(attempts.status, "in_progress")))
    .limit(1);
  return row ?? null;
}
