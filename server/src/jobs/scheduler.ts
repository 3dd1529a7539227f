import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { purgeDeadSessions } from "../auth/sessions";
import { finalizeOverdueAttempts } from "../services/attempts/attempt-sweep.service";
import { purgeOldFailures } from "../services/auth/auth.service";
import { createBackup, pruneBackups } from "../services/admin/backup.service";
import { drainSummariesWhenIdle } from "../services/performance/summary-backlog";
import { sweepAbandonedParsedPictures } from "../services/files/parse-pictures.service";
import { sweepParseJobs } from "../services/question-bank/parse-job.service";
import { sweepPrintJobs } from "../services/prints/print-job.service";

/**
 * Stored bytes are removed once no `files` row names them and no upload has brought them for this
 * long: an upload stores its bytes a moment before the row that names them (decision 027).
 */
export const FILE_GRACE_MS = 60 * 60 * 1000;

export type Job = {
  name: string;
  everyMs: number;
  /** The interval from the configuration, when it has one (replaces `everyMs`). */
  configuredMs?: (config: Config) => number;
  run: (app: FastifyInstance) => Promise<void>;
};

/**
 * Periodic work. Every job is safe to run on several servers at once (idempotent deletes, or rows
 * claimed with FOR UPDATE SKIP LOCKED), so no leader election is needed. Features add their jobs here.
 */
export const jobs: Job[] = [
  { name: "purge-dead-sessions", everyMs: 60 * 60 * 1000, run: (app) => purgeDeadSessions(app.db) },
  { name: "purge-old-login-failures", everyMs: 5 * 60 * 1000, run: (app) => purgeOldFailures(app.db, app.now()) },
  // Submits attempts whose deadline passed while nobody touched them (closed browser, lost network).
  {
    name: "finalize-overdue-attempts",
    everyMs: 15 * 1000,
    configuredMs: (c) => c.overdueSweepMs,
    run: async (app) => {
      const submitted = await finalizeOverdueAttempts(app.db, app.now());
      if (submitted) app.log.info({ submitted }, "overdue attempts submitted");
    },
  },
  // The embedded database's performance summaries, a few (quiz, student) pairs at a time once the database
  // has been quiet for a second (decision 038); a read drains what is left first. Nothing on PostgreSQL.
  { name: "drain-summary-backlog", everyMs: 250, run: (app) => drainSummariesWhenIdle(app.db, 32).then(() => {}) },
  // Pictures a question paper's upload stored (POST /questions/parse) that no quiz or bank question took within a
  // day: their rows go here, their bytes with the next job's run.
  {
    name: "remove-abandoned-parsed-pictures",
    everyMs: 60 * 60 * 1000,
    run: async (app) => {
      const removed = await sweepAbandonedParsedPictures(app.db, app.now());
      if (removed) app.log.info({ removed }, "abandoned parsed pictures removed");
    },
  },
  // Background readings of papers (POST /questions/parse-jobs) an hour after they ended, or after their server stopped.
  {
    name: "remove-finished-parse-jobs",
    everyMs: 60 * 60 * 1000,
    run: async (app) => {
      const removed = await sweepParseJobs(app.db, app.now());
      if (removed) app.log.info({ removed }, "finished parse jobs removed");
    },
  },
  // Print jobs (POST /print-jobs) and their PDFs a day after they ended, or after their server stopped (issue 28).
  {
    name: "remove-old-print-jobs",
    everyMs: 60 * 60 * 1000,
    run: async (app) => {
      const removed = await sweepPrintJobs(app.db, app.now());
      if (removed) app.log.info({ removed }, "old print jobs removed");
    },
  },
  // Bytes of replaced or deleted files (on disk, or in PostgreSQL with DATABASE_URL).
  {
    name: "remove-unreferenced-files",
    everyMs: 60 * 60 * 1000,
    run: async (app) => {
      const removed = await app.storage.removeUnreferenced(app.db, FILE_GRACE_MS);
      if (removed) app.log.info({ removed }, "unreferenced file bytes removed");
    },
  },
];

/** The automatic backup (BACKUP_EVERY_HOURS, default daily; the last BACKUP_KEEP kept). Off when 0. */
export function backupJob(app: FastifyInstance): Job[] {
  const { backupEveryHours, backupKeep, dataDir, databaseUrl } = app.config;
  if (backupEveryHours <= 0) return [];
  return [
    {
      name: "backup",
      everyMs: backupEveryHours * 3600_000,
      run: async (a) => {
        const dir = await createBackup(a.database, { dataDir, databaseUrl });
        await pruneBackups(dataDir, backupKeep);
        a.log.info({ backup: path.basename(dir) }, "backup written");
      },
    },
  ];
}

/**
 * Starts the jobs; the returned function stops them and resolves once no job is running any more
 * (a graceful stop waits for it before closing the database).
 */
export function startBackgroundJobs(app: FastifyInstance, list: Job[] = jobs): () => Promise<void> {
  const running = new Set<Promise<void>>();
  const busy = new Set<string>();
  let stopped = false;
  const timers = list.map((job) => {
    const t = setInterval(
      () => {
        if (stopped || busy.has(job.name)) return;
        busy.add(job.name);
        const p = job
          .run(app)
          .catch((e) => app.log.error({ err: e, job: job.name }, "background job failed"))
          .finally(() => {
            busy.delete(job.name);
            running.delete(p);
          });
        running.add(p);
      },
      job.configuredMs?.(app.config) ?? job.everyMs,
    );
    t.unref();
    return t;
  });
  return async () => {
    stopped = true;
    timers.forEach(clearInterval);
    await Promise.allSettled([...running]);
  };
}
