import type { AnswerInput, AttemptResult, AttemptSession } from "@adesua/domain";
import type { Db } from "../db/client";
import { commitEvenIfRefused } from "../db/transactions";
import type { Actor } from "../audit/audit";
import type { Viewer } from "../lib/viewer";
import { takesPreview } from "../policies/attempt.policy";
import { startAttempt, startAttemptByToken, submitOwnAttempt, submitOwnAttemptByToken } from "./attempt.service";
import { attemptSession } from "./attempt-result.service";

/**
 * The exam's bursts as procedures (decision 038): whole pieces of work, transaction and JavaScript
 * together, that run where the database is. With PGlite on its own thread (decision 028) a
 * procedure runs on that thread (db/pglite-worker.ts): its statements never wait for the request
 * thread, which would otherwise take every answer between BEGIN and COMMIT while the transaction
 * holds the whole embedded database. Elsewhere (PostgreSQL, PGlite on the request thread) the same
 * function runs here. Arguments and results cross `postMessage`: plain data and Dates only.
 */
const PROCEDURES = {
  /** POST /quizzes/{id}/attempts: starts or resumes, then the attempt as its screen shows it. */
  async startAttempt(db: Db, a: { viewer: Viewer; quizId: number; now: Date; actor: Actor }): Promise<{ created: boolean; session: AttemptSession }> {
    const { attempt, quiz, created } = await startAttempt(db, a.viewer, a.quizId, a.now, a.actor);
    const session = await attemptSession(db, attempt, quiz, takesPreview(a.viewer), a.now, { isNew: created });
    return { created, session };
  },
  /** POST /quizzes/{id}/attempts with the session checked by the start's own statements; null when they say no (the route then authenticates). */
  async startByToken(db: Db, a: { tokenHash: string; quizId: number; now: Date }): Promise<{ created: boolean; session: AttemptSession } | null> {
    const started = await startAttemptByToken(db, a.tokenHash, a.quizId, a.now);
    if (!started) return null;
    const { attempt, quiz, created, viewer } = started;
    const session = await attemptSession(db, attempt, quiz, takesPreview(viewer), a.now, { isNew: created });
    return { created, session };
  },
  /** POST /attempts/{id}/submit. */
  submitOwnAttempt(db: Db, a: { viewer: Viewer; attemptId: number; answers: AnswerInput[]; now: Date; actor: Actor }): Promise<AttemptResult> {
    return commitEvenIfRefused(db, (tx) => submitOwnAttempt(tx, a.viewer, a.attemptId, a.answers, a.now, a.actor));
  },
  /** POST /attempts/{id}/submit with the session checked by the lock's statement; null when it says no (the route then authenticates). */
  submitByToken(db: Db, a: { tokenHash: string; attemptId: number; answers: AnswerInput[]; now: Date }): Promise<AttemptResult | null> {
    return commitEvenIfRefused(db, (tx) => submitOwnAttemptByToken(tx, a.tokenHash, a.attemptId, a.answers, a.now));
  },
};

type Procedures = typeof PROCEDURES;
export type ProcedureName = keyof Procedures;

/** Runs a procedure here (the database thread calls this for the messages it is sent). */
export function runProcedure<K extends ProcedureName>(db: Db, name: K, args: Parameters<Procedures[K]>[1]): ReturnType<Procedures[K]> {
  if (!Object.hasOwn(PROCEDURES, name)) throw new Error(`No procedure ${String(name)}`);
  return PROCEDURES[name](db, args as never) as ReturnType<Procedures[K]>;
}

type ThreadClient = { procedure?: (name: string, args: unknown) => Promise<unknown> };

/** Runs a procedure where the database is: on PGlite's thread when it has one, otherwise here. */
export function onDatabase<K extends ProcedureName>(db: Db, name: K, args: Parameters<Procedures[K]>[1]): ReturnType<Procedures[K]> {
  const client = (db as unknown as { $client?: ThreadClient }).$client;
  if (typeof client?.procedure === "function") return client.procedure(name, args) as ReturnType<Procedures[K]>;
  return runProcedure(db, name, args);
}
