import { sql, type SQL } from "drizzle-orm";
import { TERM_MESSAGES, TERM_REPORT_MESSAGES } from "@adesua/domain";
import { conflict, forbidden } from "../lib/errors";
import type { Viewer } from "../lib/viewer";

/**
 * Terms and terminal reports (issue 28, decision 050). Admins write terms and their subjects; the subject's course
 * teacher changes its components and enters its marks; every staff member reads. A class's reports are released when
 * both its class teacher (a teacher or an admin) and its head teacher (an admin) have checked them: only then does a
 * student see their own report (never another's), and only then do the cards print without "preview".
 */

export const CHECK_ROLES = ["class_teacher", "head_teacher"] as const;
export type CheckRole = (typeof CHECK_ROLES)[number];

export const isStaff = (viewer: Viewer) => viewer.role === "admin" || viewer.role === "teacher";

export function canManageTerms(viewer: Viewer): boolean {
  return viewer.role === "admin";
}

export function assertCanManageTerms(viewer: Viewer): void {
  if (!canManageTerms(viewer)) throw forbidden();
}

/** Components of a subject: an admin, or the teacher of the subject's course. */
export function canEditSubject(viewer: Viewer, subject: { courseTeacherId: number | null }): boolean {
  if (viewer.role === "admin") return true;
  return viewer.role === "teacher" && subject.courseTeacherId !== null && subject.courseTeacherId === viewer.id;
}

export function assertCanEditSubject(viewer: Viewer, subject: { courseTeacherId: number | null }): void {
  if (!canEditSubject(viewer, subject)) throw forbidden(TERM_MESSAGES.notYourSubject);
}

/**
 * Marks and subject lines (adjusted class scores, remarks): as for the components, and any teacher when the subject
 * has no course (nobody else would keep it).
 */
export function canEnterSubjectMarks(viewer: Viewer, subject: { courseId: number | null; courseTeacherId: number | null }): boolean {
  if (canEditSubject(viewer, subject)) return true;
  return viewer.role === "teacher" && subject.courseId === null;
}

export function assertCanEnterSubjectMarks(viewer: Viewer, subject: { courseId: number | null; courseTeacherId: number | null }): void {
  if (!canEnterSubjectMarks(viewer, subject)) throw forbidden(TERM_MESSAGES.notYourSubject);
}

/** The head teacher's remark: an admin only. */
export function assertCanWriteHeadRemark(viewer: Viewer): void {
  if (viewer.role !== "admin") throw forbidden(TERM_MESSAGES.headOnly);
}

/** Checking a class's reports: class_teacher by any teacher or admin, head_teacher by an admin. */
export function canCheck(viewer: Viewer, role: CheckRole): boolean {
  if (role === "head_teacher") return viewer.role === "admin";
  return isStaff(viewer);
}

export function assertCanCheck(viewer: Viewer, role: CheckRole): void {
  if (!canCheck(viewer, role)) throw forbidden(role === "head_teacher" ? TERM_REPORT_MESSAGES.headTeacherOnly : undefined);
}

/** A student's own report: only once released. Staff see every class's reports at any time. */
export function assertCanSeeReports(viewer: Viewer, released: boolean): void {
  if (viewer.role === "student" && !released) throw forbidden(TERM_REPORT_MESSAGES.notChecked);
}

/**
 * The cards as PDF: a student their own after release (403 before); staff a class's after release, or before it
 * only as a preview (409 otherwise: the cards are not ready, not the caller's fault of permission).
 */
export function assertCanPrint(viewer: Viewer, released: boolean, preview: boolean): void {
  if (viewer.role === "student") {
    if (!released) throw forbidden(TERM_REPORT_MESSAGES.notChecked);
    return;
  }
  if (!released && !preview) throw conflict(TERM_REPORT_MESSAGES.notPrintable);
}

/** Whether a class is released: both checks given. */
export const isReleased = (roles: readonly string[]) => CHECK_ROLES.every((r) => roles.includes(r));

/**
 * The SQL twin of the student's term rule: a term whose reports of the student's class (its label, "JHS 2B") carry
 * both checks. `termId` is the terms.id column (or value) of the query.
 */
export function releasedForClassSql(termId: SQL, className: string): SQL {
  return sql`(select count(distinct tc.role) from term_checks tc where tc.term_id = ${termId} and tc.class_name = ${className}) = 2`;
}

/** Which terms a viewer sees: staff every one; a student those released to their class. */
export function termScopeSql(viewer: Viewer, className: string | null, termId: SQL): SQL | undefined {
  if (isStaff(viewer)) return undefined;
  if (viewer.role !== "student" || !className) return sql`false`;
  return releasedForClassSql(termId, className);
}
