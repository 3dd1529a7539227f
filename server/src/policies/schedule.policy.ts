import { SCHEDULE_MESSAGES } from "@adesua/domain";
import type { ScheduleEventRow } from "../db/schema";
import { forbidden } from "../lib/errors";
import type { Viewer } from "../lib/viewer";

/**
 * Who may see and change which event (issue 13, decision 016):
 * - see: admins every event; teachers school-wide events and those of courses they teach; students
 *   school-wide events and those of courses they take part in (a course with a quiz of their level);
 * - create: staff; a teacher only school-wide or for a course they teach;
 * - change or delete: admins any event; teachers only events they created.
 */
export function canEditEvent(viewer: Viewer, event: Pick<ScheduleEventRow, "createdBy">): boolean {
  if (viewer.role === "admin") return true;
  return viewer.role === "teacher" && event.createdBy === viewer.id;
}

export function assertCanCreateEvents(viewer: Viewer): void {
  if (viewer.role !== "admin" && viewer.role !== "teacher") throw forbidden(SCHEDULE_MESSAGES.studentsCannot);
}

export function assertCanEditEvent(viewer: Viewer, event: Pick<ScheduleEventRow, "createdBy">): void {
  assertCanCreateEvents(viewer);
  if (!canEditEvent(viewer, event)) throw forbidden(SCHEDULE_MESSAGES.notOwnEvent);
}

/** The course an event is attached to must be the teacher's own (null = school-wide, open to staff). */
export function assertCanUseCourse(viewer: Viewer, course: { teacherId: number | null } | null): void {
  assertCanCreateEvents(viewer);
  if (course && viewer.role === "teacher" && course.teacherId !== viewer.id) throw forbidden(SCHEDULE_MESSAGES.notOwnCourse);
}

/** Announcements are written and listed in full by the admin; every role reads the current ones and dismisses them for themselves. */
export function canManageAnnouncements(viewer: Viewer): boolean {
  return viewer.role === "admin";
}

export function assertCanManageAnnouncements(viewer: Viewer): void {
  if (!canManageAnnouncements(viewer)) throw forbidden("Only admins can manage announcements");
}
