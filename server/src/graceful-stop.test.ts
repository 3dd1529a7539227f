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
 * Graceful stop: the real server (a child process) gets SIGTERM in the middle of a stream of answer
 * saves. It must finish the requests in flight, close the database cleanly and exit 0; after a
 * restart on the same data every answer it acknowledged is there. PGlite by default; PostgreSQL
 * when DATABASE_URL is set.
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

describe("graceful stop", () => {
  it("finishes in-flight saves on SIGTERM, exits 0, and loses no acknowledged answer", async () => {
    const { students, quiz } = await withDatabase(db, (d) => seedStorm(d, { students: 8, questionCount: 12, timeLimitMinutes: 30 }));
    server = await startServer(db);
    const port = server.port;
    const client = new StormHttp(port);
    const recorder = new StepRecorder();
    let savesBeforeStop = 0;
    let exitCode: number | null = null;
    let stopMs = 0;

    const stopper = (async () => {
      await new Promise((r) => setTimeout(r, 5_000));
      savesBeforeStop = recorder.stats().save?.ok ?? 0;
      const t0 = Date.now();
      await server!.stop(); // SIGTERM, then wait for the process to exit
      stopMs = Date.now() - t0;
      exitCode = server!.proc.exitCode;
      server = await startServer(db, { PORT: String(port) });
    })();
    const ledger = await runStorm({ students, quiz, windowMs: 14_000, startSpreadMs: 1_000, submitSpreadMs: 2_000, retry: true, http: () => client, recorder });
    await stopper;
    client.close();
    await server!.stop();
    expect(server!.proc.exitCode).toBe(0);
    server = null;

    expect(savesBeforeStop).toBeGreaterThan(0);
    expect(exitCode).toBe(0);
    expect(stopMs).toBeLessThan(12_000);
    const v = await withDatabase(db, (d) => verifyStorm(d, ledger, quiz));
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
