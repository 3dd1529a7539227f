import { eq } from "drizzle-orm";
import { COURSE_MESSAGES, type Course } from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { courses, files, users, type FileRow } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { assertCanEditCourse, teacherOfNewCourse } from "../../policies/courses.policy";
import { badRequest, notFound } from "../../lib/errors";
import type { Viewer } from "../../lib/viewer";
import { insertFileRow, type StoredPdf } from "../files/files.service";
import { deleteCourse, loadCourse, lockCourse } from "./course.service";

/** Creating, changing and deleting courses: each a transaction with its audit record. */

export const COURSE_NOT_FOUND = "Course not found";

type CourseValues = { title: string; description: string; removeMaterial?: boolean };

/** A course's material file: undefined when the course does not exist, null when it has none. */
export async function courseMaterial(db: Queryable, courseId: number): Promise<FileRow | null | undefined> {
  const [row] = await db.select({ file: files }).from(courses).leftJoin(files, eq(files.id, courses.materialFileId)).where(eq(courses.id, courseId)).limit(1);
  return row ? row.file : undefined;
}

/** POST /courses: the course and its material's file row. */
export async function createCourse(db: Db, viewer: Viewer, input: CourseValues, material: StoredPdf | null, actor: Actor): Promise<Course> {
  return db.transaction(async (tx) => {
    const file = material ? await insertFileRow(tx, material, viewer.id) : null;
    const [row] = await tx
      .insert(courses)
      .values({ title: input.title, description: input.description, teacherId: teacherOfNewCourse(viewer), materialFileId: file?.id ?? null })
      .returning({ id: courses.id });
    const created = (await loadCourse(tx, row.id))!;
    await recordAudit(tx, { entityType: "course", entityId: row.id, action: "create", actor, after: created });
    return created;
  });
}

/** PUT /courses/{id}: title and description, and a new material (the old file row goes) or none. */
export async function updateCourse(db: Db, viewer: Viewer, courseId: number, input: CourseValues, material: StoredPdf | null, actor: Actor): Promise<Course> {
  return db.transaction(async (tx) => {
    const locked = await lockCourse(tx, courseId);
    if (!locked) throw notFound(COURSE_NOT_FOUND);
    assertCanEditCourse(viewer, locked);
    const before = (await loadCourse(tx, locked.id))!;
    let materialFileId = locked.materialFileId;
    if (material) materialFileId = (await insertFileRow(tx, material, viewer.id)).id;
    else if (input.removeMaterial) materialFileId = null;
    await tx
      .update(courses)
      .set({ title: input.title, description: input.description, materialFileId, updatedAt: new Date() })
      .where(eq(courses.id, locked.id));
    if (locked.materialFileId !== null && locked.materialFileId !== materialFileId) {
      await tx.delete(files).where(eq(files.id, locked.materialFileId));
    }
    const after = (await loadCourse(tx, locked.id))!;
    await recordAudit(tx, { entityType: "course", entityId: locked.id, action: "update", actor, before, after });
    return after;
  });
}

/** PUT /courses/{id}/assign: the course's teacher (who must be a teacher). */
export async function assignTeacher(db: Db, courseId: number, teacherId: number, actor: Actor): Promise<Course> {
  return db.transaction(async (tx) => {
    const locked = await lockCourse(tx, courseId);
    if (!locked) throw notFound(COURSE_NOT_FOUND);
    const [teacher] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, teacherId)).limit(1);
    if (!teacher) throw badRequest(COURSE_MESSAGES.teacherNotFound);
    if (teacher.role !== "teacher") throw badRequest(COURSE_MESSAGES.notATeacher);
    await tx.update(courses).set({ teacherId: teacher.id, updatedAt: new Date() }).where(eq(courses.id, locked.id));
    await recordAudit(tx, {
      entityType: "course",
      entityId: locked.id,
      action: "update",
      actor,
      before: { teacherId: locked.teacherId },
      after: { teacherId: teacher.id },
    });
    return (await loadCourse(tx, locked.id))!;
  });
}

/** DELETE /courses/{id}: the course, its quizzes and their file rows. */
export async function removeCourse(db: Db, courseId: number, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockCourse(tx, courseId);
    if (!locked) throw notFound(COURSE_NOT_FOUND);
    const before = (await loadCourse(tx, locked.id))!;
    await deleteCourse(tx, locked.id);
    await recordAudit(tx, { entityType: "course", entityId: locked.id, action: "delete", actor, before });
  });
}
