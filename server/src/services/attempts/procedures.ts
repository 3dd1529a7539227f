import type { AnswerInput, AttemptResult, AttemptSession } from "@adesua/domain";
import type { Db } from "../../db/client";
import { isEmbedded, pgliteThreadOf } from "../../db/prepared";
import { commitEvenIfRefused } from "../../db/transactions";
import type { Actor } from "../../audit/audit";
import type { Viewer } from "../../lib/viewer";
import { takesPreview } from "../../policies/attempts.policy";
import { startAttempt, startAttemptByToken, submitOwnAttempt, submitOwnAttemptByToken, type Started } from "./attempt.service";
import { startNewByToken } from "./attempt-start-new";
import { attemptSessionParts } from "./attempt-result.service";
import { submitInTimeByToken } from "./attempt-submit-in-time";

/**
 * The exam's bursts as procedures (decision 038): whole pieces of work, transaction and JavaScript
 * together, that run where the database is. With PGlite on its own thread (decision 028) a
 * procedure runs on that thread (db/pglite-worker.ts): its statements never wait for the request
 * thread, which would otherwise take every answer between BEGIN and COMMIT while the transaction
 * holds the whole embedded database. Elsewhere (PostgreSQL, PGlite on the request thread) the same
 * function runs here. Arguments and results cross `postMessage`: plain data and Dates only.
 */
/**
 * A start's session with the version of its quiz's questions: their `questions` left empty when the caller said it
 * holds that version already (`questionsLeftOut`), so the exam's start burst neither copies 40 questions across the
 * thread nor writes their JSON again for every student (routes/attempts/start-reply.ts).
 */
export type StartedSessionParts = { created: boolean; session: AttemptSession; questionsVersion: number; questionsLeftOut: boolean };

/** A started (or resumed) attempt as its screen shows it, leaving out the questions when the caller holds their version. */
const shown = async (db: Db, s: Started, viewer: Viewer, now: Date, questionsHeld: number | null): Promise<StartedSessionParts> => ({
  created: s.created,
  ...(await attemptSessionParts(db, s.attempt, s.quiz, takesPreview(viewer), now, { isNew: s.created, questionsHeld })),
});

/**
 * PGlite's thread holding the database for one procedure's few statements, with nothing run between them (decision
 * 056): `fn` is given the held database, on which it may not open a transaction. Absent elsewhere.
 */
export type Held = <T>(fn: (db: Db) => Promise<T>) => Promise<T>;

/**
 * The start and the submit in time in two statements and no transaction (decision 053 on PostgreSQL, guarded against
 * what may run between them; decision 056 on PGlite's thread, which holds the database between them instead, so
 * nothing is guarded). PGlite on the request thread keeps the transaction's path.
 */
function twoStatements<T>(db: Db, held: Held | undefined, fn: (db: Db, guarded: boolean) => Promise<T>): Promise<T | undefined> {
  if (held) return held((alone) => fn(alone, false));
  return isEmbedded(db) ? Promise.resolve(undefined) : fn(db, true);
}

const PROCEDURES = {
  /**
   * POST /quizzes/{id}/attempts: starts or resumes, then the attempt as its screen shows it. `questionsHeld`: the version
   * of the quiz's questions the caller holds (their JSON), or null.
   */
  async startAttempt(db: Db, a: { viewer: Viewer; quizId: number; now: Date; actor: Actor; questionsHeld: number | null }): Promise<StartedSessionParts> {
    return shown(db, await startAttempt(db, a.viewer, a.quizId, a.now, a.actor), a.viewer, a.now, a.questionsHeld);
  },
  /**
   * POST /quizzes/{id}/attempts with the session checked by the start's own statements; null when they say no (the route
   * then authenticates). `questionsHeld` as for startAttempt.
   */
  async startByToken(
    db: Db,
    a: { tokenHash: string; quizId: number; now: Date; questionsHeld: number | null },
    held?: Held,
  ): Promise<StartedSessionParts | null> {
    const fast = await twoStatements(db, held, (q, guarded) => startNewByToken(q, a.tokenHash, a.quizId, a.now, guarded));
    const started = fast !== undefined ? fast : await startAttemptByToken(db, a.tokenHash, a.quizId, a.now);
    return started && shown(db, started, started.viewer, a.now, a.questionsHeld);
  },
  /** POST /attempts/{id}/submit. */
  submitOwnAttempt(db: Db, a: { viewer: Viewer; attemptId: number; answers: AnswerInput[]; now: Date; actor: Actor }): Promise<AttemptResult> {
    return commitEvenIfRefused(db, (tx) => submitOwnAttempt(tx, a.viewer, a.attemptId, a.answers, a.now, a.actor));
  },
  /**
   * POST /attempts/{id}/submit with the session checked by the lock's statement; null when it says no (the route then
   * authenticates). A submit in time with no answers to save first tries the path without a transaction.
   */
  async submitByToken(db: Db, a: { tokenHash: string; attemptId: number; answers: AnswerInput[]; now: Date }, held?: Held): Promise<AttemptResult | null> {
    const fast = a.answers.length ? undefined : await twoStatements(db, held, (q, guarded) => submitInTimeByToken(q, a.tokenHash, a.attemptId, a.now, guarded));
    if (fast !== undefined) return fast;
    return commitEvenIfRefused(db, (tx) => submitOwnAttemptByToken(tx, a.tokenHash, a.attemptId, a.answers, a.now));
  },
};

type Procedures = typeof PROCEDURES;
export type ProcedureName = keyof Procedures;

/** Runs a procedure here (the database thread calls this for the messages it is sent). */
export function runProcedure<K extends ProcedureName>(db: Db, name: K, args: Parameters<Procedures[K]>[1], held?: Held): ReturnType<Procedures[K]> {
  if (!Object.hasOwn(PROCEDURES, name)) throw new Error(`No procedure ${String(name)}`);
  return PROCEDURES[name](db, args as never, held) as ReturnType<Procedures[K]>;
}

/** Runs a procedure where the database is: on PGlite's thread when it has one, otherwise here. */
export function onDatabase<K extends ProcedureName>(db: Db, name: K, args: Parameters<Procedures[K]>[1]): ReturnType<Procedures[K]> {
  const thread = pgliteThreadOf(db);
  return thread ? (thread.procedure(name, args) as ReturnType<Procedures[K]>) : runProcedure(db, name, args);
}
