import type { Readable } from "node:stream";
import { and, asc, eq, gt, inArray, isNull, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  BankMetadataSchema,
  describeKey,
  type BankMetadata,
  type ImportExportOperation,
  type ImportRowError,
  type QuestionDetails,
  type Role,
} from "@adesua/domain";
import { parseQuestionCsvFile, type ExchangeQuestion } from "../../documents";
import type { Actor } from "../../audit/audit";
import { saveBankQuestions } from "../question-bank/question-bank.service";
import type { Db } from "../../db/client";
import { courses, questions, quizzes, records, submissions, users } from "../../db/schema";
import type { Viewer } from "../../lib/viewer";
import { csvStream, type CsvCell } from "../../lib/csv-writer";
import { taughtQuizSql } from "../../policies/quizzes.policy";

/** The right option's letter (single, true/false), the right letters joined by ";" (multiple), or "" (other types). */
function correctLetters(q: { type: string; options: string[]; answer: string | null; details: QuestionDetails }): string {
  if (q.type === "multiple")
    return (q.details.answers ?? [])
      .map((a) => LETTERS[q.options.indexOf(a)] ?? "")
      .filter(Boolean)
      .join(";");
  if (q.type !== "single" && q.type !== "true_false") return "";
  const k = q.answer === null ? -1 : q.options.indexOf(q.answer);
  return k >= 0 ? LETTERS[k] : "";
}

/** Rows read per query: an export never holds more than one page of a table in memory. */
export const EXPORT_PAGE = 500;
const LETTERS = ["A", "B", "C", "D", "E"];

type Page = { rows: CsvCell[][]; lastId: number | null };
type Exporter = {
  id: string;
  name: string;
  roles: readonly Role[];
  file: string;
  columns: string[];
  /** The next page after the given id (keyset paging: no OFFSET scans), scoped to what the viewer may see. */
  page: (db: Db, viewer: Viewer, after: number) => Promise<Page>;
};

const iso = (d: Date | null) => (d ? d.toISOString() : "");
const lastOf = <T extends { id: number }>(rows: T[]) => (rows.length === EXPORT_PAGE ? rows[rows.length - 1].id : null);
const teacherOf = alias(users, "teacher");

/** Teachers: the courses they teach; admins: all. */
const courseScope = (v: Viewer): SQL | undefined => (v.role === "admin" ? undefined : eq(courses.teacherId, v.id));
/** Teachers: the quizzes they made or whose course they teach (the quiz policy's scope); admins: all. */
const quizScopeSql = (v: Viewer): SQL | undefined => (v.role === "admin" ? undefined : taughtQuizSql(v.id));

const EXPORTERS: Exporter[] = [
  {
    id: "exportUsers",
    name: "Export users",
    roles: ["admin"],
    file: "users",
    // Never a password or a hash: whether one is set is all anyone learns.
    columns: ["id", "name", "email", "signInName", "role", "studentType", "status", "hasPassword", "mustChangePassword", "createdAt"],
    async page(db, _v, after) {
      const rows = await db.select().from(users).where(gt(users.id, after)).orderBy(asc(users.id)).limit(EXPORT_PAGE);
      return {
        lastId: lastOf(rows),
        rows: rows.map((u) => [
          u.id,
          u.name,
          u.email ?? "",
          u.username ?? "",
          u.role,
          u.studentType ?? "",
          u.status,
          u.passwordHash !== null,
          u.mustChangePassword,
          iso(u.createdAt),
        ]),
      };
    },
  },
  {
    id: "exportCourses",
    name: "Export courses",
    roles: ["admin", "teacher"],
    file: "courses",
    columns: ["id", "title", "description", "teacherId", "teacherName", "createdAt"],
    async page(db, v, after) {
      const rows = await db
        .select({
          id: courses.id,
          title: courses.title,
          description: courses.description,
          teacherId: courses.teacherId,
          teacherName: teacherOf.name,
          createdAt: courses.createdAt,
        })
        .from(courses)
        .leftJoin(teacherOf, eq(teacherOf.id, courses.teacherId))
        .where(and(gt(courses.id, after), courseScope(v)))
        .orderBy(asc(courses.id))
        .limit(EXPORT_PAGE);
      return { lastId: lastOf(rows), rows: rows.map((c) => [c.id, c.title, c.description, c.teacherId ?? "", c.teacherName ?? "", iso(c.createdAt)]) };
    },
  },
  {
    id: "exportQuizzes",
    name: "Export quizzes with questions",
    roles: ["admin", "teacher"],
    file: "quizzes",
    // Answer keys go only to staff who manage the quiz: admins, and teachers for their own courses' quizzes.
    columns: [
      "quizId",
      "quizTitle",
      "courseTitle",
      "studentType",
      "openTime",
      "closeTime",
      "timeLimit",
      "maxAttempts",
      "passingScore",
      "questionNumber",
      "question",
      "optionA",
      "optionB",
      "optionC",
      "optionD",
      "optionE",
      "correctOption",
      // Issue 27: every type (single | multiple | true_false | short | numerical | written), its marks, and its key as a
      // person reads it (accepted answers, value ± tolerance, a written question's marking scheme).
      "type",
      "marks",
      "key",
    ],
    async page(db, v, after) {
      const list = await db
        .select({ quiz: quizzes, courseTitle: courses.title })
        .from(quizzes)
        .innerJoin(courses, eq(courses.id, quizzes.courseId))
        .where(and(gt(quizzes.id, after), quizScopeSql(v)))
        .orderBy(asc(quizzes.id))
        .limit(EXPORT_PAGE);
      const ids = list.map((q) => q.quiz.id);
      const qs = ids.length
        ? await db
            .select({
              quizId: questions.quizId,
              position: questions.position,
              text: questions.text,
              options: questions.options,
              answer: questions.answer,
              type: questions.type,
              marks: questions.marks,
              details: questions.details,
            })
            .from(questions)
            .where(inArray(questions.quizId, ids))
            .orderBy(asc(questions.quizId), asc(questions.position), asc(questions.id))
        : [];
      const byQuiz = new Map<number, typeof qs>();
      for (const q of qs) byQuiz.set(q.quizId!, [...(byQuiz.get(q.quizId!) ?? []), q]);
      const rows: CsvCell[][] = [];
      for (const { quiz, courseTitle } of list) {
        const head = [
          quiz.id,
          quiz.title,
          courseTitle,
          quiz.studentType,
          iso(quiz.openTime),
          iso(quiz.closeTime),
          quiz.timeLimit ?? "",
          quiz.maxAttempts ?? "",
          quiz.passingScore,
        ];
        const own = byQuiz.get(quiz.id) ?? [];
        if (own.length === 0) rows.push([...head, "", "", "", "", "", "", "", "", "", "", ""]);
        own.forEach((q, i) => {
          rows.push([...head, i + 1, q.text, ...LETTERS.map((_, j) => q.options[j] ?? ""), correctLetters(q), q.type, q.marks, describeKey(q) ?? ""]);
        });
      }
      return { lastId: list.length === EXPORT_PAGE ? ids[ids.length - 1] : null, rows };
    },
  },
  {
    id: "exportSubmissions",
    name: "Export submissions",
    roles: ["admin", "teacher"],
    file: "submissions",
    columns: ["id", "quizId", "quizTitle", "courseTitle", "userId", "studentName", "studentType", "score", "correct", "total", "graded", "submittedAt"],
    async page(db, v, after) {
      const rows = await db
        .select({ s: submissions, quizTitle: quizzes.title, courseTitle: courses.title, name: users.name, studentType: users.studentType })
        .from(submissions)
        .innerJoin(quizzes, eq(quizzes.id, submissions.quizId))
        .innerJoin(courses, eq(courses.id, quizzes.courseId))
        .innerJoin(users, eq(users.id, submissions.userId))
        .where(and(gt(submissions.id, after), quizScopeSql(v)))
        .orderBy(asc(submissions.id))
        .limit(EXPORT_PAGE);
      return {
        lastId: rows.length === EXPORT_PAGE ? rows[rows.length - 1].s.id : null,
        rows: rows.map((r) => [
          r.s.id,
          r.s.quizId,
          r.quizTitle,
          r.courseTitle,
          r.s.userId,
          r.name,
          r.studentType ?? "",
          r.s.score ?? "",
          r.s.correct,
          r.s.total,
          r.s.graded,
          iso(r.s.createdAt),
        ]),
      };
    },
  },
  {
    id: "exportRecords",
    name: "Export records",
    roles: ["admin", "teacher"],
    file: "records",
    columns: [
      "id",
      "userId",
      "studentName",
      "quizId",
      "quizTitle",
      "courseTitle",
      "score",
      "correct",
      "total",
      "passed",
      "isPersonalBest",
      "userAttempts",
      "createdAt",
    ],
    async page(db, v, after) {
      const rows = await db
        .select({ r: records, quizTitle: quizzes.title, courseTitle: courses.title, name: users.name })
        .from(records)
        .innerJoin(quizzes, eq(quizzes.id, records.quizId))
        .innerJoin(courses, eq(courses.id, quizzes.courseId))
        .innerJoin(users, eq(users.id, records.userId))
        .where(and(gt(records.id, after), quizScopeSql(v)))
        .orderBy(asc(records.id))
        .limit(EXPORT_PAGE);
      return {
        lastId: rows.length === EXPORT_PAGE ? rows[rows.length - 1].r.id : null,
        rows: rows.map((x) => [
          x.r.id,
          x.r.userId,
          x.name,
          x.r.quizId,
          x.quizTitle,
          x.courseTitle,
          x.r.score ?? "",
          x.r.correct,
          x.r.total,
          x.r.passed === null ? "" : x.r.passed,
          x.r.isPersonalBest,
          x.r.userAttempts,
          iso(x.r.createdAt),
        ]),
      };
    },
  },
  {
    id: "exportQuestions",
    name: "Export question bank",
    roles: ["admin", "teacher"],
    file: "question-bank",
    // The bank's CSV template with its metadata: "Import questions" takes this file back.
    columns: ["year", "subject", "section", "topic", "question", "optionA", "optionB", "optionC", "optionD", "optionE", "correctOption"],
    async page(db, _v, after) {
      const rows = await db
        .select()
        .from(questions)
        .where(and(isNull(questions.quizId), gt(questions.id, after)))
        .orderBy(asc(questions.id))
        .limit(EXPORT_PAGE);
      return {
        lastId: lastOf(rows),
        rows: rows.map((q) => {
          const k = q.answer === null ? -1 : q.options.indexOf(q.answer);
          return [q.year, q.subject, q.section, q.topic ?? "", q.text, ...LETTERS.map((_, j) => q.options[j] ?? ""), k >= 0 ? LETTERS[k] : ""];
        }),
      };
    },
  },
];

const IMPORTS: (ImportExportOperation & { roles: readonly Role[] })[] = [
  // The class-list import of the Users screen (slips answered once): one implementation for both screens.
  { id: "importUsers", name: "Import users (class list .csv or .xlsx)", method: "POST", path: "/users/import", roles: ["admin"] },
  { id: "importQuestions", name: "Import questions (question bank CSV)", method: "POST", path: "/import-export/questions", roles: ["admin", "teacher"] },
];

/** GET /import-export: the operations this viewer may run. */
export function operationsFor(viewer: Viewer): ImportExportOperation[] {
  const exports = EXPORTERS.filter((e) => e.roles.includes(viewer.role)).map((e) => ({
    id: e.id,
    name: e.name,
    method: "GET" as const,
    path: `/import-export/${e.file}`,
  }));
  const imports = IMPORTS.filter((i) => i.roles.includes(viewer.role)).map(({ id, name, method, path }) => ({ id, name, method, path }));
  return [...exports, ...imports];
}

export const EXPORT_FILES = EXPORTERS.map((e) => e.file);

export function findExporter(file: string): Pick<Exporter, "roles" | "file"> | null {
  return EXPORTERS.find((e) => e.file === file) ?? null;
}

/**
 * A CSV export as a stream: the header, then one page at a time read from SQL as the client takes it
 * (a slow download holds one page, never the table). With a BOM so Excel reads names with accents.
 */
export function exportCsv(db: Db, viewer: Viewer, file: string): Readable {
  const e = EXPORTERS.find((x) => x.file === file)!;
  async function* pages() {
    let after = 0;
    for (;;) {
      const page = await e.page(db, viewer, after);
      yield page.rows;
      if (page.lastId === null) return;
      after = page.lastId;
    }
  }
  // The one CSV writer (lib/csv-writer.ts): formula-safe cells, even in the bank's file (its importer undoes the quote).
  return csvStream(e.columns, pages());
}

/**
 * The Import/Export screen's question import: the bank's CSV template with a year, subject, section and
 * topic on every row (the bank export's own file). Every row is checked first; questions are saved per
 * (year, subject, section, topic) group by the bank's own save, which skips duplicates.
 */
export async function importBankCsv(
  db: Db,
  bytes: Uint8Array,
  actor: Actor,
): Promise<{ ok: true; count: number; skippedDuplicates: number } | { ok: false; errors: ImportRowError[] }> {
  const parsed = await parseQuestionCsvFile(bytes);
  if (!parsed.ok) return parsed;
  const errors: ImportRowError[] = [];
  const groups = new Map<string, { meta: BankMetadata; list: ExchangeQuestion[] }>();
  for (const q of parsed.questions) {
    if (!q.bank) return { ok: false, errors: [{ row: 1, message: "Missing columns: year, subject (the question bank export's format)" }] };
    const meta = BankMetadataSchema.safeParse({ year: q.bank.year, subject: q.bank.subject, section: q.bank.section, topic: q.bank.topic });
    if (!meta.success) {
      errors.push({ row: q.bank.row, message: meta.error.issues[0]?.message ?? "year, subject or section is not valid" });
      continue;
    }
    const key = JSON.stringify(meta.data);
    const g = groups.get(key) ?? { meta: meta.data, list: [] };
    g.list.push(q);
    groups.set(key, g);
  }
  if (errors.length) return { ok: false, errors };
  let count = 0;
  let skippedDuplicates = 0;
  for (const g of groups.values()) {
    const saved = await saveBankQuestions(db, g.meta, g.list, actor);
    count += saved.count;
    skippedDuplicates += saved.skippedDuplicates;
  }
  return { ok: true, count, skippedDuplicates };
}
