import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  StepRecorder,
  StormHttp,
  createStormDatabase,
  runStorm,
  seedStorm,
  startServer,
  verifyStorm,
  withDatabase,
  type ServerProc,
  type StormDb,
} from "../test/storm";

/**
 * Crash safety: the real server (a child process) is killed with SIGKILL in the middle of a small
 * exam storm and restarted on the same data. Students retry like the browser does. Every answer and
 * submission the server acknowledged must still be there, and the students must be able to finish.
 * PGlite by default; a fresh database on the server of DATABASE_URL when it is set.
 */
let db: StormDb;
let server: ServerProc | null = null;

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  db = await createStormDatabase(url ? "postgres" : "pglite", url);
}, 60_000);

afterAll(async () => {
  if (server) await server.kill().catch(() => {});
  await db?.cleanup();
});

describe("crash safety", () => {
  it("keeps every acknowledged answer through a SIGKILL, and the students finish after the restart", async () => {
    const { students, quiz } = await withDatabase(db, (d) => seedStorm(d, { students: 8, questionCount: 12, timeLimitMinutes: 30 }));
    server = await startServer(db);
    const port = server.port;
    const client = new StormHttp(port);
    const recorder = new StepRecorder();
    let savesBeforeKill = 0;
    let savesAtRestart = 0;
    const windowMs = 14_000;

    const killer = (async () => {
      await new Promise((r) => setTimeout(r, 5_000));
      savesBeforeKill = recorder.stats().save?.ok ?? 0;
      await server!.kill();
      server = await startServer(db, { PORT: String(port) });
      savesAtRestart = recorder.stats().save?.ok ?? 0;
    })();
    const ledger = await runStorm({ students, quiz, windowMs, startSpreadMs: 1_000, submitSpreadMs: 2_000, retry: true, http: () => client, recorder });
    await killer;
    client.close();
    await server!.stop();
    server = null;

    const stats = recorder.stats();
    const v = await withDatabase(db, (d) => verifyStorm(d, ledger, quiz));
    // The kill really happened in the middle: answers were acknowledged before it and after the restart.
    expect(savesBeforeKill).toBeGreaterThan(0);
    expect(stats.save.ok).toBeGreaterThan(savesAtRestart);
    expect(v.problems).toEqual([]);
    expect(v).toMatchObject({
      attempts: 8,
      lostAnswers: 0,
      changedAnswers: 0,
      missingSubmissions: 0,
      scoreMismatches: 0,
      openAttempts: 0,
      ackedSubmissions: 8,
    });
    expect(v.ackedAnswers).toBe(8 * 12);
    expect(ledger.gaveUp).toBe(0);
  }, 120_000);
});
