import { attemptDeadline, attemptStartRefusal, type StartRefusal } from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { queryPrepared } from "../../db/prepared";
import type { AttemptRow } from "../../db/schema";
import type { HttpError } from "../../lib/errors";
import type { Viewer } from "../../lib/viewer";
import { assertCanStartAttempt, takesPreview } from "../../policies/attempts.policy";
import { timingOf, type QuizForAttempt } from "../quizzes/quiz-loaders";
import { HOT_NAMES, INSERT_ATTEMPT_SQL, INSERT_NEW_ATTEMPT_SQL, sessionFromRaw, START_NEW_BY_TOKEN_SQL } from "./attempt.queries";
import { quizFromRaw, refusal, type Settled } from "./attempt-settle";

/** What a start refuses with, by the domain rule's reason. */
const START_REFUSALS: Record<StartRefusal, () => HttpError> = {
  upcoming: () => refusal(403, "notOpen"),
  closed: () => refusal(403, "closed"),
  maxed: () => refusal(409, "noAttemptsLeft"),
  timeUsed: () => refusal(409, "noTimeLeft"),
};

export type Started = {
  attempt: AttemptRow;
  quiz: QuizForAttempt;
  created: boolean;
  /** An overdue open attempt this call submitted before deciding (null when there was none). */
  finalized: Settled | null;
};

/**
 * A start with nothing to settle (no open attempt) in two statements and no transaction (decision 053): on PostgreSQL
 * every round trip of a transaction waits for a busy app server while its connection is held; on PGlite's thread
 * (decision 056) BEGIN and COMMIT are a third of a start's work there. startLocked's rules and insert
 * (insertNewAttempt) decide, on the same facts, read in one statement. `guarded` (PostgreSQL, where anything may run
 * between the two): the unique indexes (one open attempt per student and quiz; one attempt per number) refuse a
 * parallel start's insert, and the insert refuses a quiz whose questions changed since they were read. Unguarded, the
 * caller holds the database between them (PGlite's thread); the unique indexes still refuse. `undefined` when the
 * insert inserts nothing (and whenever there is something to settle, or the quiz is not found): the caller takes the
 * transaction's path, which resumes, settles or explains. Null: the token says no.
 */
export async function startNewByToken(
  db: Db,
  tokenHash: string,
  quizId: number,
  now: Date,
  guarded: boolean,
): Promise<(Started & { viewer: Viewer }) | null | undefined> {
  const [found] = await queryPrepared(db, HOT_NAMES.startNewByToken, START_NEW_BY_TOKEN_SQL, ["int", "text"], [quizId, tokenHash]);
  if (!found || found.m_open === true) return undefined;
  const session = sessionFromRaw(found);
  if (!session) return null;
  const { viewer } = session;
  const quiz = quizFromRaw(found);
  assertCanStartAttempt(viewer, { studentType: quiz.studentType, teacherId: quiz.teacherId, courseTeacherId: quiz.course.teacherId, status: quiz.status });
  const preview = takesPreview(viewer);
  const earlier = {
    count: Number(found.m_count),
    firstStartedAt: found.m_first == null ? null : new Date(found.m_first as string | Date),
    lastNumber: Number(found.m_last ?? 0),
  };
  const row = await insertNewAttempt(db, viewer, quiz, earlier, preview, now, guarded ? { questionsVersion: quiz.questionsVersion } : null);
  if (!row) return undefined;
  return { attempt: row, quiz, created: true, finalized: null, viewer };
}

/** What a new attempt's start rules need of the student's earlier attempts at the quiz. */
export type EarlierAttempts = { count: number; firstStartedAt: Date | null; lastNumber: number };

/**
 * A new attempt, after the start rules (the window, the attempt limit, the time already used; none for a staff
 * preview, which ignores the close time too): its row, or null when a unique index refused it (a parallel start won)
 * or, with `questionsVersion`, when the quiz's questions are no longer that version (INSERT_NEW_ATTEMPT_SQL).
 */
export async function insertNewAttempt(
  q: Queryable,
  viewer: Viewer,
  quiz: QuizForAttempt,
  earlier: EarlierAttempts,
  preview: boolean,
  now: Date,
  guard: { questionsVersion: number } | null = null,
): Promise<AttemptRow | null> {
  if (!preview) {
    const refused = attemptStartRefusal(timingOf(quiz), { count: earlier.count, firstStartedAt: earlier.firstStartedAt }, now);
    if (refused) throw START_REFUSALS[refused]();
  }
  const deadline = attemptDeadline(timingOf(quiz), now, earlier.firstStartedAt, { ignoreCloseTime: preview });
  const params = [
    quiz.id,
    viewer.id,
    earlier.lastNumber + 1,
    now.toISOString(),
    deadline?.toISOString() ?? null,
    quiz.timedSections.length ? now.toISOString() : null,
  ];
  const types = ["int", "int", "int", "timestamptz", "timestamptz", "timestamptz"];
  const [row] = guard
    ? await queryPrepared(q, HOT_NAMES.insertNewAttempt, INSERT_NEW_ATTEMPT_SQL, [...types, "int"], [...params, guard.questionsVersion])
    : await queryPrepared(q, "adesua_insert_attempt_v1", INSERT_ATTEMPT_SQL, types, params);
  return (row as AttemptRow | undefined) ?? null;
}
