import type { AnswerInput } from "@adesua/domain";
import type { Db } from "../../db/client";
import { GroupCommit, type GroupCommitStats } from "../../db/group-commit";
import { isEmbedded, queryPrepared } from "../../db/prepared";
import { saveStatements } from "./attempt-save.queries";

/**
 * The one-statement save (SAVE_ANSWERS_SQL), alone or as a group commit of several (decision 034):
 * saves that wait at the same time go to the database as one statement (SAVE_ANSWERS_BATCH_SQL).
 * On PGlite every statement is a turn of the one database thread, and a save's statement cost about
 * ten times a row of a batched one. On by default on both databases (SAVE_GROUP_COMMIT; decision 053 for PostgreSQL).
 */

/** Who saves: a user (the request hook checked the session) or a bearer token's hash (the statement checks it, decision 038). */
export type SaveCaller = { userId: number } | { tokenHash: string };
export type SaveRequest = { attemptId: number; caller: SaveCaller; answers: readonly AnswerInput[]; now: Date };
/** The fast path's verdict: saved (ok) or "take the explaining path". */
export type SaveVerdict = { ok: boolean };

/** The save's statements for this database (the embedded database's take no row lock, decision 054). */
const SERVER = saveStatements(false);
const EMBEDDED = saveStatements(true);
const statementsFor = (db: Db) => (isEmbedded(db) ? EMBEDDED : SERVER);

const given = (answers: readonly AnswerInput[]) => answers.map((a) => ({ question_id: a.questionId, answer: a.answer }));
const userOf = (c: SaveCaller) => ("userId" in c ? c.userId : null);
const tokenOf = (c: SaveCaller) => ("tokenHash" in c ? c.tokenHash : null);

/** One save as one statement. */
export async function saveAnswersOnce(db: Db, r: SaveRequest): Promise<SaveVerdict> {
  const { name, text } = statementsFor(db).one;
  const rows = await queryPrepared(
    db,
    name,
    text,
    ["int", "jsonb", "int", "timestamptz", "text"],
    [r.attemptId, JSON.stringify(given(r.answers)), userOf(r.caller), r.now.toISOString(), tokenOf(r.caller)],
  );
  return { ok: rows[0]?.ok === true };
}

/**
 * Several saves as one statement, one verdict per request in order. The caller guarantees that no two
 * requests are of the same attempt (GroupCommit's key); the statement would then not be the same as
 * running them one by one.
 */
export async function saveAnswersBatch(db: Db, rs: readonly SaveRequest[]): Promise<SaveVerdict[]> {
  const payload = rs.map((r, i) => ({
    i,
    attempt_id: r.attemptId,
    user_id: userOf(r.caller),
    token_hash: tokenOf(r.caller),
    at: r.now.toISOString(),
    answers: given(r.answers),
  }));
  const { name, text } = statementsFor(db).batch;
  const rows = await queryPrepared(db, name, text, ["jsonb"], [JSON.stringify(payload)]);
  const byIndex = new Map(rows.map((row) => [Number(row.i), row.ok === true]));
  return rs.map((_, i) => {
    const ok = byIndex.get(i);
    if (ok === undefined) throw new Error(`the batched save answered no row for request ${i}`);
    return { ok };
  });
}

const batchers = new WeakMap<object, GroupCommit<SaveRequest, SaveVerdict>>();

export type SaveGroupCommitOptions = { maxBatch?: number; maxWeight?: number; maxInFlight?: number; lingerMs?: number };

/**
 * Turns group commit of saves on for this database (app.ts: PGlite by default, SAVE_GROUP_COMMIT to
 * choose). One batch in flight suits PGlite's single session: the next batch forms while it runs. With
 * `lingerMs`, a batch formed while saves pour in waits that long for more (decision 039).
 */
export function enableSaveGroupCommit(db: Db, opts: SaveGroupCommitOptions = {}): void {
  batchers.set(
    db,
    new GroupCommit<SaveRequest, SaveVerdict>({
      key: (r) => r.attemptId,
      runOne: (r) => saveAnswersOnce(db, r),
      runBatch: (rs) => saveAnswersBatch(db, rs),
      maxBatch: opts.maxBatch ?? 256,
      // A batch of many large saves (the quiz's outbox sends up to 200 answers at once) would hold the
      // database long; past this many answers the rest wait for the next batch.
      weight: (r) => r.answers.length,
      maxWeight: opts.maxWeight ?? 2000,
      maxInFlight: opts.maxInFlight ?? 1,
      lingerMs: opts.lingerMs ?? 0,
    }),
  );
}

/** How saves went out on this database, when group commit is on (tests, benchmarks). */
export const saveGroupCommitStats = (db: Db): GroupCommitStats | null => batchers.get(db)?.stats ?? null;

/** A save's fast path: batched with the saves waiting beside it when group commit is on, else alone. */
export function saveAnswersGrouped(db: Db, r: SaveRequest): Promise<SaveVerdict> {
  const batcher = batchers.get(db);
  return batcher ? batcher.submit(r) : saveAnswersOnce(db, r);
}
