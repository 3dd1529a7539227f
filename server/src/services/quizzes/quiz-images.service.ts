import { and, count, eq, sql } from "drizzle-orm";
import { attemptStartRefusal, DEADLINE_GRACE_MS, QUIZ_MESSAGES, reviewAllowed } from "@adesua/domain";
import type { Queryable } from "../../db/client";
import { attempts, files, questions, type QuizRow } from "../../db/schema";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import { assertCanSeeQuiz, quizColumnsOf, taughtQuizSql } from "../../policies/quizzes.policy";
import { findQuiz } from "./quiz.service";
import type { Viewer } from "../../lib/viewer";
import { timingOf } from "./quiz-loaders";

/**
 * The pictures (diagrams) of quiz questions (issue 11): which stored images a teacher may put on a
 * quiz question, and when a student may look at one.
 */

/**
 * The images a viewer may put on a quiz question: those they uploaded (POST /questions/parse stores a
 * paper's pictures under the caller), those of the bank (open to every signed-in user), and those already
 * on a question of a quiz they manage (an admin: any quiz), so saving a quiz again keeps its pictures and a
 * picture may move between a teacher's quizzes. Anything else, or a file that is not an image, is a 400
 * that does not say which: a file id of someone else's upload is not revealed.
 */
export async function checkQuizImages(db: Queryable, viewer: Viewer, lists: readonly (readonly number[] | undefined)[]): Promise<void> {
  const ids = [...new Set(lists.flatMap((l) => l ?? []))];
  if (ids.length === 0) return;
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  // Quiz questions count only in quizzes the viewer manages (quiz.policy's rule: made by them or in a course they teach).
  const managed =
    viewer.role === "admin"
      ? sql`true`
      : sql`q.quiz_id in (select z.id from quizzes z left join courses c on c.id = z.course_id where ${taughtQuizSql(viewer.id, quizColumnsOf("z", "c"))})`;
  // One pass over the questions that have pictures (not one per id): the usable ids as a set, hashed once.
  const res = await db.execute<{ id: number }>(sql`
    with wanted as (select unnest(array[${idList}]::int[]) as id),
    on_questions as (
      select e.v::int as id from ${questions} q, jsonb_array_elements_text(q.image_file_ids) e(v)
      where jsonb_array_length(q.image_file_ids) > 0 and (q.quiz_id is null or ${managed}) and e.v::int in (select id from wanted))
    select f.id from ${files} f join wanted w on w.id = f.id
    where f.mime_type like 'image/%'
      and (f.uploaded_by = ${viewer.id} or f.id in (select id from on_questions))`);
  if (res.rows.length !== ids.length) throw badRequest(QUIZ_MESSAGES.imageNotYours);
}

/** Why a student may not see a quiz question's picture now: the same words for every case, so nothing is revealed. */
export const PICTURE_NOT_NOW = "This picture is shown only during your attempt, or in its review once the answers are released";

/**
 * A student sees a quiz question's pictures exactly when they see its questions (spec README item 3):
 * inside an attempt of theirs that is running (its deadline, with the save grace, not passed), or
 * after submitting when the review with the answers is released to them (decision 016). Never before
 * starting, and never another student's way: the attempt must be their own.
 */
async function assertStudentMaySeeQuestions(db: Queryable, viewer: Viewer, quiz: QuizRow, now: Date): Promise<void> {
  const [row] = await db
    .select({
      running: sql<boolean>`bool_or(${attempts.status} = 'in_progress' and (${attempts.deadline} is null or ${attempts.deadline} + ${`${DEADLINE_GRACE_MS} milliseconds`}::interval >= ${now.toISOString()}::timestamptz))`,
      submitted: sql<boolean>`bool_or(${attempts.status} <> 'in_progress')`,
      n: count(),
      first: sql<Date | string | null>`min(${attempts.startedAt})`,
    })
    .from(attempts)
    .where(and(eq(attempts.quizId, quiz.id), eq(attempts.userId, viewer.id)));
  if (row?.running === true) return;
  if (row?.submitted === true) {
    const refusal = attemptStartRefusal(timingOf(quiz), { count: Number(row.n), firstStartedAt: row.first ? new Date(row.first) : null }, now);
    if (reviewAllowed(quiz, refusal, now)) return;
  }
  throw forbidden(PICTURE_NOT_NOW);
}

/** A question's pictures and the quiz it belongs to (null: a bank question), whatever its kind. */
export async function questionPictures(db: Queryable, id: number): Promise<{ quizId: number | null; imageFileIds: number[] } | null> {
  const [row] = await db.select({ quizId: questions.quizId, imageFileIds: questions.imageFileIds }).from(questions).where(eq(questions.id, id)).limit(1);
  return row ?? null;
}

/**
 * GET /questions/{id}/images/{n} of a quiz question: its staff (who see the quiz) always; a student of
 * the quiz's level only as assertStudentMaySeeQuestions says (403); anyone else is told the quiz is not
 * found (404), so its existence is not revealed.
 */
export async function assertMaySeeQuizPicture(db: Queryable, viewer: Viewer, quizId: number, now: Date): Promise<void> {
  const quiz = await findQuiz(db, quizId);
  if (!quiz) throw notFound("Quiz not found");
  assertCanSeeQuiz(viewer, quiz);
  if (viewer.role === "student") await assertStudentMaySeeQuestions(db, viewer, quiz.quiz, now);
}
