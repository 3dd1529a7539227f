import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { PRINT_JOB_MESSAGES, type PrintJob, type PrintJobInput } from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { files, printJobs, type PrintJobRow } from "../../db/schema";
import { DocumentError } from "../../documents";
import type { Download } from "../../lib/download";
import { notFound } from "../../lib/errors";
import type { Viewer } from "../../lib/viewer";
import { assertCanPrint } from "../../policies/terms.policy";
import type { FileStorage } from "../../storage/storage";
import { storedFileDownload } from "../files/files.service";
import { mockResults } from "../mocks/results.service";
import { termReports } from "../terms/reports.service";
import { paperDocumentFor } from "./paper-document";
import { loadSchoolPrint, renderPdf, type PrintDocument } from "./print.service";

/**
 * Print jobs (issue 28): a class's report cards, result slips or a broadsheet drawn in the worker pool while the
 * screen shows "12 of 30". The data is read (and the viewer's right to it checked) before the job is made, so a
 * refusal is the POST's answer; the drawing runs in the background and its progress lands in `print_jobs`, so
 * whichever server a poll reaches can answer. The PDF is kept as a file, and the job and file are swept after a day.
 */

type Deps = { db: Db; storage: FileStorage };

/** A day: how long a job and its PDF are kept after their last change. */
export const PRINT_JOB_TTL_MS = 24 * 3600_000;
/** Progress is written at most this often. */
const PROGRESS_EVERY_MS = 300;

/** A job not moved for this long while queued or running lost its server (a restart): it is answered as failed. */
const STALLED_MS = 10 * 60_000;
const STALLED = "The server stopped while drawing this. Start the print again.";

function present(row: PrintJobRow, now = Date.now()): PrintJob {
  const stalled = (row.status === "queued" || row.status === "running") && now - row.updatedAt.getTime() > STALLED_MS;
  if (stalled) return { ...present({ ...row, status: "failed", error: STALLED }, now) };
  return {
    id: row.id,
    kind: row.kind as PrintJob["kind"],
    status: row.status as PrintJob["status"],
    total: row.total,
    done: row.done,
    url: row.status === "done" && row.fileId !== null ? `/api/print-jobs/${row.id}/file` : null,
    error: row.error,
  };
}

/** What the job draws, read now with the viewer's rights (403/404/409 as the GET of the same data answers). */
async function documentFor(
  db: Db,
  viewer: Viewer,
  input: PrintJobInput,
): Promise<{ doc: PrintDocument; total: number; name: string; params: Record<string, unknown> }> {
  if (input.kind === "paper") return paperDocumentFor(db, viewer, input.sittingId);
  const school = await loadSchoolPrint(db);
  if (input.kind === "report-cards") {
    const reports = await termReports(db, viewer, input.termId, input.class);
    const released = reports.checks?.released ?? false;
    const preview = !released && input.preview === true;
    assertCanPrint(viewer, released, preview);
    return {
      doc: { kind: "report-cards", school, reports, preview },
      total: reports.students.length,
      name: `${reports.term.name} ${reports.class} reports${preview ? " (preview)" : ""}.pdf`,
      params: { termId: input.termId, className: reports.class, preview },
    };
  }
  const results = await mockResults(db, viewer, input.mockId, { class: input.class }, { printout: true });
  const suffix = input.class ? ` ${input.class}` : "";
  if (input.kind === "result-slips")
    return {
      doc: { kind: "result-slips", school, results },
      total: results.students.length,
      name: `${results.mock.title}${suffix} result slips.pdf`,
      params: { mockId: input.mockId, className: input.class ?? null },
    };
  return {
    doc: { kind: "broadsheet", school, results },
    // Pages are counted by the worker; a first guess until it starts.
    total: 0,
    name: `${results.mock.title}${suffix} broadsheet.pdf`,
    params: { mockId: input.mockId, className: input.class ?? null },
  };
}

/** POST /print-jobs: checks and reads the data, answers the queued job; the drawing goes on in the background. */
export async function startPrintJob(deps: Deps, viewer: Viewer, input: PrintJobInput): Promise<PrintJob> {
  const { doc, total, name, params } = await documentFor(deps.db, viewer, input);
  const [row] = await deps.db.insert(printJobs).values({ userId: viewer.id, kind: input.kind, params, status: "queued", total }).returning();
  void runPrintJob(deps, row.id, doc, name.replace(/[\\/:*?"<>|]+/g, " ").slice(0, 200), viewer.id);
  return present(row);
}

async function runPrintJob(deps: Deps, id: string, doc: PrintDocument, fileName: string, userId: number): Promise<void> {
  const { db } = deps;
  const update = (set: Partial<typeof printJobs.$inferInsert>) =>
    db
      .update(printJobs)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(printJobs.id, id))
      .then(() => {});
  // Writes go one after another (a late one never overwrites a later state), and progress at most every 300 ms.
  let writes = update({ status: "running" }).catch(() => {});
  let lastAt = 0;
  let pending: { done: number; total: number } | null = null;
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    if (!pending) return;
    const p = pending;
    pending = null;
    lastAt = Date.now();
    writes = writes.then(() => update({ done: p.done, total: p.total }).catch(() => {}));
  };
  const onProgress = (done: number, total: number) => {
    pending = { done, total };
    if (timer) return;
    const wait = Math.max(0, lastAt + PROGRESS_EVERY_MS - Date.now());
    if (wait === 0) flush();
    else timer = setTimeout(flush, wait);
  };
  try {
    const pdf = await renderPdf(doc, onProgress);
    if (timer) clearTimeout(timer);
    const { sha256, size } = await deps.storage.put(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.length));
    await writes;
    await db.transaction(async (tx) => {
      const [file] = await tx
        .insert(files)
        .values({ sha256, name: fileName, size, mimeType: "application/pdf", uploadedBy: userId })
        .returning({ id: files.id });
      await tx
        .update(printJobs)
        .set({ status: "done", fileId: file.id, done: sql`greatest(${printJobs.total}, ${printJobs.done})`, updatedAt: sql`now()` })
        .where(eq(printJobs.id, id));
    });
  } catch (e) {
    if (timer) clearTimeout(timer);
    await writes;
    const error =
      e instanceof DocumentError && e.status === 503 ? e.message : "The PDF could not be drawn. Try again; if it fails again, tell the administrator.";
    await update({ status: "failed", error }).catch(() => {});
  }
}

async function ownJob(db: Queryable, id: string, userId: number): Promise<PrintJobRow> {
  const [row] = await db
    .select()
    .from(printJobs)
    .where(and(eq(printJobs.id, id), eq(printJobs.userId, userId)))
    .limit(1);
  if (!row) throw notFound(PRINT_JOB_MESSAGES.notFound);
  return row;
}

/** GET /print-jobs/{id}: its creator only; anyone else is told it does not exist. */
export async function printJobFor(db: Queryable, id: string, userId: number): Promise<PrintJob> {
  return present(await ownJob(db, id, userId));
}

/** GET /print-jobs/{id}/file: the PDF once done (404 before). */
export async function printJobFile(deps: Deps, id: string, userId: number, log: { error(obj: object, msg: string): void }): Promise<Download> {
  const row = await ownJob(deps.db, id, userId);
  if (row.status !== "done" || row.fileId === null) throw notFound(PRINT_JOB_MESSAGES.notDone);
  const [file] = await deps.db.select().from(files).where(eq(files.id, row.fileId)).limit(1);
  if (!file) throw notFound(PRINT_JOB_MESSAGES.notFound);
  return storedFileDownload(deps.storage, file, log);
}

/**
 * Removes jobs (and their PDFs' file rows; the bytes go with the unreferenced-files sweep) a day after their last
 * change, including jobs whose server stopped while drawing. Answers how many went.
 */
export async function sweepPrintJobs(db: Db, now: Date, ttlMs = PRINT_JOB_TTL_MS): Promise<number> {
  const before = new Date(now.getTime() - ttlMs);
  return db.transaction(async (tx) => {
    const gone = await tx.delete(printJobs).where(lt(printJobs.updatedAt, before)).returning({ fileId: printJobs.fileId });
    const fileIds = gone.map((g) => g.fileId).filter((f): f is number => f !== null);
    if (fileIds.length) await tx.delete(files).where(inArray(files.id, fileIds));
    return gone.length;
  });
}
