import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  answerMatches,
  correctAnswerText,
  describeAnswer,
  describeKey,
  isAutoMarked,
  markAnswer,
  DEADLINE_GRACE_MS,
  LATE_ANSWERS,
  type LateAnswer,
  type LateAnswerDecision,
  type DecideLateAnswersResponse,
  type QuizLateAnswersResponse,
  type SubmissionLateAnswers,
} from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { attemptAnswers, attempts, lateAnswers, submissions, users, type SubmissionRow } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { badRequest, conflict, notFound } from "../../lib/errors";
import type { Viewer } from "../../lib/viewer";
import { assertCanGradeQuiz } from "../../policies/grading.policy";
import { requireQuiz } from "../quizzes/quiz-loaders";
import { loadKeyedQuestions, type KeyedQuestion } from "./grading.service";
import { regradeSubmission } from "./regrade.service";
import { lockSubmission } from "./submission-grading.service";

/**
 * Answers that reach the server after an attempt's time was up (decision 044): a phone that lost its connection in the
 * last minutes of a timed quiz sends them when it reconnects. They are kept beside the submission (`late_answers`), do
 * not count, and wait for the quiz's teacher, who accepts them (they join the attempt's answers and the submission is
 * re-graded, audited) or leaves them. Nothing a student answered is discarded.
 *
 * This file is the teacher's side; the student's (keeping them, the result's summary) is attempt-late.ts.
 */

type LateRow = typeof lateAnswers.$inferSelect & { decidedByName: string | null };
type SubmissionWithAttempt = { s: SubmissionRow; userName: string; deadline: Date | null; submittedAt: Date | null };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function present(
  keyed: readonly KeyedQuestion[],
  x: SubmissionWithAttempt,
  late: readonly LateRow[],
  counted: ReadonlyMap<number, string>,
): SubmissionLateAnswers {
  const place = new Map(keyed.map((q, i) => [q.id, i]));
  const sorted = [...late].sort((a, b) => (place.get(a.questionId) ?? 1e9) - (place.get(b.questionId) ?? 1e9));
  const answers: LateAnswer[] = sorted.map((l) => {
    const q = keyed[place.get(l.questionId) ?? -1];
    const auto = q ? isAutoMarked(q) : false;
    const key = !q || !auto ? null : q.type === "single" ? correctAnswerText(q.answer, q.options) : describeKey(q);
    const mark = q && auto ? markAnswer(q, l.answer, answerMatches) : null;
    const limit = x.deadline ? x.deadline.getTime() + DEADLINE_GRACE_MS : null;
    return {
      questionId: l.questionId,
      number: (place.get(l.questionId) ?? -1) + 1,
      text: q?.text ?? "",
      options: q?.options ?? [],
      answer: l.answer,
      countedAnswer: counted.get(l.questionId) ?? null,
      correctAnswer: key,
      correct: mark === null || mark.earned === null ? null : mark.earned >= mark.available,
      type: q?.type ?? "single",
      marks: q ? Number(q.marks) : 1,
      earned: mark?.earned ?? null,
      answerText: q ? describeAnswer(q, l.answer) : l.answer,
      givenAt: iso(l.givenAt),
      receivedAt: l.receivedAt.toISOString(),
      givenInTime: l.givenAt && limit !== null ? l.givenAt.getTime() <= limit : null,
      decision: (l.decision ?? "pending") as LateAnswerDecision,
      decidedBy: l.decidedBy !== null && l.decidedByName !== null ? { id: l.decidedBy, name: l.decidedByName } : null,
      decidedAt: iso(l.decidedAt),
    };
  });
  const s = x.s;
  return {
    submissionId: s.id,
    attemptId: s.attemptId!,
    quizId: s.quizId,
    user: { id: s.userId, name: x.userName },
    deadline: iso(x.deadline),
    submittedAt: (x.submittedAt ?? s.createdAt).toISOString(),
    score: s.score === null ? null : Number(s.score),
    correct: s.correct,
    total: s.total,
    pending: answers.filter((a) => a.decision === "pending").length,
    answers,
  };
}

const decider = sql<string | null>`(select u.name from users u where u.id = ${lateAnswers.decidedBy})`;

/** The late answers of these attempts with the name of whoever decided each. */
const lateOf = (db: Queryable, attemptIds: number[]): Promise<LateRow[]> =>
  attemptIds.length
    ? db
        .select({
          id: lateAnswers.id,
          attemptId: lateAnswers.attemptId,
          questionId: lateAnswers.questionId,
          answer: lateAnswers.answer,
          givenAt: lateAnswers.givenAt,
          receivedAt: lateAnswers.receivedAt,
          decision: lateAnswers.decision,
          decidedBy: lateAnswers.decidedBy,
          decidedAt: lateAnswers.decidedAt,
          decidedByName: decider,
        })
        .from(lateAnswers)
        .where(inArray(lateAnswers.attemptId, attemptIds))
        .orderBy(asc(lateAnswers.id))
    : Promise.resolve([]);

const countedOf = async (db: Queryable, attemptIds: number[]) => {
  const rows = attemptIds.length
    ? await db
        .select({ attemptId: attemptAnswers.attemptId, questionId: attemptAnswers.questionId, answer: attemptAnswers.answer })
        .from(attemptAnswers)
        .where(inArray(attemptAnswers.attemptId, attemptIds))
    : [];
  const by = new Map<number, Map<number, string>>();
  for (const r of rows) {
    if (!by.has(r.attemptId)) by.set(r.attemptId, new Map());
    by.get(r.attemptId)!.set(r.questionId, r.answer);
  }
  return by;
};

/** A submission with its student's name and its attempt's deadline and end. */
const submissionRows = (db: Queryable) =>
  db
    .select({ s: submissions, userName: users.name, deadline: attempts.deadline, submittedAt: attempts.submittedAt })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .innerJoin(attempts, eq(attempts.id, submissions.attemptId));

async function presentOne(db: Queryable, submissionId: number): Promise<SubmissionLateAnswers> {
  const [x] = await submissionRows(db).where(eq(submissions.id, submissionId));
  if (!x) throw notFound("Submission not found");
  const [keyed, late, counted] = await Promise.all([loadKeyedQuestions(db, x.s.quizId), lateOf(db, [x.s.attemptId!]), countedOf(db, [x.s.attemptId!])]);
  return present(keyed, x, late, counted.get(x.s.attemptId!) ?? new Map());
}

/** GET /submissions/{submissionId}/late-answers: the quiz's teachers and admins (decision 022's grading rule). */
export async function submissionLateAnswers(db: Db, viewer: Viewer, submissionId: number): Promise<SubmissionLateAnswers> {
  return db.transaction(async (tx) => {
    const locked = await lockSubmission(tx, submissionId);
    assertCanGradeQuiz(viewer, { quiz: locked.quiz, course: locked.quiz.course });
    if (locked.submission.attemptId === null) throw notFound("Submission not found");
    return presentOne(tx, submissionId);
  });
}

/** GET /quizzes/{id}/late-answers: every submission of the quiz with late answers, those waiting for a decision first. */
export async function quizLateAnswers(db: Db, viewer: Viewer, quizId: number): Promise<QuizLateAnswersResponse> {
  const quiz = await requireQuiz(db, quizId);
  assertCanGradeQuiz(viewer, { quiz, course: quiz.course });
  const rows = await submissionRows(db)
    .where(and(eq(submissions.quizId, quizId), sql`exists (select 1 from late_answers la where la.attempt_id = ${submissions.attemptId})`))
    .orderBy(asc(submissions.createdAt), asc(submissions.id))
    .limit(500);
  const ids = rows.map((r) => r.s.attemptId!);
  const [keyed, late, counted] = await Promise.all([loadKeyedQuestions(db, quizId), lateOf(db, ids), countedOf(db, ids)]);
  const data = rows.map((x) =>
    present(
      keyed,
      x,
      late.filter((l) => l.attemptId === x.s.attemptId),
      counted.get(x.s.attemptId!) ?? new Map(),
    ),
  );
  data.sort((a, b) => Number(b.pending > 0) - Number(a.pending > 0));
  return { quiz: { id: quiz.id, title: quiz.title }, pending: data.reduce((n, d) => n + d.pending, 0), data };
}

const numbers = (s: Pick<SubmissionRow, "score" | "correct" | "total" | "graded">) => ({
  score: s.score === null ? null : Number(s.score),
  correct: s.correct,
  total: s.total,
  graded: s.graded,
});

/**
 * POST /submissions/{submissionId}/late-answers/accept and …/leave: decides the waiting late answers (all, or those
 * of `questionIds`). Accepting puts them among the attempt's answers (replacing what was saved for those questions)
 * and re-grades the submission, keeping a teacher's grade, with its records following (`regradeSubmission`); leaving
 * keeps them beside it, not counted. Audited on the submission: accept as "regrade" with the grade before and after,
 * leave as "reject".
 */
export async function decideLateAnswers(
  db: Db,
  submissionId: number,
  decision: "accepted" | "left",
  questionIds: number[] | null,
  ctx: { viewer: Viewer; actor: Actor; now: Date },
): Promise<DecideLateAnswersResponse> {
  return db.transaction(async (tx) => {
    const locked = await lockSubmission(tx, submissionId);
    assertCanGradeQuiz(ctx.viewer, { quiz: locked.quiz, course: locked.quiz.course });
    const s = locked.submission;
    if (s.attemptId === null) throw notFound("Submission not found");
    const attemptId = s.attemptId;
    const waiting = await tx
      .select()
      .from(lateAnswers)
      .where(and(eq(lateAnswers.attemptId, attemptId), isNull(lateAnswers.decision)))
      .orderBy(asc(lateAnswers.questionId))
      .for("update");
    if (questionIds && questionIds.some((id) => !waiting.some((w) => w.questionId === id))) throw badRequest(LATE_ANSWERS.notPending);
    const chosen = questionIds ? waiting.filter((w) => questionIds.includes(w.questionId)) : waiting;
    if (!chosen.length) throw conflict(LATE_ANSWERS.nothingPending);
    await tx
      .update(lateAnswers)
      .set({ decision, decidedBy: ctx.viewer.id, decidedAt: ctx.now })
      .where(
        and(
          eq(lateAnswers.attemptId, attemptId),
          inArray(
            lateAnswers.questionId,
            chosen.map((c) => c.questionId),
          ),
        ),
      );
    const before = numbers(s);
    let after = before;
    const detail = chosen.map((c) => ({ questionId: c.questionId, answer: c.answer, givenAt: iso(c.givenAt), receivedAt: c.receivedAt.toISOString() }));
    if (decision === "accepted") {
      // They count from when they arrived: the attempt's answers for those questions are replaced.
      await tx
        .insert(attemptAnswers)
        .values(chosen.map((c) => ({ attemptId, questionId: c.questionId, answer: c.answer, savedAt: c.receivedAt })))
        .onConflictDoUpdate({
          target: [attemptAnswers.attemptId, attemptAnswers.questionId],
          set: { answer: sql`excluded.answer`, savedAt: sql`excluded.saved_at` },
          setWhere: sql`${attemptAnswers.answer} is distinct from excluded.answer`,
        });
      const regraded = await regradeSubmission(tx, s, { id: locked.quiz.id, passingScore: locked.quiz.passingScore });
      after = numbers(regraded);
      await recordAudit(tx, {
        entityType: "submission",
        entityId: s.id,
        action: "regrade",
        actor: ctx.actor,
        before: { userId: s.userId, quizId: s.quizId, ...before },
        after: { userId: s.userId, quizId: s.quizId, ...after, lateAnswersAccepted: detail },
      });
    } else {
      await recordAudit(tx, {
        entityType: "submission",
        entityId: s.id,
        action: "reject",
        actor: ctx.actor,
        after: { userId: s.userId, quizId: s.quizId, lateAnswersLeft: detail },
      });
    }
    return { decided: chosen.length, before, after, submission: await presentOne(tx, s.id) };
  });
}
