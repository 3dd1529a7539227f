import { COURSE_MESSAGES } from "@adesua/domain";
import type { CourseRow } from "../db/schema";
import { forbidden } from "../lib/errors";
import type { Viewer } from "../lib/viewer";

/** Admins edit every course; teachers only the ones they teach. */
export function canEditCourse(viewer: Viewer, course: Pick<CourseRow, "teacherId">): boolean {
  if (viewer.role === "admin") return true;
  return viewer.role === "teacher" && course.teacherId === viewer.id;
}

export function assertCanCreateCourse(viewer: Viewer): void {
  if (viewer.role !== "admin" && viewer.role !== "teacher") throw forbidden();
}

export function assertCanEditCourse(viewer: Viewer, course: Pick<CourseRow, "teacherId">): void {
  if (viewer.role === "student") throw forbidden();
  if (!canEditCourse(viewer, course)) throw forbidden(COURSE_MESSAGES.editOwnOnly);
}

/** Assigning a teacher and deleting are the admin's. */
export function assertCanAssignTeacher(viewer: Viewer): void {
  if (viewer.role !== "admin") throw forbidden("Only admins can assign teachers");
}

export function assertCanDeleteCourse(viewer: Viewer): void {
  if (viewer.role !== "admin") throw forbidden("Only admins can delete courses");
}

/** The teacher a new course gets: a teacher who creates a course teaches it; an admin's starts unassigned. */
export function teacherOfNewCourse(viewer: Viewer): number | null {
  return viewer.role === "teacher" ? viewer.id : null;
}
