import { sql, type SQL } from "drizzle-orm";
import { MOCK_MESSAGES, type StudentType } from "@adesua/domain";
import { forbidden, notFound } from "../lib/errors";
import type { Viewer } from "../lib/viewer";

/**
 * Mock examinations (issue 28, decision 050):
 * - admins create, change, grade, release and delete them, and enter any paper's marks;
 * - a teacher reads the mocks with a subject of theirs, and enters marks only for their subjects' papers. A subject
 *   is a teacher's when its course is theirs, or a quiz of one of its papers is in a course of theirs, or its name is
 *   (case and outer spaces ignored) the title of one of their courses;
 * - a student reads their own level's mocks (the timetable) and, once released, their own result; nothing else.
 * A mock a viewer may not read answers 404, as if absent.
 */
export function canManageMocks(viewer: Viewer): boolean {
  return viewer.role === "admin";
}

export function assertCanManageMocks(viewer: Viewer): void {
  if (!canManageMocks(viewer)) throw forbidden("Only admins can manage mocks");
}

/** The condition "this subject (`subject`: a mock_subjects alias) is the teacher's", in SQL. */
export function teacherSubjectSql(teacherId: number, subject = "ms"): SQL {
  const s = sql.raw(subject);
  return sql`exists (
    select 1 from courses c
    where c.teacher_id = ${teacherId}
      and (c.id = ${s}.course_id
           or lower(btrim(c.title)) = lower(btrim(${s}.name))
           or exists (select 1 from mock_papers tp join quizzes tq on tq.id = tp.quiz_id where tp.subject_id = ${s}.id and tq.course_id = c.id)))`;
}

/** The mocks (`mock`: a mocks alias) this viewer may read, in SQL. */
export function visibleMocksSql(viewer: Viewer, mock = "m"): SQL {
  const m = sql.raw(mock);
  if (viewer.role === "admin") return sql`true`;
  if (viewer.role === "teacher") return sql`exists (select 1 from mock_subjects ms where ms.mock_id = ${m}.id and ${teacherSubjectSql(viewer.id)})`;
  if (viewer.studentType) return sql`${m}.student_type = ${viewer.studentType}`;
  return sql`false`;
}

/** Whether a student may read a mock of this level (its timetable). */
export function studentMaySee(viewer: Viewer, level: StudentType | string): boolean {
  return viewer.role === "student" && viewer.studentType === level;
}

/** Marks entry: admins any paper; a teacher only the papers of their subjects (`mine`). Students never. */
export function assertCanEnterMarks(viewer: Viewer, mine: boolean): void {
  if (viewer.role === "admin") return;
  if (viewer.role === "teacher" && mine) return;
  if (viewer.role === "student") throw notFound(MOCK_MESSAGES.notFound);
  throw forbidden(MOCK_MESSAGES.notYourSubject);
}

/** Results: staff who may read the mock see the whole sitting; a student only their own row, once released. */
export function assertStudentMayReadResults(viewer: Viewer, released: boolean): void {
  if (viewer.role === "student" && !released) throw forbidden(MOCK_MESSAGES.notReleased);
}
