import { sql } from "drizzle-orm";
import type { Equation, QuestionDetails, QuestionType } from "@adesua/domain";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
// Lazy reference only (`() => sittings.id`): schema-sittings.ts imports this module.
import { sittings } from "./schema-sittings";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Null for a user enrolled from a class list without one: they sign in with `username` (decision 025). */
    email: text("email"),
    /** The generated sign-in name of a user without an email (lower case, no "@"); null otherwise. */
    username: text("username"),
    role: text("role").notNull(),
    studentType: text("student_type"),
    /** argon2id hash; null when no password is set. Never leaves the server. */
    passwordHash: text("password_hash"),
    /** active; pending (a self-registered teacher awaiting an admin, decision 017); rejected (cannot sign in). */
    status: text("status").notNull().default("active"),
    /** A student's class stream within the level ("B" of "JHS 1B"); null when the school has one class per level. */
    stream: text("stream"),
    /** Set for a one-time password (an import's slip): every call but the change is refused until a new one is chosen. */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    /** The last password sign-in (not impersonation): "active users" on the admin home. */
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    uniqueIndex("users_username_key").on(t.username),
    index("users_role_idx").on(t.role, t.id),
    index("users_last_sign_in_idx").on(t.lastSignInAt),
    // The Users screen: role and level filters, sorted by name.
    index("users_role_level_name_idx").on(t.role, t.studentType, t.name),
    check("users_sign_in_check", sql`${t.email} is not null or ${t.username} is not null`),
    check("users_role_check", sql`${t.role} in ('student','teacher','admin')`),
    check("users_student_type_check", sql`${t.studentType} is null or ${t.studentType} in ('jhs1','jhs2','jhs3')`),
    check("users_status_check", sql`${t.status} in ('active','pending','rejected')`),
  ],
);

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Uploaded files: bytes live in the storage backend under their sha256; this row is the metadata. */
export const files = pgTable(
  "files",
  {
    id: serial("id").primaryKey(),
    sha256: text("sha256").notNull(),
    name: text("name").notNull(),
    size: integer("size").notNull(),
    mimeType: text("mime_type").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("files_sha256_idx").on(t.sha256), index("files_uploaded_by_idx").on(t.uploadedBy)],
);

export const courses = pgTable(
  "courses",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    teacherId: integer("teacher_id").references(() => users.id, { onDelete: "set null" }),
    materialFileId: integer("material_file_id").references(() => files.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("courses_teacher_id_idx").on(t.teacherId),
    index("courses_material_file_id_idx").on(t.materialFileId),
    index("courses_title_idx").on(t.title, t.id),
  ],
);

/** A timed section: questions startIndex..endIndex (0-based, inclusive) with its own limit in minutes. */
export type TimedSection = { name: string; startIndex: number; endIndex: number; timeLimit: number };

export const quizzes = pgTable(
  "quizzes",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    teacherId: integer("teacher_id").references(() => users.id, { onDelete: "set null" }),
    studentType: text("student_type").notNull(),
    openTime: ts("open_time"),
    closeTime: ts("close_time"),
    /** Minutes; null means no limit. */
    timeLimit: integer("time_limit"),
    /** Null means unlimited. */
    maxAttempts: integer("max_attempts"),
    questionsPerPage: integer("questions_per_page").notNull().default(10),
    resetTimerOnAttempt: boolean("reset_timer_on_attempt").notNull().default(true),
    passingScore: numeric("passing_score", { precision: 5, scale: 2, mode: "number" }).notNull().default(50),
    timedSections: jsonb("timed_sections").$type<TimedSection[]>().notNull().default([]),
    pdfFileId: integer("pdf_file_id").references(() => files.id, { onDelete: "set null" }),
    /** When students may see the correct answers (decision 016): after_close, never, after_last_attempt (practice only). */
    showAnswers: text("show_answers").notNull().default("after_close"),
    /** A practice quiz: the only kind that may show answers after a student's last attempt. */
    practice: boolean("practice").notNull().default(false),
    /** Set when the teacher released the answers before (or without) a close time. */
    answersReleasedAt: ts("answers_released_at"),
    /** draft: invisible to students until published (issue 24); published: as the spec has it. */
    status: text("status").notNull().default("published"),
    /** When a student sees their score (issue 25): at once after submitting, or only once the quiz has closed. */
    showScore: text("show_score").notNull().default("after_attempt"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    /**
     * Bumped by a database trigger whenever any of the quiz's questions is added, changed or removed
     * (decision 038): the attempt engine keeps a quiz's questions in memory for as long as it matches.
     */
    questionsVersion: integer("questions_version").notNull().default(0),
  },
  (t) => [
    check("quizzes_show_answers_check", sql`${t.showAnswers} in ('after_close','never','after_last_attempt')`),
    check("quizzes_after_last_attempt_practice_check", sql`${t.showAnswers} <> 'after_last_attempt' or ${t.practice}`),
    index("quizzes_student_type_idx").on(t.studentType, t.id),
    index("quizzes_course_id_idx").on(t.courseId, t.id),
    index("quizzes_teacher_id_idx").on(t.teacherId, t.id),
    index("quizzes_pdf_file_id_idx").on(t.pdfFileId),
    index("quizzes_window_idx").on(t.openTime, t.closeTime),
    // The student list's groups, each read as an index range in its own order (decision 033, quiz-list.queries.ts).
    index("quizzes_level_close_idx").on(t.studentType, t.closeTime.asc(), t.id.desc()),
    index("quizzes_level_closed_idx").on(t.studentType, t.closeTime.desc(), t.id.desc()),
    index("quizzes_level_open_idx").on(t.studentType, t.openTime.asc(), t.id.desc()),
    index("quizzes_level_inverted_idx")
      .on(t.studentType, t.openTime.asc(), t.closeTime.desc(), t.id.desc())
      .where(sql`${t.openTime} > ${t.closeTime}`),
    check("quizzes_student_type_check", sql`${t.studentType} in ('jhs1','jhs2','jhs3')`),
    check("quizzes_status_check", sql`${t.status} in ('draft','published')`),
    check("quizzes_show_score_check", sql`${t.showScore} in ('after_attempt','after_close')`),
  ],
);

/**
 * Questions of a quiz (quiz_id set) or of the past-question bank (quiz_id null, with year, subject,
 * section A or B and an optional topic): one table, decision 009. A quiz's questions are its own
 * copies; one taken from the bank names its source in source_question_id, so editing the bank never
 * rewrites a quiz that was already sat.
 */
export const questions = pgTable(
  "questions",
  {
    id: serial("id").primaryKey(),
    /** Null for a bank question. */
    quizId: integer("quiz_id").references(() => quizzes.id, { onDelete: "cascade" }),
    /** Order within the quiz, or within the bank group (year, subject, section). */
    position: integer("position").notNull(),
    text: text("text").notNull(),
    options: jsonb("options").$type<string[]>().notNull(),
    /** The correct option's text; null when the key is unknown (graded by a teacher). Never sent to students. */
    answer: text("answer"),
    /** A quiz question's section label; for a bank question the paper's section, "A" or "B". */
    section: text("section"),
    /** Bank only: the BECE year of the paper. */
    year: integer("year"),
    /** Bank only: the subject, as named on the paper. */
    subject: text("subject"),
    /** Bank only, optional. */
    topic: text("topic"),
    /** A quiz question copied from the bank: the bank row it came from (kept when the bank row goes). */
    sourceQuestionId: integer("source_question_id").references((): AnyPgColumn => questions.id, { onDelete: "set null" }),
    /** Bank only: sha256 of the normalised text and options (spaces collapsed, lower case), to skip duplicates. */
    fingerprint: text("fingerprint"),
    /** Pictures of the question (diagrams), as rows of `files`, in order. */
    imageFileIds: jsonb("image_file_ids").$type<number[]>().notNull().default([]),
    /** single | multiple | true_false | short | numerical | written (issue 27, decision 049). */
    type: text("type").$type<QuestionType>().notNull().default("single"),
    /** What the question is worth; a quiz's score is marks earned over marks available. */
    marks: numeric("marks", { precision: 6, scale: 2, mode: "number" }).notNull().default(1),
    /** The type's own fields (domain rules/question-types `QuestionDetails`): the key of multiple/short/numerical, the parts and marking scheme of written. Never sent to students. */
    details: jsonb("details").$type<QuestionDetails>().notNull().default({}),
    /** Word equations: how each reads in the text (linear) and how it is drawn (sanitised MathML). */
    equations: jsonb("equations").$type<Equation[]>().notNull().default([]),
  },
  (t) => [
    index("questions_quiz_id_idx").on(t.quizId, t.position),
    index("questions_bank_group_idx")
      .on(t.subject, t.year, t.section, t.position)
      .where(sql`${t.quizId} is null`),
    index("questions_bank_fingerprint_idx")
      .on(t.fingerprint)
      .where(sql`${t.quizId} is null`),
    // Which quizzes a bank question was copied into: a bank question in a quiz a student could still take is withheld
    // from practice and the bank's student routes (issue 25).
    index("questions_source_question_id_idx")
      .on(t.sourceQuestionId)
      .where(sql`${t.sourceQuestionId} is not null`),
    check("questions_type_check", sql`${t.type} in ('single','multiple','true_false','short','numerical','written')`),
    check("questions_marks_check", sql`${t.marks} > 0`),
    check(
      "questions_bank_fields",
      sql`${t.quizId} is not null or (${t.year} is not null and ${t.subject} is not null and ${t.section} is not null and ${t.section} in ('A', 'B'))`,
    ),
  ],
);

export const attempts = pgTable(
  "attempts",
  {
    id: serial("id").primaryKey(),
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    attemptNumber: integer("attempt_number").notNull(),
    status: text("status").notNull().default("in_progress"),
    startedAt: ts("started_at").notNull().defaultNow(),
    /** The server's deadline for the whole attempt; null without any limit. */
    deadline: ts("deadline"),
    /** Index into the quiz's timed sections; 0 when there are none. */
    currentSection: integer("current_section").notNull().default(0),
    sectionStartedAt: ts("section_started_at"),
    submittedAt: ts("submitted_at"),
    /** A sheet of a paper sitting (issue 29): the attempt was written on paper and recorded from its photo. */
    sittingId: integer("sitting_id").references((): AnyPgColumn => sittings.id, { onDelete: "set null" }),
  },
  (t) => [
    // The database, not JavaScript, stops a second attempt with the same number.
    uniqueIndex("attempts_quiz_user_number_key").on(t.quizId, t.userId, t.attemptNumber),
    uniqueIndex("attempts_one_open_key")
      .on(t.quizId, t.userId)
      .where(sql`status = 'in_progress'`),
    index("attempts_user_id_idx").on(t.userId),
    // One paper attempt per student and sitting: scanning the same sheet again replaces it, never doubles it.
    uniqueIndex("attempts_sitting_user_key")
      .on(t.sittingId, t.userId)
      .where(sql`sitting_id is not null`),
    index("attempts_open_deadline_idx")
      .on(t.deadline)
      .where(sql`status = 'in_progress'`),
    check("attempts_status_check", sql`${t.status} in ('in_progress','submitted')`),
  ],
);

export const attemptAnswers = pgTable(
  "attempt_answers",
  {
    attemptId: integer("attempt_id")
      .notNull()
      .references(() => attempts.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    answer: text("answer").notNull(),
    savedAt: ts("saved_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] }), index("attempt_answers_question_id_idx").on(t.questionId)],
);

export const submissions = pgTable(
  "submissions",
  {
    id: serial("id").primaryKey(),
    attemptId: integer("attempt_id").references(() => attempts.id, { onDelete: "set null" }),
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Percentage with two decimals; null until graded when some questions have no key. */
    score: numeric("score", { precision: 5, scale: 2, mode: "number" }),
    correct: integer("correct").notNull(),
    total: integer("total").notNull(),
    graded: boolean("graded").notNull().default(true),
    /** Answers to questions without a key, for the teacher's grading screen. */
    ungradedAnswers: jsonb("ungraded_answers").$type<{ questionId: number; answer: string }[]>().notNull().default([]),
    /** A teacher's final score (decision 022): replaces the computed percentage; null when none. */
    manualScore: numeric("manual_score", { precision: 5, scale: 2, mode: "number" }),
    /** A teacher's marks for the answers to questions without a key (`marks` out of the question's, or the older right/wrong); null when none. */
    marks: jsonb("marks").$type<{ questionId: number; correct?: boolean; marks?: number }[]>(),
    /**
     * Marks per question as last graded (issue 27): [{ questionId, earned (null: not marked yet), available }], in the
     * quiz's order. Item analysis reads it for every type the database cannot mark itself. Null before issue 27.
     */
    itemMarks: jsonb("item_marks").$type<{ questionId: number; earned: number | null; available: number }[]>(),
    /** Who graded it last, and when (null: graded automatically only). */
    gradedBy: integer("graded_by").references(() => users.id, { onDelete: "set null" }),
    gradedAt: ts("graded_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("submissions_attempt_id_key").on(t.attemptId),
    // Covering (score, graded): the performance aggregates read only these indexes (decision 023).
    index("submissions_quiz_id_idx").on(t.quizId, t.userId, t.score, t.graded),
    index("submissions_user_id_idx").on(t.userId, t.quizId, t.score, t.graded),
    // The grading screen: a quiz's ungraded submissions, oldest first (decision 022).
    index("submissions_ungraded_idx")
      .on(t.quizId, t.createdAt, t.id)
      .where(sql`not ${t.graded}`),
    // Grades Management's default order (newest first) and its score column.
    index("submissions_created_at_idx").on(t.createdAt, t.id),
    index("submissions_score_idx").on(t.score, t.id),
    index("submissions_graded_by_idx").on(t.gradedBy),
  ],
);

export const records = pgTable(
  "records",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    submissionId: integer("submission_id").references(() => submissions.id, { onDelete: "set null" }),
    score: numeric("score", { precision: 5, scale: 2, mode: "number" }),
    correct: integer("correct").notNull().default(0),
    total: integer("total").notNull().default(0),
    /** null when unknown (ungraded). */
    passed: boolean("passed"),
    isPersonalBest: boolean("is_personal_best").notNull().default(false),
    userAttempts: integer("user_attempts").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index("records_user_id_idx").on(t.userId, t.createdAt),
    index("records_quiz_user_idx").on(t.quizId, t.userId, t.createdAt, t.score), // decision 024 (was records_quiz_id_idx)
    uniqueIndex("records_submission_id_key").on(t.submissionId),
    // Recomputing one student's records of a quiz (passed, personal best) in the order they were made.
    index("records_user_quiz_idx").on(t.userId, t.quizId, t.createdAt, t.id),
    // The records admin list, newest first.
    index("records_created_at_idx").on(t.createdAt, t.id),
  ],
);

// Sessions, throttling, schedule (issue 13), gradebook and performance (issue 12), mocks and terms (issue 28) live beside this file.
export * from "./schema-accounts";
export * from "./schema-auth";
export * from "./schema-audit";
export * from "./schema-counts";
export * from "./schema-schedule";
export * from "./schema-gradebook";
export * from "./schema-performance";
export * from "./schema-practice";
export * from "./schema-files";
export * from "./schema-question-bank";
export * from "./schema-mocks";
export * from "./schema-terms";
export * from "./schema-guardians";
export * from "./schema-sittings";
export * from "./schema-late-answers";
export type UserRow = typeof users.$inferSelect;
export type FileRow = typeof files.$inferSelect;
export type CourseRow = typeof courses.$inferSelect;
export type QuizRow = typeof quizzes.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;
export type AttemptRow = typeof attempts.$inferSelect;
export type SubmissionRow = typeof submissions.$inferSelect;
export type RecordRow = typeof records.$inferSelect;
