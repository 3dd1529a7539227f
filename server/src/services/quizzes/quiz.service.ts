import { and, asc, count, desc, eq, gt, isNull, lt, lte, gte, notInArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import {
  storedTypeFields,
  type Equation,
  type Quiz,
  type QuizFormValues,
  type QuizListItem,
  type StudentAttemptInfo,
  type StudentQuiz,
  type TimedSection,
  type TypedQuestionInput,
} from "@adesua/domain";
import type { Queryable } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { carriedTotal, pageWindow } from "../../lib/pagination";
import { attempts, courses, files, questions, quizzes, submissions, type QuestionRow } from "../../db/schema";
import { bankSourcesOf } from "../question-bank/question-bank.service";
import { assertCanSeeQuiz, QUIZ_ALONE, quizScopeSql, type QuizScope, type QuizScopeParams } from "../../policies/quizzes.policy";
import { attemptInfoOf, presentQuiz, presentQuizListItem, presentStudentQuiz, type QuizJoined, type StudentQuizState } from "./quiz.presenter";
import { badRequest, notFound } from "../../lib/errors";
import type { Viewer } from "../../lib/viewer";
import { studentPageIds } from "./quiz-list.queries";
import { quizzesOfLevel } from "../admin/row-counts";
import { QUIZ_NOT_FOUND } from "./quiz-write.service";

/** A parsed question, ready to store. */
/** A question as a quiz form sends it, checked by the domain schema (type fields: `TypedQuestionInput`). */
export type QuestionValues = TypedQuestionInput & { id?: number; text: string; section?: string | null; imageIds?: number[]; equations?: Equation[] };

const questionCount = sql<number>`(select count(*)::int from ${questions} where ${questions.quizId} = ${quizzes.id})`.mapWith(Number);

/** What every quiz read returns: the row, its course, its PDF's name and size, and its question count. */
const quizColumns = {
  quiz: quizzes,
  course: { id: courses.id, title: courses.title, teacherId: courses.teacherId },
  pdf: { name: files.name, size: files.size },
  questionCount,
};

function selectQuizzes(db: Queryable) {
  return db.select(quizColumns).from(quizzes).innerJoin(courses, eq(courses.id, quizzes.courseId)).leftJoin(files, eq(files.id, quizzes.pdfFileId));
}

/**
 * How many published quizzes a level has: the trigger-kept count of all its quizzes (decision 033) less its
 * drafts (decision 040). Drafts are few and short-lived; the triggers count them because they predate drafts.
 */
export const publishedOfLevel = (level: string | SQLWrapper) =>
  sql<number>`(${quizzesOfLevel(level)} - (select count(*)::int from ${quizzes} where ${quizzes.studentType} = ${level} and ${quizzes.status} = 'draft'))`.mapWith(
    Number,
  );

/**
 * scoreHiddenFor (domain/src/rules/score-visibility.ts) in SQL, over a quizzes row under `alias` (decision 041): whether a
 * student's score at the quiz is withheld at `now`.
 */
export const scoreHiddenSql = (alias: string, now: Date | string | SQLWrapper): SQL =>
  sql`(${sql.raw(alias)}.show_score = 'after_close' and ${sql.raw(alias)}.answers_released_at is null and (${sql.raw(alias)}.close_time is null or ${sql.raw(alias)}.close_time >= ${now}::timestamptz))`;

/** The same rule as quizTimeStatus in domain/src/rules, in SQL (both bounds inclusive of "active"); the shared STATUS_CASES pin the two together (sql-rules.test.ts). */
export function statusCondition(status: "upcoming" | "active" | "closed", now: Date | SQLWrapper): SQL {
  if (status === "upcoming") return gt(quizzes.openTime, now);
  if (status === "closed") return lt(quizzes.closeTime, now);
  return and(or(isNull(quizzes.openTime), lte(quizzes.openTime, now)), or(isNull(quizzes.closeTime), gte(quizzes.closeTime, now)))!;
}

export async function findQuiz(db: Queryable, id: number): Promise<QuizJoined | null> {
  const [row] = await selectQuizzes(db).where(eq(quizzes.id, id)).limit(1);
  return row ?? null;
}

export async function quizQuestions(db: Queryable, quizId: number): Promise<QuestionRow[]> {
  return db.select().from(questions).where(eq(questions.quizId, quizId)).orderBy(asc(questions.position), asc(questions.id));
}

/**
 * The student's side of a quiz, as columns of the quiz query (one query, no N+1): attempts started
 * (the one in progress counts as used), whether a submission exists, the attempt running now (number
 * and deadline; one whose deadline has passed is over, whatever the sweep has not closed yet), and
 * the best score. Each sub-select is an index lookup (attempts_one_open_key, submissions_user_id_idx).
 */
function studentColumns(sid: number | SQLWrapper, now: Date | string | SQLWrapper) {
  const open = sql`${attempts.quizId} = ${quizzes.id} and ${attempts.userId} = ${sid} and ${attempts.status} = 'in_progress' and (${attempts.deadline} is null or ${attempts.deadline} > ${now})`;
  return {
    currentAttempts: sql<number>`(select count(*)::int from ${attempts} where ${attempts.quizId} = ${quizzes.id} and ${attempts.userId} = ${sid})`.mapWith(
      Number,
    ),
    hasSubmission: sql<boolean>`exists(select 1 from ${submissions} where ${submissions.userId} = ${sid} and ${submissions.quizId} = ${quizzes.id})`.mapWith(
      Boolean,
    ),
    openNumber: sql<number | null>`(select ${attempts.attemptNumber} from ${attempts} where ${open})`,
    openDeadline: sql<string | Date | null>`(select ${attempts.deadline} from ${attempts} where ${open})`,
    bestScore: sql<
      string | number | null
    >`(select max(${submissions.score}) from ${submissions} where ${submissions.userId} = ${sid} and ${submissions.quizId} = ${quizzes.id})`,
  };
}

type StudentColumnValues = { currentAttempts: number; hasSubmission: boolean; openNumber: unknown; openDeadline: unknown; bestScore: unknown };

/** The raw sub-select values as the presenter takes them (drivers differ: numbers and dates may come back as text). */
function studentState(r: StudentColumnValues): StudentQuizState {
  const deadline = r.openDeadline == null ? null : new Date(r.openDeadline as string | Date);
  return {
    currentAttempts: r.currentAttempts,
    hasSubmission: r.hasSubmission,
    inProgress: r.openNumber == null ? null : { attemptNumber: Number(r.openNumber), deadline },
    bestScore: r.bestScore == null ? null : Number(r.bestScore),
  };
}

/** A quiz as one student sees it: the quiz and their attempts, in one query. */
export async function findQuizForStudent(db: Queryable, id: number, studentId: number, now: Date): Promise<(QuizJoined & { state: StudentQuizState }) | null> {
  const [row] = await db
    .select({ ...quizColumns, ...studentColumns(studentId, now.toISOString()) })
    .from(quizzes)
    .innerJoin(courses, eq(courses.id, quizzes.courseId))
    .leftJoin(files, eq(files.id, quizzes.pdfFileId))
    .where(eq(quizzes.id, id))
    .limit(1);
  if (!row) return null;
  const { currentAttempts, hasSubmission, openNumber, openDeadline, bestScore, ...j } = row;
  return { ...j, state: studentState({ currentAttempts, hasSubmission, openNumber, openDeadline, bestScore }) };
}

export type QuizFilter = {
  page: number;
  limit: number;
  courseId?: number;
  status?: "upcoming" | "active" | "closed";
  studentType?: string;
  now: Date;
  /** A student's id: each row then carries their attempts (same query, no N+1), in the student order. */
  studentId?: number;
};

export type QuizListRow = QuizJoined & { state: StudentQuizState | null };

/**
 * The student list's order (spec issue 9 item 14): in progress, open (closing soonest first, never
 * closing last), upcoming (opening soonest first), then closed (latest first), newest id breaking
 * ties. In SQL, so every page follows it. `status` is the same rule as statusCondition.
 */
function studentOrder(sid: SQLWrapper, now: SQLWrapper): SQL[] {
  const group = sql`case when exists(select 1 from ${attempts} where ${attempts.quizId} = ${quizzes.id} and ${attempts.userId} = ${sid} and ${attempts.status} = 'in_progress' and (${attempts.deadline} is null or ${attempts.deadline} > ${now})) then 0 when ${quizzes.openTime} > ${now} then 2 when ${quizzes.closeTime} < ${now} then 3 else 1 end`;
  return [
    asc(group),
    sql`case when ${quizzes.openTime} > ${now} or ${quizzes.closeTime} < ${now} then null else ${quizzes.closeTime} end asc nulls last`,
    sql`case when ${quizzes.openTime} > ${now} then ${quizzes.openTime} end asc nulls last`,
    sql`case when ${quizzes.closeTime} < ${now} then ${quizzes.closeTime} end desc nulls last`,
    desc(quizzes.id),
  ];
}

const ph = sql.placeholder;

/**
 * The list query for one combination of scope and filters, with every value a placeholder, so it is
 * built once and runs as a prepared statement (no query building, and PostgreSQL parses it once per
 * connection). The total rides along as an uncorrelated sub-select, computed once: one round trip
 * per page.
 */
function buildQuizListQuery(db: Queryable, key: ListKey, name: string) {
  const cond = listWhere(key, {
    scopeLevel: ph("scopeLevel"),
    teacherId: ph("teacherId"),
    courseId: ph("courseId"),
    studentType: ph("studentType"),
    now: ph("now"),
  });
  return (
    db
      .select({
        ...quizColumns,
        ...(key.student
          ? studentColumns(ph("sid"), ph("now"))
          : {
              currentAttempts: sql<number>`0`.mapWith(Number),
              hasSubmission: sql<boolean>`false`.mapWith(Boolean),
              openNumber: sql<null>`null`,
              openDeadline: sql<null>`null`,
              bestScore: sql<null>`null`,
            }),
        // A whole level (every student's unfiltered list) has its count kept by triggers; any filter counts.
        total:
          key.scope === "level" && !key.course && !key.level && !key.status
            ? publishedOfLevel(ph("scopeLevel"))
            : sql<number>`(select count(*)::int from ${quizzes} where ${cond ?? sql`true`})`.mapWith(Number),
      })
      .from(quizzes)
      .innerJoin(courses, eq(courses.id, quizzes.courseId))
      .leftJoin(files, eq(files.id, quizzes.pdfFileId))
      .where(key.student ? sql`${quizzes.id} in (${studentPageIds(cond ?? sql`true`, ph("sid"), ph("now"), ph("limit"), ph("offset"))})` : cond)
      .orderBy(...(key.student ? studentOrder(ph("sid"), ph("now")) : [desc(quizzes.id)]))
      .limit(ph("limit"))
      // A student's page is already cut by studentPageIds; the outer query only orders its rows.
      .offset(key.student ? 0 : ph("offset"))
      .prepare(name)
  );
}

type ListKey = { scope: QuizScope["kind"]; course: boolean; level: boolean; status: QuizFilter["status"]; student: boolean };

/** The filter values: placeholders in the prepared page query, real values in the rare separate count. */
type ListValues = {
  scopeLevel: string | SQLWrapper;
  teacherId: number | SQLWrapper;
  courseId: number | SQLWrapper;
  studentType: string | SQLWrapper;
  now: Date | SQLWrapper;
};

/** The list's WHERE for one combination of scope and filters; `key` decides which values are used. */
function listWhere(key: ListKey, v: ListValues): SQL | undefined {
  const scope: QuizScopeParams =
    key.scope === "level"
      ? { kind: "level", studentType: v.scopeLevel }
      : key.scope === "teacher"
        ? { kind: "teacher", teacherId: v.teacherId }
        : { kind: key.scope };
  // The quiz policy's rule (canSeeQuiz in SQL), over quizzes alone: a teacher's courses are a sub-select, no join needed.
  const where: (SQL | undefined)[] = [quizScopeSql(scope, QUIZ_ALONE)];
  if (key.course) where.push(eq(quizzes.courseId, v.courseId));
  if (key.level) where.push(eq(quizzes.studentType, v.studentType));
  if (key.status) where.push(statusCondition(key.status, v.now));
  return and(...where);
}

/** One page (staff: newest first; students: see studentOrder), scoped and filtered in SQL, with the total of all matching rows. */
export async function listQuizzes(db: Queryable, scope: QuizScope, f: QuizFilter): Promise<{ rows: QuizListRow[]; total: number }> {
  const key: ListKey = {
    scope: scope.kind,
    course: f.courseId !== undefined,
    level: Boolean(f.studentType) && scope.kind !== "level",
    status: f.status,
    student: f.studentId !== undefined,
  };
  const name = `quiz_list_${key.scope}_${+key.course}${+key.level}${key.status ?? "any"}${+key.student}`;
  const query = preparedOnce(db, name, () => buildQuizListQuery(db, key, name));
  const rows = await query.execute({
    scopeLevel: scope.kind === "level" ? scope.studentType : null,
    teacherId: scope.kind === "teacher" ? scope.teacherId : null,
    courseId: f.courseId ?? null,
    studentType: f.studentType ?? null,
    now: f.now.toISOString(),
    sid: f.studentId ?? null,
    ...pageWindow(f),
  });
  // Past the last page no row carries the total: count separately (rare). Values the key does not use are never read.
  const total = await carriedTotal(rows, f, async () => {
    const cond = listWhere(key, {
      scopeLevel: scope.kind === "level" ? scope.studentType : "",
      teacherId: scope.kind === "teacher" ? scope.teacherId : 0,
      courseId: f.courseId ?? 0,
      studentType: f.studentType ?? "",
      now: f.now,
    });
    return (await db.select({ total: count() }).from(quizzes).where(cond))[0].total;
  });
  return {
    total,
    rows: rows.map(({ currentAttempts, hasSubmission, openNumber, openDeadline, bestScore, total: _total, ...j }) => ({
      ...j,
      state: key.student ? studentState({ currentAttempts, hasSubmission, openNumber, openDeadline, bestScore }) : null,
    })),
  };
}

/** The quiz's settings as stored from the validated form. */
export function quizSettings(v: QuizFormValues) {
  return {
    title: v.title,
    courseId: v.courseId,
    studentType: v.studentType,
    openTime: v.openTime,
    closeTime: v.closeTime,
    timeLimit: v.timeLimit,
    maxAttempts: v.maxAttempts,
    questionsPerPage: v.questionsPerPage,
    resetTimerOnAttempt: v.resetTimerOnAttempt,
    passingScore: v.passingScore,
    timedSections: v.timedSections as TimedSection[],
    showAnswers: v.showAnswers,
    practice: v.practice,
    // Omitted: the column's default on insert (published, after_attempt), unchanged on update.
    ...(v.status ? { status: v.status } : {}),
    ...(v.showScore ? { showScore: v.showScore } : {}),
  };
}

/** The stored columns of a question as sent (its pictures checked beforehand: quiz-images.service checkQuizImages). */
function contentOf(q: QuestionValues) {
  return {
    text: q.text,
    ...storedTypeFields(q),
    equations: q.equations ?? [],
    section: q.section ?? null,
    imageFileIds: q.imageIds ?? [],
  };
}

export async function insertQuestions(tx: Queryable, quizId: number, list: readonly QuestionValues[]): Promise<void> {
  if (!list.length) return;
  const sources = await bankSourcesOf(tx, list);
  await tx.insert(questions).values(list.map((q, i) => ({ ...contentOf(q), quizId, position: i, sourceQuestionId: sources[i] })));
}

/** Whether saving `list` would delete any of the quiz's questions (a question kept is one sent with its id). */
export async function removesQuestions(tx: Queryable, quizId: number, list: readonly QuestionValues[]): Promise<boolean> {
  const kept = new Set(list.map((q) => q.id).filter((id) => id !== undefined));
  const existing = await tx.select({ id: questions.id }).from(questions).where(eq(questions.quizId, quizId));
  return existing.some((q) => !kept.has(q.id));
}

/**
 * Makes the quiz's questions equal to `list`, in order. Questions sent with their id are updated in
 * place, so students' saved answers to them survive; missing ones are deleted, new ones inserted.
 */
export async function replaceQuestions(tx: Queryable, quizId: number, list: readonly QuestionValues[]): Promise<void> {
  const existing = new Set((await tx.select({ id: questions.id }).from(questions).where(eq(questions.quizId, quizId))).map((r) => r.id));
  const kept = new Set<number>();
  list.forEach((q, i) => {
    if (q.id === undefined) return;
    if (!existing.has(q.id)) throw badRequest(`Question ${i + 1}: it does not belong to this quiz`);
    if (kept.has(q.id)) throw badRequest(`Question ${i + 1}: it appears twice`);
    kept.add(q.id);
  });
  await tx.delete(questions).where(kept.size ? and(eq(questions.quizId, quizId), notInArray(questions.id, [...kept])) : eq(questions.quizId, quizId));
  const fresh: (QuestionValues & { position: number })[] = [];
  for (const [i, q] of list.entries()) {
    if (q.id === undefined) {
      fresh.push({ ...q, position: i });
      continue;
    }
    // A kept question sent without `imageIds` keeps its pictures (a client that does not know them loses nothing).
    const { imageFileIds, ...content } = contentOf(q);
    await tx
      .update(questions)
      .set({ ...content, position: i, ...(q.imageIds ? { imageFileIds } : {}) })
      .where(and(eq(questions.id, q.id), eq(questions.quizId, quizId)));
  }
  if (fresh.length) {
    const sources = await bankSourcesOf(tx, fresh);
    await tx.insert(questions).values(fresh.map((q, i) => ({ ...contentOf(q), quizId, position: q.position, sourceQuestionId: sources[i] })));
  }
}

/** GET /quizzes: one page of the quizzes a scope sees, presented (a student's rows carry their attempt info). */
export async function listQuizItems(db: Queryable, scope: QuizScope, f: QuizFilter): Promise<{ data: QuizListItem[]; total: number }> {
  const { rows, total } = await listQuizzes(db, scope, f);
  return { data: rows.map((r) => presentQuizListItem(r, f.now, r.state)), total };
}

/** GET /quizzes/:id for staff: the quiz with its questions and answer keys, if the viewer sees it (404 otherwise). */
export async function staffQuiz(db: Queryable, viewer: Viewer, id: number, now: Date): Promise<Quiz> {
  const quiz = await findQuiz(db, id);
  if (!quiz) throw notFound(QUIZ_NOT_FOUND);
  assertCanSeeQuiz(viewer, quiz);
  return presentQuiz(quiz, await quizQuestions(db, quiz.quiz.id), now);
}

async function seenByStudent(db: Queryable, viewer: Viewer, id: number, now: Date) {
  const quiz = await findQuizForStudent(db, id, viewer.id, now);
  if (!quiz) throw notFound(QUIZ_NOT_FOUND);
  assertCanSeeQuiz(viewer, quiz);
  return quiz;
}

/** GET /quizzes/:id for a student: the quiz's information and their attempts, never its questions. */
export async function studentQuiz(db: Queryable, viewer: Viewer, id: number, now: Date): Promise<StudentQuiz> {
  const quiz = await seenByStudent(db, viewer, id, now);
  return presentStudentQuiz(quiz, quiz.state, now);
}

/** GET /submissions/quiz/:id/attempts: the student's attempts at a quiz they see. */
export async function studentAttemptInfo(db: Queryable, viewer: Viewer, id: number, now: Date): Promise<StudentAttemptInfo> {
  const quiz = await seenByStudent(db, viewer, id, now);
  return attemptInfoOf(quiz.quiz, quiz.state, now);
}
