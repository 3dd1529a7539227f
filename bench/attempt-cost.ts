/**
 * What a start, a save and a submit cost on PGlite's thread (decision 034): N students one after
 * another, each statement's round trip to the thread timed from the request thread (nothing else
 * runs, so that is the thread's time plus one message each way), grouped by the statement's text.
 *
 *   node --import tsx bench/attempt-cost.ts [students=200]      (THREAD=0: PGlite on the request thread)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateDatabase, openDatabase } from "../server/src/db/client";
import { buildApp } from "../server/src/app";
import { loadConfig } from "../server/src/config";
import { buildQuiz, sampleQuestions, signedIn } from "../server/test/factories";

type Runner = { query: (...a: unknown[]) => Promise<unknown>; exec: (...a: unknown[]) => Promise<unknown> };
type Client = Runner & { transaction: (fn: (tx: Runner) => Promise<unknown>) => Promise<unknown> };

const N = Number(process.argv[2] ?? 200);
const database = await openDatabase({ databaseUrl: null, pgliteDir: null, pgliteThread: process.env.THREAD !== "0" });
await migrateDatabase(database);
const client = (database.db as unknown as { $client: Client }).$client;
let phase = "seed";
const costs = new Map<string, { n: number; ms: number }>();
const count = (key: string, ms: number) => {
  const c = costs.get(`${phase} | ${key}`) ?? { n: 0, ms: 0 };
  c.n++;
  c.ms += ms;
  costs.set(`${phase} | ${key}`, c);
};
const timed = (obj: Runner, name: "query" | "exec") => {
  const orig = obj[name].bind(obj);
  obj[name] = async (sql: unknown, ...rest: unknown[]) => {
    const t = performance.now();
    try {
      return await orig(sql, ...rest);
    } finally {
      count(
        String(sql)
          .replace(/\s+/g, " ")
          .replace(/\(\d+.*$/, "(…)")
          .trim()
          .slice(0, 70),
        performance.now() - t,
      );
    }
  };
};
timed(client, "query");
timed(client, "exec");
const transaction = client.transaction.bind(client);
client.transaction = async (fn) => {
  const t = performance.now();
  try {
    return await transaction((tx) => {
      timed(tx, "query");
      timed(tx, "exec");
      return fn(tx);
    });
  } finally {
    count("(whole transaction, BEGIN to COMMIT answered)", performance.now() - t);
  }
};

const config = loadConfig({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "adesua-cost-")), SEED_DEMO: "false", SAVE_GROUP_COMMIT: "false" });
const app = await buildApp({ database, config });
await app.ready();
const { quiz, questions } = await buildQuiz(database.db, { questions: sampleQuestions(40), timeLimit: 30 });
const students: { token: string; attemptId: number }[] = [];
for (let i = 0; i < N; i++) students.push({ token: (await signedIn(database.db, { role: "student" })).token, attemptId: 0 });
const call = (method: "POST" | "PUT", url: string, token: string, payload: object = {}) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });

const steps: [string, (s: (typeof students)[number]) => Promise<unknown>][] = [
  ["start", async (s) => (s.attemptId = (await call("POST", `/api/quizzes/${quiz.id}/attempts`, s.token)).json().attemptId)],
  ["save", (s) => call("PUT", `/api/attempts/${s.attemptId}/answers`, s.token, { answers: [{ questionId: questions[0].id, answer: "A" }] })],
  ["submit", (s) => call("POST", `/api/attempts/${s.attemptId}/submit`, s.token)],
];
console.log(
  `${N} students, PGlite ${process.env.THREAD !== "0" ? "on its thread" : "on the request thread"}; load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
for (const [label, run] of steps) {
  phase = label;
  const t = performance.now();
  for (const s of students) await run(s);
  const wall = (performance.now() - t) / N;
  const mine = [...costs].filter(([k]) => k.startsWith(`${label} |`)).sort((a, b) => b[1].ms - a[1].ms);
  const statements = mine.filter(([k]) => !k.includes("whole transaction"));
  const n = statements.reduce((a, [, c]) => a + c.n, 0);
  console.log(`\n${label}: ${(n / N).toFixed(1)} statements, ${wall.toFixed(3)} ms per request in all`);
  for (const [k, c] of mine) console.log(`  ${(c.ms / N).toFixed(3)} ms  ×${(c.n / N).toFixed(1)}  ${k.slice(label.length + 3)}`);
}
await app.close();
await database.close();
