import { and, asc, count, eq, ilike, type SQL } from "drizzle-orm";
import { classLabel, SITTING_MESSAGES as M, type SittingStudentList, type SittingStudentsQuery, type StudentType } from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { users } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { pageWithCount } from "../../lib/pagination";
import { escapeLike } from "../../lib/sql";
import type { Viewer } from "../../lib/viewer";
import { loadSittingFor } from "./sitting-load";

/**
 * A sitting's students (issue 29, decision 051): the active students of the quiz's level, of the sitting's stream
 * when it has one. The same students get a named sheet (the print), are counted on the sitting, are listed for a
 * blank sheet, and are the only students a blank sheet may be given to.
 */

/** The students of a sitting's class, as a WHERE on `users`. */
export function sittingStudentsWhere(level: string, stream: string | null): SQL {
  const cond = and(eq(users.role, "student"), eq(users.status, "active"), eq(users.studentType, level), stream ? eq(users.stream, stream) : undefined);
  return cond as SQL;
}

/** GET /sittings/{id}/students: the class's students by name (search: part of the name, any case), paginated in SQL. */
export async function listSittingStudents(db: Db, viewer: Viewer, sittingId: number, q: SittingStudentsQuery): Promise<SittingStudentList> {
  const { sitting, quiz } = await loadSittingFor(db, viewer, sittingId);
  const where = and(sittingStudentsWhere(quiz.studentType, sitting.stream), q.search ? ilike(users.name, `%${escapeLike(q.search)}%`) : undefined);
  const { rows, meta } = await pageWithCount(
    q,
    (w) =>
      db
        .select({ id: users.id, name: users.name, level: users.studentType, stream: users.stream })
        .from(users)
        .where(where)
        .orderBy(asc(users.name), asc(users.id))
        .limit(w.limit)
        .offset(w.offset),
    async () => (await db.select({ total: count() }).from(users).where(where))[0].total,
  );
  return { data: rows.map((r) => ({ id: r.id, name: r.name, class: classLabel(r.level as StudentType | null, r.stream) })), pagination: meta };
}

/** A student the sitting lists (GET /sittings/{id}/students without a search), else 400. */
export async function assertSittingStudent(db: Queryable, studentId: number, level: string, stream: string | null): Promise<void> {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, studentId), sittingStudentsWhere(level, stream)))
    .limit(1);
  if (!u) throw badRequest(M.studentNotInLevel);
}
