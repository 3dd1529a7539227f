import { afterAll, beforeAll, expect } from "vitest";
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
  type StormLedger,
  type Verification,
} from "./storm";

export type InterruptedStorm = {
  /** Answer saves acknowledged when the interruption began, and when the restarted server was up. */
  savesBefore: number;
  savesAtRestart: number;
  /** Answer saves acknowledged in all. */
  saves: number;
  /** How the restarted server exited when stopped (SIGTERM) at the end. */
  finalExitCode: number | null;
  ledger: StormLedger;
  verification: Verification;
};

/**
 * A small exam storm against the real server (a child process) that is interrupted in the middle and restarted on
 * the same data: 8 students, 12 questions, 14 s of answers that retry like the browser. `interrupt` gets the
 * running server 5 s in and must end it (kill or stop); a new one then starts on the same port. Registers the
 * database's set-up and clean-up (PGlite by default; a fresh database on the server of DATABASE_URL when set).
 */
export function useInterruptedStorm(): { run: (interrupt: (server: ServerProc) => Promise<void>) => Promise<InterruptedStorm> } {
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

  async function run(interrupt: (server: ServerProc) => Promise<void>): Promise<InterruptedStorm> {
    const { students, quiz } = await withDatabase(db, (d) => seedStorm(d, { students: 8, questionCount: 12, timeLimitMinutes: 30 }));
    server = await startServer(db);
    const port = server.port;
    const client = new StormHttp(port);
    const recorder = new StepRecorder();
    let savesBefore = 0;
    let savesAtRestart = 0;

    const interrupter = (async () => {
      await new Promise((r) => setTimeout(r, 5_000));
      savesBefore = recorder.stats().save?.ok ?? 0;
      await interrupt(server!);
      server = await startServer(db, { PORT: String(port) });
      savesAtRestart = recorder.stats().save?.ok ?? 0;
    })();
    const ledger = await runStorm({ students, quiz, windowMs: 14_000, startSpreadMs: 1_000, submitSpreadMs: 2_000, retry: true, http: () => client, recorder });
    await interrupter;
    client.close();
    await server!.stop();
    const finalExitCode = server!.proc.exitCode;
    server = null;

    const saves = recorder.stats().save.ok;
    const verification = await withDatabase(db, (d) => verifyStorm(d, ledger, quiz));
    return { savesBefore, savesAtRestart, saves, finalExitCode, ledger, verification };
  }

  return { run };
}

/** Every answer and submission the server acknowledged is there, each of the 8 students finished, none gave up. */
export function expectNothingLost({ verification: v, ledger }: InterruptedStorm): void {
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
}
