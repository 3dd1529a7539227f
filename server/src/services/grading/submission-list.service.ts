import { and, asc, count, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import {
  correctAnswerText,
  decodeParts,
  describeAnswer,
  describeKey,
  gradeWithTeacher,
  isAutoMarked,
  GRADING_MESSAGES as M,
  type GradingAnswer,
  type PageMeta,
  type SubmissionItem,
  type SubmissionSort,
  type UngradedListResponse,
} from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { attemptAnswers, attempts, courses, quizzes, records, submissions, users, type SubmissionRow } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { escapeLike } from "../../lib/sql";
import { pageWithCount } from "../../lib/pagination";
import type { Viewer } from "../../lib/viewer";
import { assertCanGradeQuiz, gradingScopeCondition } from "../../policies/grading.policy";
import { presentSubmissionItem } from "./submission.presenter";
import { loadQuizForAttempt } from "../quizzes/quiz-loaders";
import { loadKeyedQuestions, teacherGradeOf, type KeyedQuestion } from "./grading.service";

/** Whether a submission was written on paper: its attempt belongs to a paper sitting (issue 29). */
export const onPaperSql = sql<boolean>`exists (select 1 from ${attempts} where ${attempts.id} = ${submissions.attemptId} and ${attempts.sittingId} is not null)`;

/** The columns of one Grades Management row: the submission, its student, quiz, course and record. */
const itemColumns = {
  id: submissions.id,
  userId: submissions.userId,
  quizId: submissions.quizId,
  score: submissions.score,
  correct: submissions.correct,
  total: submissions.total,
  graded: submissions.graded,
  ungradedCount: sql<number>`jsonb_array_length(${submissions.ungradedAnswers})`,
  manualScore: submissions.manualScore,
  hasMarks: sql<boolean>`${submissions.marks} is not null`,
  // Marks earned (those marked so far) and available, summed from item_marks by the database (issue 27).
  marksEarned: sql<number | null>`(select sum((e ->> 'earned')::numeric) filter (where jsonb_typeof(e -> 'earned') = 'number')
    from jsonb_array_elements(case when jsonb_typeof(${submissions.itemMarks}) = 'array' then ${submissions.itemMarks} else '[]'::jsonb end) e)::float8`,
  marksAvailable: sql<number | null>`(select sum((e ->> 'available')::numeric) filter (where jsonb_typeof(e -> 'available') = 'number')
    from jsonb_array_elements(case when jsonb_typeof(${submissions.itemMarks}) = 'array' then ${submissions.itemMarks} else '[]'::jsonb end) e)::float8`,
  createdAt: submissions.createdAt,
  onPaper: onPaperSql,
  userName: users.name,
  quizTitle: quizzes.title,
  passingScore: quizzes.passingScore,
  courseId: courses.id,
  courseTitle: courses.title,
  recordId: records.id,
  passed: records.passed,
  isPersonalBest: records.isPersonalBest,
};

const itemQuery = (db: Queryable) =>
  db
    .select(itemColumns)
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .innerJoin(quizzes, eq(quizzes.id, submissions.quizId))
    .innerJoin(courses, eq(courses.id, quizzes.courseId))
    .leftJoin(records, eq(records.submissionId, submissions.id));

/** One submission as a Grades Management row (after a grade change). */
export async function loadSubmissionItem(db: Queryable, id: number): Promise<SubmissionItem> {
  const [row] = await itemQuery(db).where(eq(submissions.id, id)).limit(1);
  if (!row) throw notFound(M.submissionNotFound);
  return presentSubmissionItem(row);
}

export type SubmissionFilter = {
  page: number;
  limit: number;
  search?: string;
  courseId?: number;
  quizId?: number;
  status?: "graded" | "ungraded";
  sortBy: SubmissionSort;
  sortOrder?: "asc" | "desc";
};

const SORT_COLUMNS: Record<SubmissionSort, SQL> = {
  student: sql`lower(${users.name})`,
  course: sql`lower(${courses.title})`,
  quiz: sql`lower(${quizzes.title})`,
  score: sql`${submissions.score}`,
  date: sql`${submissions.createdAt}`,
};

/**
 * GET /submissions (Grades Management): the submissions of the quizzes the viewer grades, searched
 * by student name, filtered by course, quiz and graded state, sorted by one column (then id), paged,
 * all in SQL. Newest first by default; text columns ascending by default.
 */
export async function listSubmissions(db: Db, viewer: Viewer, f: SubmissionFilter): Promise<{ data: SubmissionItem[]; pagination: PageMeta }> {
  const cond = and(
    gradingScopeCondition(viewer),
    f.search ? ilike(users.name, `%${escapeLike(f.search)}%`) : undefined,
    f.courseId ? eq(quizzes.courseId, f.courseId) : undefined,
    f.quizId ? eq(submissions.quizId, f.quizId) : undefined,
    f.status ? eq(submissions.graded, f.status === "graded") : undefined,
  );
  const order = f.sortOrder ?? (f.sortBy === "date" || f.sortBy === "score" ? "desc" : "asc");
  const dir = order === "asc" ? sql`asc` : sql`desc`;
  const { rows, meta } = await pageWithCount(
    f,
    (w) =>
      itemQuery(db)
        .where(cond)
        .orderBy(sql`${SORT_COLUMNS[f.sortBy]} ${dir} nulls last`, sql`${submissions.id} ${dir}`)
        .limit(w.limit)
        .offset(w.offset),
    async () =>
      (
        await db
          .select({ total: count() })
          .from(submissions)
          .innerJoin(users, eq(users.id, submissions.userId))
          .innerJoin(quizzes, eq(quizzes.id, submissions.quizId))
          .innerJoin(courses, eq(courses.id, quizzes.courseId))
          .where(cond)
      )[0].total,
  );
  return { data: rows.map(presentSubmissionItem), pagination: meta };
}

type AnswerRow = { attemptId: number; questionId: number; answer: string };

/**
 * Every question of the quiz with the student's answer (raw and described), its verdict and marks by the key or the
 * teacher's earlier marks, and for the teacher the key described and the marking scheme beside it.
 */
function answersOf(keyed: readonly KeyedQuestion[], s: SubmissionRow, given: readonly AnswerRow[]): GradingAnswer[] {
  const byQuestion = new Map(given.map((a) => [a.questionId, a.answer]));
  // A submission whose attempt is gone still has its answers to questions without a key.
  for (const a of s.ungradedAnswers) if (!byQuestion.has(a.questionId)) byQuestion.set(a.questionId, a.answer);
  const outcome = gradeWithTeacher(
    keyed,
    [...byQuestion].map(([questionId, answer]) => ({ questionId, answer })),
    teacherGradeOf(s),
  );
  const verdict = new Map(outcome.perQuestion.map((p) => [p.questionId, p]));
  return keyed.map((q, i) => {
    const answer = byQuestion.get(q.id) ?? null;
    const needsGrading = !isAutoMarked(q);
    const v = verdict.get(q.id);
    const parts = q.type === "written" ? (q.details.parts ?? []) : [];
    const partAnswers = parts.length > 1 ? decodeParts(answer, parts.length) : [answer ?? ""];
    return {
      questionId: q.id,
      number: i + 1,
      text: q.text,
      options: q.options,
      answer,
      correctAnswer: needsGrading ? null : q.type === "single" ? correctAnswerText(q.answer, q.options) : describeKey(q),
      correct: v?.correct ?? null,
      needsGrading,
      type: q.type,
      marks: Number(q.marks),
      earned: v?.earned ?? null,
      answerText: answer === null ? null : describeAnswer(q, answer),
      parts: parts.map((p, j) => ({ label: p.label, marks: p.marks, answer: partAnswers[j] ?? "", scheme: p.scheme ?? "" })),
      key: q.type === "written" ? null : describeKey(q),
      scheme: q.type === "written" ? (q.details.scheme ?? null) : null,
      unit: q.type === "numerical" ? (q.details.unit ?? null) : null,
      equations: q.equations ?? [],
    };
  });
}

/**
 * GET /submissions/{quizId}/ungraded: the quiz's submissions still waiting for a teacher (graded is
 * false: some question has no key), oldest first, each with the student's name, every answer per
 * question and the automatic part of the score.
 */
export async function listUngraded(db: Db, viewer: Viewer, quizId: number, page: { page: number; limit: number }): Promise<UngradedListResponse> {
  const quiz = await loadQuizForAttempt(db, quizId);
  if (!quiz) throw notFound("Quiz not found");
  assertCanGradeQuiz(viewer, { quiz, course: quiz.course });
  const cond = and(eq(submissions.quizId, quizId), eq(submissions.graded, false));
  const [keyed, { rows, meta }] = await Promise.all([
    loadKeyedQuestions(db, quizId),
    pageWithCount(
      page,
      (w) =>
        db
          .select({ s: submissions, name: users.name, onPaper: onPaperSql })
          .from(submissions)
          .innerJoin(users, eq(users.id, submissions.userId))
          .where(cond)
          .orderBy(asc(submissions.createdAt), asc(submissions.id))
          .limit(w.limit)
          .offset(w.offset),
      async () => (await db.select({ total: count() }).from(submissions).where(cond))[0].total,
    ),
  ]);
  const attemptIds = rows.map((r) => r.s.attemptId).filter((id): id is number => id !== null);
  const given = attemptIds.length
    ? await db
        .select({ attemptId: attemptAnswers.attemptId, questionId: attemptAnswers.questionId, answer: attemptAnswers.answer })
        .from(attemptAnswers)
        .where(inArray(attemptAnswers.attemptId, attemptIds))
    : [];
  return {
    quiz: {
      id: quiz.id,
      title: quiz.title,
      passingScore: Number(quiz.passingScore),
      questionCount: keyed.length,
      course: { id: quiz.course.id, title: quiz.course.title },
    },
    data: rows.map(({ s, name, onPaper }) => ({
      id: s.id,
      userId: s.userId,
      quizId: s.quizId,
      user: { id: s.userId, name },
      score: s.score === null ? null : Number(s.score),
      correct: s.correct,
      total: s.total,
      ungradedAnswers: s.ungradedAnswers,
      answers: answersOf(
        keyed,
        s,
        given.filter((a) => a.attemptId === s.attemptId),
      ),
      onPaper: Boolean(onPaper),
      createdAt: s.createdAt.toISOString(),
    })),
    pagination: meta,
  };
}
