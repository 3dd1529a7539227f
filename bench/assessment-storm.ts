/**
 * The exam storm with and without report cards being drawn beside it (issue 28: "never slows a running exam, storm
 * save p99 within 20 % with a render running"). As bench/exam-storm.ts runs it: a fresh database with the storm's
 * students and quiz (here with the assessment level beside them), the server as its own process, this process the
 * load generator; then every acknowledged answer and submission is checked in the database.
 * With `render`, an admin prints the 300 cards of the level (six print jobs at once, polled) again and again from
 * the storm's first second until its window ends.
 */
import {
  StepRecorder,
  StormHttp,
  createStormDatabase,
  runStorm,
  seedStorm,
  startHealthProbe,
  startServer,
  verifyStorm,
  withDatabase,
  type ServerProc,
} from "../server/test/storm";
import { seedAssessment } from "./assessment-data";
import { chooseRender, printLevel, printLevelDirect, watchMachine } from "./assessment-http";

export type StormRunOptions = {
  kind: "pglite" | "postgres";
  pgUrl: string;
  students: number;
  windowMs: number;
  render: boolean;
  log: (...a: unknown[]) => void;
};

export async function stormRun(o: StormRunOptions) {
  const db = await createStormDatabase(o.kind, o.pgUrl);
  let server: ServerProc | null = null;
  try {
    const t = performance.now();
    const { storm, ctx } = await withDatabase(db, async (d) => {
      const storm = await seedStorm(d, { students: o.students, questionCount: 40, timeLimitMinutes: Math.ceil(o.windowMs / 60_000) + 10 });
      return { storm, ctx: await seedAssessment(d) };
    });
    o.log(`  seeded the storm and the level in ${Math.round(performance.now() - t)} ms`);
    server = await startServer(db, {}, [], "cluster");
    const port = server.port;
    const client = new StormHttp(port);
    const recorder = new StepRecorder();
    const srv = server;
    const machine = watchMachine(() => srv.cpuSeconds());
    const t0 = Date.now();
    const probe = startHealthProbe(client, recorder);
    const progress = setInterval(() => {
      const s = recorder.stats();
      o.log(`    t+${Math.round((Date.now() - t0) / 1000)}s start ${s.start?.ok ?? 0} save ${s.save?.ok ?? 0} submit ${s.submit?.ok ?? 0}`);
    }, 15_000);
    const renders: {
      ms: number;
      ok: boolean;
      cards: number;
      total: number;
      progressReachedTotal: boolean | null;
      jobs: { ok: boolean; problem?: string | null }[];
    }[] = [];
    const how = o.render ? await chooseRender(port, ctx.adminToken) : null;
    const rendering = o.render
      ? (async () => {
          while (Date.now() < t0 + o.windowMs) {
            const r =
              how === "jobs"
                ? await printLevel(port, ctx.adminToken, ctx.termClassId, ctx.classes)
                : await printLevelDirect(port, ctx.adminToken, ctx.termClassId, ctx.classes);
            renders.push(r);
            o.log(`    render of the level: ${r.cards}/${r.total} cards in ${r.ms} ms${r.ok ? "" : ` (${r.jobs.find((j) => !j.ok)?.problem})`}`);
            if (!r.ok) break;
          }
        })()
      : Promise.resolve();
    const ledger = await runStorm({
      students: storm.students,
      quiz: storm.quiz,
      windowMs: o.windowMs,
      startSpreadMs: 10_000,
      submitSpreadMs: 10_000,
      retry: false,
      http: () => client,
      recorder,
    });
    const stormMs = Date.now() - t0;
    await rendering;
    clearInterval(probe);
    clearInterval(progress);
    const during = machine();
    client.close();
    await server.stop();
    server = null;
    const verification = await withDatabase(db, (d) => verifyStorm(d, ledger, storm.quiz));
    const steps = recorder.stats();
    const errors = Object.entries(steps).reduce((n, [k, s]) => n + (k === "probe" ? 0 : s.errors), 0);
    return {
      render: o.render,
      /** How the cards were printed: print jobs (polled), or GET …/reports?format=pdf when the server had no print jobs. */
      renderBy: how,
      students: o.students,
      windowSeconds: o.windowMs / 1000,
      stormMs,
      errors,
      save: steps.save ? { p50: steps.save.p50, p95: steps.save.p95, p99: steps.save.p99, max: steps.save.max, count: steps.save.count } : null,
      start: steps.start ? { p50: steps.start.p50, p99: steps.start.p99 } : null,
      submit: steps.submit ? { p50: steps.submit.p50, p99: steps.submit.p99 } : null,
      probe: steps.probe ? { p50: steps.probe.p50, p99: steps.probe.p99 } : null,
      saveTimeline: { columns: ["second", "count", "p50", "p99"], rows: recorder.timeline() },
      errorSamples: Object.fromEntries(Object.entries(steps).map(([k, s]) => [k, s.errorSamples])),
      renders: renders.map((r) => ({ ms: r.ms, ok: r.ok, cards: r.cards, total: r.total, progressReachedTotal: r.progressReachedTotal })),
      verification: {
        lostAnswers: verification.lostAnswers,
        changedAnswers: verification.changedAnswers,
        missingSubmissions: verification.missingSubmissions,
        scoreMismatches: verification.scoreMismatches,
        submitted: ledger.submitted.size,
      },
      machine: during,
    };
  } finally {
    if (server) await server.kill().catch(() => {});
    await db.cleanup().catch((e) => o.log("cleanup failed:", (e as Error).message));
  }
}
