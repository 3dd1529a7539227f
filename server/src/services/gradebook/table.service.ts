import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { TABLE_MESSAGES as M, columnMax, type PageMeta, type PageQuery, type Table, type TableForm } from "@adesua/domain";
import type { Db, Queryable, Tx } from "../../db/client";
import { courses, gradebookCells, gradebooks, type GradebookColumn, type GradebookRow } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { pageWithCount } from "../../lib/pagination";
import type { Viewer } from "../../lib/viewer";
import { canUseTable } from "../../policies/gradebook.policy";
import { presentTable } from "./table.presenter";
import { MARK_PATTERN } from "./table-marks";

/** Gradebook tables: list, load, create, change, delete (decision 024). Marks are in table-data.service.ts. */

const COURSE_NOT_FOUND = "Course not found";

/** A table with what its policy and presenter need. */
export type LoadedTable = { row: GradebookRow; course: { id: number; title: string } | null; courseTeacherId: number | null };

const tableColumns = { row: gradebooks, courseId: courses.id, courseTitle: courses.title, courseTeacherId: courses.teacherId };

const loaded = (r: { row: GradebookRow; courseId: number | null; courseTitle: string | null; courseTeacherId: number | null }): LoadedTable => ({
  row: r.row,
  course: r.courseId !== null && r.courseTitle !== null ? { id: r.courseId, title: r.courseTitle } : null,
  courseTeacherId: r.courseTeacherId,
});

/** The tables a viewer may use, in SQL (the policy's rule: admins all; teachers public ones and their courses' private ones). */
function visibleTo(viewer: Viewer): SQL | undefined {
  if (viewer.role === "admin") return undefined;
  return or(eq(gradebooks.accessLevel, "public"), eq(courses.teacherId, viewer.id));
}

/** GET /tables: the tables the viewer may use, by name. */
export async function listTables(db: Db, viewer: Viewer, q: PageQuery & { search?: string }): Promise<{ data: Table[]; pagination: PageMeta }> {
  const cond = and(visibleTo(viewer), q.search ? ilike(gradebooks.name, `%${q.search.replace(/[\\%_]/g, "\\$&")}%`) : undefined);
  const { rows, meta } = await pageWithCount(
    q,
    (w) =>
      db
        .select(tableColumns)
        .from(gradebooks)
        .leftJoin(courses, eq(courses.id, gradebooks.courseId))
        .where(cond)
        .orderBy(asc(gradebooks.name), asc(gradebooks.id))
        .limit(w.limit)
        .offset(w.offset),
    async () => (await db.select({ total: count() }).from(gradebooks).leftJoin(courses, eq(courses.id, gradebooks.courseId)).where(cond))[0].total,
  );
  return { data: rows.map((r) => presentLoaded(loaded(r))), pagination: meta };
}

export const presentLoaded = (t: LoadedTable) => presentTable(t.row, t.course);

async function selectTable(db: Queryable, id: number, lock: boolean): Promise<LoadedTable | null> {
  const base = db.select(tableColumns).from(gradebooks).leftJoin(courses, eq(courses.id, gradebooks.courseId)).where(eq(gradebooks.id, id)).limit(1);
  const [r] = lock ? await base.for("update", { of: gradebooks }) : await base;
  return r ? loaded(r) : null;
}

/** A table the viewer may use, or 404 (a private table of another course is not revealed). */
export async function loadUsableTable(db: Queryable, viewer: Viewer, id: number, lock = false): Promise<LoadedTable> {
  const t = await selectTable(db, id, lock);
  if (!t || !canUseTable(viewer, { accessLevel: t.row.accessLevel, courseTeacherId: t.courseTeacherId })) throw notFound(M.notFound);
  return t;
}

async function assertCourse(db: Queryable, courseId: number | null | undefined): Promise<void> {
  if (courseId == null) return;
  const [c] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!c) throw badRequest(COURSE_NOT_FOUND);
}

const keyNumber = (key: string) => (/^c(\d+)$/.exec(key) ? Number(key.slice(1)) : 0);

/**
 * The stored columns for a form's columns: kept columns keep their key (marks follow renames), new
 * ones get the next free `cN`. On create every column is new (keys sent are ignored).
 */
export function assignColumnKeys(input: TableForm["columns"], existing: GradebookColumn[] | null): GradebookColumn[] {
  const known = new Set((existing ?? []).map((c) => c.key));
  let next = Math.max(0, ...(existing ?? []).map((c) => keyNumber(c.key)));
  return input.map((c) => {
    if (existing && c.key) {
      if (!known.has(c.key)) throw badRequest(M.unknownKey);
      return { key: c.key, name: c.name, type: c.type, outOf: c.type === "number" ? (c.outOf ?? null) : null };
    }
    return { key: `c${++next}`, name: c.name, type: c.type, outOf: c.type === "number" ? (c.outOf ?? null) : null };
  });
}

const values = (input: TableForm, columns: GradebookColumn[]) => ({
  name: input.name,
  description: input.description,
  type: input.type,
  columns,
  accessLevel: input.accessLevel,
  studentType: input.studentType ?? null,
  courseId: input.courseId ?? null,
});

/** POST /tables (admin). */
export async function createTable(db: Db, viewer: Viewer, input: TableForm, actor: Actor): Promise<Table> {
  return db.transaction(async (tx) => {
    await assertCourse(tx, input.courseId);
    const [row] = await tx
      .insert(gradebooks)
      .values({ ...values(input, assignColumnKeys(input.columns, null)), createdBy: viewer.id })
      .returning({ id: gradebooks.id });
    const created = presentLoaded((await selectTable(tx, row.id, false))!);
    await recordAudit(tx, { entityType: "table", entityId: row.id, action: "create", actor, after: created });
    return created;
  });
}

/**
 * Marks already entered must still fit a column that changes: a text column made a number column, a
 * lower "out of", or a column moved first (the first column is the student's name and holds none).
 */
async function assertMarksFit(tx: Tx, tableId: number, before: GradebookColumn[], after: GradebookColumn[]): Promise<void> {
  const old = new Map(before.map((c) => [c.key, c]));
  for (const [i, c] of after.entries()) {
    const prev = old.get(c.key);
    if (!prev) continue;
    const here = and(eq(gradebookCells.tableId, tableId), eq(gradebookCells.columnKey, c.key));
    if (i === 0) {
      const [has] = await tx.select({ n: count() }).from(gradebookCells).where(here);
      if (has.n > 0) throw conflict(`${c.name} holds marks: it cannot become the first column, which names the student`);
      continue;
    }
    if (c.type !== "number" || (prev.type === "number" && columnMax(c) >= columnMax(prev))) continue;
    const [bad] = await tx
      .select({ n: count() })
      .from(gradebookCells)
      .where(and(here, sql`(${gradebookCells.value} !~ ${MARK_PATTERN.source} or ${gradebookCells.value}::numeric > ${columnMax(c)})`));
    if (bad.n > 0) throw conflict(`${c.name} holds ${bad.n} entr${bad.n === 1 ? "y" : "ies"} that are not marks from 0 to ${columnMax(c)}`);
  }
}

/** PUT /tables/{id} (admin): the whole table as sent; marks of removed columns go with them. */
export async function updateTable(db: Db, viewer: Viewer, id: number, input: TableForm, actor: Actor): Promise<Table> {
  return db.transaction(async (tx) => {
    const t = await loadUsableTable(tx, viewer, id, true);
    await assertCourse(tx, input.courseId);
    const columns = assignColumnKeys(input.columns, t.row.columns);
    await assertMarksFit(tx, id, t.row.columns, columns);
    const removed = t.row.columns.map((c) => c.key).filter((k) => !columns.some((c) => c.key === k));
    if (removed.length) await tx.delete(gradebookCells).where(and(eq(gradebookCells.tableId, id), inArray(gradebookCells.columnKey, removed)));
    // A narrower level leaves marks of students outside it hidden, not lost: widening it again shows them.
    await tx
      .update(gradebooks)
      .set({ ...values(input, columns), updatedAt: new Date() })
      .where(eq(gradebooks.id, id));
    const after = presentLoaded((await selectTable(tx, id, false))!);
    await recordAudit(tx, { entityType: "table", entityId: id, action: "update", actor, before: presentLoaded(t), after });
    return after;
  });
}

/** DELETE /tables/{id} (admin): the table and every mark in it. */
export async function deleteTable(db: Db, viewer: Viewer, id: number, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const t = await loadUsableTable(tx, viewer, id, true);
    const [cells] = await tx.select({ n: count() }).from(gradebookCells).where(eq(gradebookCells.tableId, id));
    await tx.delete(gradebooks).where(eq(gradebooks.id, id));
    await recordAudit(tx, { entityType: "table", entityId: id, action: "delete", actor, before: { ...presentLoaded(t), cells: cells.n } });
  });
}
