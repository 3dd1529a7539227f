import fs from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { sql } from "drizzle-orm";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { openDatabase, type Database } from "../../db/client";
import { call, useTestApp } from "../../../test/test-app";
import { buildQuiz, signedIn } from "../../../test/factories";
import { HOT_STATEMENT_RUNS, hotStatements } from "./attempt-warm";

const t = useTestApp();
const TABLES = ["attempts", "attempt_answers", "submissions", "records", "audit_logs", "summary_backlog", "late_answers"];

/** How many rows each table of the exam holds. */
async function counts(database: Database): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) out[table] = Number((await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))).rows[0].n);
  return out;
}

describe("the exam's hot statements prepared ahead on PostgreSQL", () => {
  it.skipIf(!process.env.DATABASE_URL)("run on every kept connection without error or change, and the exam then runs on those connections", async () => {
    const database = await openDatabase({ databaseUrl: t.databaseUrl, pgliteDir: null, poolSize: 3, poolWarm: true });
    try {
      const s = await signedIn(database.db, { role: "student", studentType: "jhs1" });
      const { quiz, questions } = await buildQuiz(database.db, { timeLimit: 20 });
      const before = await counts(database);
      expect(await database.warmStatements!(hotStatements(false), HOT_STATEMENT_RUNS)).toEqual([]);
      expect(await counts(database)).toEqual(before);

      // Every connection now holds the statements under their names: a caller giving one of those names another
      // text would be refused by node-postgres. The whole exam runs on these connections, several at once.
      const app = await buildApp({ database, config: loadConfig({ DATA_DIR: "/tmp", SEED_DEMO: "false" }) });
      try {
        const started = await call(app, { method: "POST", url: `/api/quizzes/${quiz.id}/attempts`, token: s.token });
        expect(started.status).toBe(201);
        const id = started.body.attemptId;
        const saves = await Promise.all(
          questions.map((q) =>
            call(app, { method: "PUT", url: `/api/attempts/${id}/answers`, token: s.token, payload: { answers: [{ questionId: q.id, answer: q.answer! }] } }),
          ),
        );
        expect(saves.map((r) => r.status)).toEqual(questions.map(() => 200));
        const done = await call(app, { method: "POST", url: `/api/attempts/${id}/submit`, token: s.token, payload: {} });
        expect(done.status).toBe(200);
        expect(done.body).toMatchObject({ correct: questions.length, total: questions.length });
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });

  it.skipIf(!!process.env.DATABASE_URL)("run on PGlite's own thread without error or change", async () => {
    const database = await openDatabase({
      databaseUrl: null,
      pgliteDir: null,
      pgliteLoad: new Blob([fs.readFileSync(inject("pgliteDump"))]),
      pgliteThread: true,
    });
    try {
      await buildQuiz(database.db, { timeLimit: 20 });
      const before = await counts(database);
      expect(await database.warmStatements!(hotStatements(true), HOT_STATEMENT_RUNS)).toEqual([]);
      expect(await counts(database)).toEqual(before);
    } finally {
      await database.close();
    }
  });
});
