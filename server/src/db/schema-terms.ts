import { sql } from "drizzle-orm";
import { check, date, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
// Lazy references only (`() => users.id`): this module and schema.ts import each other.
import { courses, quizzes, users } from "./schema";
import { gradebooks } from "./schema-gradebook";
import { mockPapers } from "./schema-mocks";

/** Terms and terminal reports (issue 28, decision 050), exported through schema.ts. */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const day = (name: string) => date(name, { mode: "string" });

/** A school term: its dates, the weights of class and exam scores, and where positions are counted. */
export const terms = pgTable(
  "terms",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** 1, 2 or 3: the third term's reports carry promotion. */
    number: integer("number").notNull().default(1),
    startsOn: day("starts_on").notNull(),
    endsOn: day("ends_on").notNull(),
    nextTermBegins: day("next_term_begins"),
    /** Percent of the total from the class score (default 30) and from the exam (default 70). */
    classWeight: numeric("class_weight", { precision: 5, scale: 2, mode: "number" }).notNull().default(30),
    examWeight: numeric("exam_weight", { precision: 5, scale: 2, mode: "number" }).notNull().default(70),
    /** class: positions within JHS 2B; level: within all of JHS 2. */
    positionScope: text("position_scope").notNull().default("class"),
    /** Days the school opened this term ("present N out of M days"); a student's own total may differ. */
    attendanceDays: integer("attendance_days"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("terms_starts_idx").on(t.startsOn, t.id),
    check("terms_number_check", sql`${t.number} in (1, 2, 3)`),
    check("terms_dates_check", sql`${t.endsOn} >= ${t.startsOn}`),
    check("terms_position_scope_check", sql`${t.positionScope} in ('class','level')`),
    check("terms_weights_check", sql`${t.classWeight} >= 0 and ${t.examWeight} >= 0 and ${t.classWeight} + ${t.examWeight} = 100`),
  ],
);

/** A subject on a level's reports for a term. */
export const termSubjects = pgTable(
  "term_subjects",
  {
    id: serial("id").primaryKey(),
    termId: integer("term_id")
      .notNull()
      .references(() => terms.id, { onDelete: "cascade" }),
    /** The level whose reports carry it. */
    studentType: text("student_type").notNull(),
    name: text("name").notNull(),
    /** The course whose teacher keeps its scores (optional). */
    courseId: integer("course_id").references(() => courses.id, { onDelete: "set null" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("term_subjects_term_idx").on(t.termId, t.studentType, t.position),
    index("term_subjects_course_idx").on(t.courseId),
    check("term_subjects_student_type_check", sql`${t.studentType} in ('jhs1','jhs2','jhs3')`),
  ],
);

/**
 * What makes up a subject's class score (part = class) or exam score (part = exam): a quiz (the student's best
 * score), a gradebook column, a mock paper, or marks entered here. Each counts as a percentage, by its weight.
 */
export const termComponents = pgTable(
  "term_components",
  {
    id: serial("id").primaryKey(),
    subjectId: integer("subject_id")
      .notNull()
      .references(() => termSubjects.id, { onDelete: "cascade" }),
    part: text("part").notNull(),
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    quizId: integer("quiz_id").references(() => quizzes.id, { onDelete: "cascade" }),
    gradebookId: integer("gradebook_id").references(() => gradebooks.id, { onDelete: "cascade" }),
    columnKey: text("column_key"),
    mockPaperId: integer("mock_paper_id").references(() => mockPapers.id, { onDelete: "cascade" }),
    /** Marks available (marks and gradebook kinds; a quiz or mock paper counts by its percentage). */
    outOf: numeric("out_of", { precision: 7, scale: 2, mode: "number" }).notNull().default(100),
    weight: numeric("weight", { precision: 6, scale: 2, mode: "number" }).notNull().default(1),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("term_components_subject_idx").on(t.subjectId, t.part, t.position),
    index("term_components_quiz_idx").on(t.quizId),
    index("term_components_gradebook_idx").on(t.gradebookId),
    index("term_components_mock_paper_idx").on(t.mockPaperId),
    check("term_components_part_check", sql`${t.part} in ('class','exam')`),
    check("term_components_kind_check", sql`${t.kind} in ('quiz','gradebook','mock','marks')`),
    check("term_components_out_of_check", sql`${t.outOf} > 0`),
    check("term_components_weight_check", sql`${t.weight} >= 0`),
  ],
);

/** Marks entered for a component of kind marks. */
export const termMarks = pgTable(
  "term_marks",
  {
    componentId: integer("component_id")
      .notNull()
      .references(() => termComponents.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mark: numeric("mark", { precision: 7, scale: 2, mode: "number" }).notNull(),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.componentId, t.studentId] }), index("term_marks_student_idx").on(t.studentId)],
);

/** A student's line for one subject: the teacher's adjustment of the class score (with its reason) and remark. */
export const termSubjectStudents = pgTable(
  "term_subject_students",
  {
    subjectId: integer("subject_id")
      .notNull()
      .references(() => termSubjects.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Replaces the computed class score (out of the term's classWeight); null = as computed. */
    classScoreAdjusted: numeric("class_score_adjusted", { precision: 5, scale: 2, mode: "number" }),
    adjustReason: text("adjust_reason"),
    /** Replaces the remark that follows from the grade; null = from the grade. */
    remark: text("remark"),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subjectId, t.studentId] }),
    index("term_subject_students_student_idx").on(t.studentId),
    check("term_subject_students_reason_check", sql`${t.classScoreAdjusted} is null or coalesce(${t.adjustReason}, '') <> ''`),
  ],
);

/** A student's report for a term beyond the subjects: attendance, conduct, interest, remarks, promotion. */
export const termStudents = pgTable(
  "term_students",
  {
    termId: integer("term_id")
      .notNull()
      .references(() => terms.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    present: integer("present"),
    /** Days the student could have attended; null = the term's attendanceDays. */
    attendanceDays: integer("attendance_days"),
    conduct: text("conduct"),
    interest: text("interest"),
    teacherRemark: text("teacher_remark"),
    headRemark: text("head_remark"),
    /** Third term only: promoted | repeated (free text allowed, e.g. "Promoted to JHS 3"). */
    promotion: text("promotion"),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.termId, t.studentId] }), index("term_students_student_idx").on(t.studentId)],
);

/**
 * A class's reports checked by its class teacher (role class_teacher) or the head teacher (head_teacher). Both
 * checks release the class's report cards to its students and make them printable.
 */
export const termChecks = pgTable(
  "term_checks",
  {
    termId: integer("term_id")
      .notNull()
      .references(() => terms.id, { onDelete: "cascade" }),
    /** The class as shown: "JHS 2B" (or "JHS 2" for a level with one class). */
    className: text("class_name").notNull(),
    role: text("role").notNull(),
    checkedBy: integer("checked_by").references(() => users.id, { onDelete: "set null" }),
    checkedAt: ts("checked_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.termId, t.className, t.role] }), check("term_checks_role_check", sql`${t.role} in ('class_teacher','head_teacher')`)],
);

export type TermRow = typeof terms.$inferSelect;
export type TermSubjectRow = typeof termSubjects.$inferSelect;
export type TermComponentRow = typeof termComponents.$inferSelect;
