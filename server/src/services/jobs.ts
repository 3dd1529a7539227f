import type { FastifyInstance } from "fastify";
import { purgeDeadSessions } from "../auth/sessions";
import { finalizeOverdueAttempts } from "./attempt.service";
import { purgeOldFailures } from "./auth.service";

type Job = { name: string; everyMs: number; run: (app: FastifyInstance) => Promise<void> };

/**
 * Periodic work. Every job is safe to run on several servers at once (idempotent deletes, or rows
 * claimed with FOR UPDATE SKIP LOCKED), so no leader election is needed. Features add their jobs here.
 */
export const jobs: Job[] = [
  { name: "purge-dead-sessions", everyMs: 60 * 60 * 1000, run: (app) => purgeDeadSessions(app.db) },
  { name: "purge-old-login-failures", everyMs: 5 * 60 * 1000, run: (app) => purgeOldFailures(app.db, app.now()) },
  // Submits attempts whose deadline passed while nobody touched them (closed browser, lost network).
  { name: "finalize-overdue-attempts", everyMs: 15 * 1000, run: async (app) => void (await finalizeOverdueAttempts(app.db, app.now())) },
];

export function startBackgroundJobs(app: FastifyInstance): () => void {
  const timers = jobs.map((job) => {
    let running = false;
    const t = setInterval(async () => {
      if (running) return;
      running = true;
      try {
        await job.run(app);
      } catch (e) {
        app.log.error({ err: e, job: job.name }, "background job failed");
      } finally {
        running = false;
      }
    }, job.everyMs);
    t.unref();
    return t;
  });
  return () => timers.forEach(clearInterval);
}
