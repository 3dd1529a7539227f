/**
 * `npm run bench:storm -- --sheets` (issue 29: "without slowing a running exam (storm save p99 within 20 %)"): a
 * teacher scanning a class's answer sheets while the storm's exam runs on the same server.
 *
 * Before the storm (so making photos does not load the machine during it): a class of `count` students in JHS 2S (not
 * the storm's students), a 30-question quiz, its sitting printed through the API and the test set's photos of every
 * sheet (bench/sheets-common.ts). During the storm: from `atMs` after the storm's start, the photos uploaded in batches of
 * `batch` every `everyMs` (POST /api/sittings/{id}/scans), each batch polled until read; when a round of all `count`
 * photos is read and the window is still open, the same photos again (a re-scan: it replaces, or asks first once recorded).
 * No batch starts after the window; those started are followed until read (at most `afterMs` more).
 */
import type { Db } from "../server/src/db/client";
import { makePhotos, printSitting, seedSheetClass, sheetFigures, uploadAndRead, type BatchResult, type Photo, type SheetClass } from "./sheets-common";

export type SheetsPlan = { count: number; batch: number; everyMs: number; atMs: number; afterMs: number };
export type SheetsPrepared = { cls: SheetClass; sittingId: number; photos: Photo[]; printMs: number; makeMs: number; pages: number | null };

/** Seeds the class while the server is down (PGlite: the storm's withDatabase). */
export function seedSheets(db: Db, plan: SheetsPlan): Promise<SheetClass> {
  return seedSheetClass(db, { students: plan.count });
}

/** Prints the sitting and makes the photos, once the server is up and before the storm. */
export async function prepareSheets(port: number, cls: SheetClass, plan: SheetsPlan): Promise<SheetsPrepared> {
  const printed = await printSitting(port, cls);
  const t = performance.now();
  const photos = await makePhotos(printed.pdf, plan.count);
  return { cls, sittingId: printed.sittingId, photos, printMs: printed.printMs, makeMs: Math.round(performance.now() - t), pages: printed.pages };
}

type Timed = { startedMs: number; result: BatchResult };

/** The batches during the storm; `t0` is the storm's start (Date.now()), `windowMs` its length. */
export async function runSheets(port: number, prep: SheetsPrepared, plan: SheetsPlan, t0: number, windowMs: number): Promise<Timed[]> {
  const until = t0 + windowMs;
  const done: Timed[] = [];
  const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
  await sleepUntil(t0 + plan.atMs);
  while (Date.now() < until) {
    const round: Promise<void>[] = [];
    for (let i = 0; i < prep.photos.length && Date.now() < until; i += plan.batch) {
      const startedMs = Date.now() - t0;
      round.push(
        uploadAndRead(port, prep.cls.token, prep.sittingId, prep.photos.slice(i, i + plan.batch), { timeoutMs: windowMs - startedMs + plan.afterMs }).then(
          (result) => {
            done.push({ startedMs, result });
          },
        ),
      );
      if (i + plan.batch < prep.photos.length) await sleepUntil(t0 + startedMs + plan.everyMs);
    }
    await Promise.all(round);
  }
  return done.sort((a, b) => a.startedMs - b.startedMs);
}

/** The figures for the storm's result file and its console. */
export function sheetsReport(prep: SheetsPrepared, plan: SheetsPlan, batches: Timed[], windowMs: number) {
  const f = sheetFigures(batches.map((b) => b.result));
  const readInWindow = batches.reduce((n, b) => n + b.result.sheets.filter((s) => b.startedMs + s.ms <= windowMs).length, 0);
  return {
    plan,
    printMs: prep.printMs,
    printPages: prep.pages,
    photos: { count: prep.photos.length, large: prep.photos.filter((p) => p.width > 1200).length, makeMs: prep.makeMs },
    ...f,
    readInWindow,
    batchesStartedAtMs: batches.map((b) => b.startedMs),
  };
}

export function sheetsLine(r: ReturnType<typeof sheetsReport>): string {
  return (
    `sheets (beside the storm, ${r.plan.batch} every ${r.plan.everyMs / 1000} s from t+${r.plan.atMs / 1000} s): ${r.uploaded} uploaded in ${r.batches} batches, ` +
    `${r.read} read (${r.readInWindow} within the window): ${r.recorded} recorded, ${r.review} for review, ${r.refused} refused${r.refused ? ` ${JSON.stringify(r.refusals)}` : ""}, ${r.unread} unread; ` +
    `upload → read p50 ${r.readMs.p50} ms, p95 ${r.readMs.p95} ms, max ${r.readMs.max} ms; POST p50 ${r.uploadMs.p50} ms; batch wall ${r.batchWallMs.join(", ")} ms` +
    (r.uploadErrors.length ? `; upload errors: ${r.uploadErrors.join(" | ")}` : "")
  );
}
