import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
// Lazy references only (`() => users.id`): this module and schema.ts import each other.
import { courses, quizzes, users } from "./schema";

/** Mock BECE examinations (issue 28, decision 050), exported through schema.ts. */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A grade band: a (rounded) score at or above `min` earns `grade` (1 best … 9). */
export type GradeBandRow = { min: number; grade: number };
/** A question of a paper whose marks are entered per question. */
export type PaperQuestionRow = { label: string; outOf: number };

/** A mock examination of one level: subjects, papers, marks, then results released to students. */
export const mocks = pgTable(
  "mocks",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    /** The level that sits it: jhs1 | jhs2 | jhs3. */
    studentType: text("student_type").notNull(),
    /** bands (the grade table) or stanine (grades by rank within the sitting). */
    grading: text("grading").notNull().default("bands"),
    /** This mock's grade table; null = the school's (settings.assessment, else WAEC's published bands). */
    bands: jsonb("bands").$type<GradeBandRow[]>(),
    /** When the admin released the results: students may then see their own slip. */
    releasedAt: ts("released_at"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("mocks_level_idx").on(t.studentType, t.id),
    check("mocks_student_type_check", sql`${t.studentType} in ('jhs1','jhs2','jhs3')`),
    check("mocks_grading_check", sql`${t.grading} in ('bands','stanine')`),
  ],
);

/** A subject of a mock. `core` subjects all count towards the aggregate; the best two others are added. */
export const mockSubjects = pgTable(
  "mock_subjects",
  {
    id: serial("id").primaryKey(),
    mockId: integer("mock_id")
      .notNull()
      .references(() => mocks.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    core: boolean("core").notNull().default(false),
    /** The course whose teacher marks this subject (optional; a paper's quiz names its course too). */
    courseId: integer("course_id").references(() => courses.id, { onDelete: "set null" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("mock_subjects_mock_idx").on(t.mockId, t.position), index("mock_subjects_course_idx").on(t.courseId)],
);

/** A paper of a subject: a quiz taken on devices, or marks out of N entered by teachers. */
export const mockPapers = pgTable(
  "mock_papers",
  {
    id: serial("id").primaryKey(),
    mockId: integer("mock_id")
      .notNull()
      .references(() => mocks.id, { onDelete: "cascade" }),
    subjectId: integer("subject_id")
      .notNull()
      .references(() => mockSubjects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** quiz | marks */
    kind: text("kind").notNull(),
    quizId: integer("quiz_id").references(() => quizzes.id, { onDelete: "set null" }),
    /** Marks available. A quiz paper: marks entered for students who sat it on paper are out of this. */
    outOf: numeric("out_of", { precision: 7, scale: 2, mode: "number" }).notNull().default(100),
    /** Its weight within the subject's score (default 50: Paper 1 and Paper 2 weighted 50/50). */
    weight: numeric("weight", { precision: 6, scale: 2, mode: "number" }).notNull().default(50),
    /** Per-question entry: the questions and their marks (their sum is outOf); null = one total per student. */
    questions: jsonb("questions").$type<PaperQuestionRow[]>(),
    startsAt: ts("starts_at").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("mock_papers_mock_idx").on(t.mockId, t.startsAt),
    index("mock_papers_subject_idx").on(t.subjectId, t.position),
    index("mock_papers_quiz_idx").on(t.quizId),
    index("mock_papers_starts_idx").on(t.startsAt),
    check("mock_papers_kind_check", sql`${t.kind} in ('quiz','marks')`),
    check("mock_papers_out_of_check", sql`${t.outOf} > 0`),
    check("mock_papers_weight_check", sql`${t.weight} >= 0`),
  ],
);

/** A student's mark on a paper sat on paper (as entered); a quiz paper's on-device score lives in submissions. */
export const mockMarks = pgTable(
  "mock_marks",
  {
    paperId: integer("paper_id")
      .notNull()
      .references(() => mockPapers.id, { onDelete: "cascade" }),
    studentId: integer("student_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The total (the sum of questionMarks when those are entered); null = a row with only some question marks. */
    mark: numeric("mark", { precision: 7, scale: 2, mode: "number" }),
    /** Per-question marks in the paper's question order (null entries not yet marked). */
    questionMarks: jsonb("question_marks").$type<(number | null)[]>(),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.studentId] }), index("mock_marks_student_idx").on(t.studentId)],
);

export type MockRow = typeof mocks.$inferSelect;
export type MockSubjectRow = typeof mockSubjects.$inferSelect;
export type MockPaperRow = typeof mockPapers.$inferSelect;
export type MockMarkRow = typeof mockMarks.$inferSelect;
