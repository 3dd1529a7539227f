/**
 * What a start and a group-committed save cost on PGlite's thread (issue 30, the school box; decision 054): the
 * database as on a 768 MB box (shared_buffers 16 MB, baseline-compiled WebAssembly); 600 starts of one class after
 * another class's 600 warmed the code, then saves of one answer each in batches of 1, 2, 4 … 128, one batch at a
 * time. The whole process's CPU per start and per save (request thread, database thread, GC) and the wall time per batch.
 *   npm run bench:save-batch -- [saves=3000]
 * Environment: LIFTOFF=0 optimised WebAssembly as on a larger machine; SIZES=1,16 only those batch sizes (empty: starts
 * only); PLAN=force_generic_plan (or another plan_cache_mode) for the database.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateDatabase, openDatabase } from "../server/src/db/client";
import { hashToken } from "../server/src/auth/sessions";
import { onDatabase } from "../server/src/services/attempts/procedures";
import { saveAnswersBatch, saveAnswersOnce, type SaveRequest } from "../server/src/services/attempts/attempt-save-batch";
import { seedStorm } from "../server/test/storm";

const N = Number(process.argv[2] ?? 3000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "adesua-batch-"));
const open = () =>
  openDatabase({
    databaseUrl: null,
    pgliteDir: path.join(dir, "db"),
    pgliteThread: true,
    pgliteSettings: { shared_buffers: "16MB", maintenance_work_mem: "16MB", ...(process.env.PLAN ? { plan_cache_mode: process.env.PLAN } : {}) },
    pgliteSmall: { liftoffOnly: process.env.LIFTOFF !== "0", youngGenerationMb: 8 },
  });
let database = await open();
await migrateDatabase(database);
// Two classes: the first one's starts warm the code up, the second one's are measured.
const warm = await seedStorm(database.db, { students: 600, questionCount: 40, timeLimitMinutes: 120 });
const { students, quiz } = await seedStorm(database.db, { students: 600, questionCount: 40, timeLimitMinutes: 120 });
await database.close();
database = await open();
const db = database.db;
for (const s of warm.students)
  await onDatabase(db, "startByToken", { tokenHash: hashToken(s.token), quizId: warm.quiz.quizId, now: new Date(), questionsHeld: null });
const attempts: { attemptId: number; tokenHash: string }[] = [];
const s0 = process.cpuUsage();
const t0 = performance.now();
for (const s of students) {
  const tokenHash = hashToken(s.token);
  const r = (await onDatabase(db, "startByToken", { tokenHash, quizId: quiz.quizId, now: new Date(), questionsHeld: null })) as {
    session: { attemptId: number };
  } | null;
  if (!r) throw new Error("start refused");
  attempts.push({ attemptId: r.session.attemptId, tokenHash });
}
{
  const c = process.cpuUsage(s0);
  console.log(
    `start (startByToken on the thread): cpu/start ${((c.user + c.system) / 1000 / students.length).toFixed(3)} ms, wall/start ${((performance.now() - t0) / students.length).toFixed(3)} ms`,
  );
}
let turn = 0;
const request = (a: (typeof attempts)[number]): SaveRequest => {
  const q = quiz.questionIds[turn++ % quiz.questionIds.length];
  return { attemptId: a.attemptId, caller: { tokenHash: a.tokenHash }, answers: [{ questionId: q, answer: `${turn % 4}-x` }], now: new Date() };
};
console.log(
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}; ${N} saves per size; liftoff-only ${process.env.LIFTOFF !== "0"}`,
);
for (const size of (process.env.SIZES ?? "1,2,4,8,16,32,64,128").split(",").filter(Boolean).map(Number)) {
  const batches = Math.ceil(N / size);
  let k = 0;
  const next = () => Array.from({ length: size }, () => request(attempts[k++ % attempts.length]));
  for (let i = 0; i < 20; i++) await (size === 1 ? saveAnswersOnce(db, next()[0]) : saveAnswersBatch(db, next()));
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  for (let b = 0; b < batches; b++) {
    const rs = next();
    const out = size === 1 ? [await saveAnswersOnce(db, rs[0])] : await saveAnswersBatch(db, rs);
    if (!out.every((o) => o.ok)) throw new Error("a save was refused");
  }
  const c = process.cpuUsage(c0);
  const w = performance.now() - w0;
  const saves = batches * size;
  console.log(
    `batch ${String(size).padStart(3)}: cpu/save ${((c.user + c.system) / 1000 / saves).toFixed(3)} ms, wall/batch ${(w / batches).toFixed(2)} ms, wall/save ${(w / saves).toFixed(3)} ms`,
  );
}
await database.close();
fs.rmSync(dir, { recursive: true, force: true });
