import { and, eq, inArray, sql } from "drizzle-orm";
import { MAX_SCAN_FILE_BYTES, MAX_SCAN_FILES, SITTING_MESSAGES as M, type ScanUpload } from "@adesua/domain";
import type { Db } from "../../db/client";
import { files, quizzes, sittings, sittingScans, users } from "../../db/schema";
import type { Actor } from "../../audit/audit";
import { DocumentError } from "../../documents";
import { documentPool } from "../../documents/pool";
import type { SheetReading } from "../../documents/sittings/reading";
import { sniffUpload } from "../../documents/sniff";
import { badRequest, HttpError } from "../../lib/errors";
import type { UploadedFile } from "../../lib/form";
import type { Viewer } from "../../lib/viewer";
import type { FileStorage } from "../../storage/storage";
import { rowsFromReading, unsettledCount } from "./scan-rows";
import { lockScan, presentScan, sheetQuestions } from "./scan.service";
import { recordLockedScan, submittedElsewhere } from "./scan-record.service";
import { loadSittingFor } from "./sitting-load";

/**
 * Uploading photos of answer sheets (issue 29, decision 051). Each photo, and each page of a scanner's PDF, becomes a
 * queued scan at once (202); the reading goes on in the background of this process in the document worker pool, and
 * its result lands in `sitting_scans`, so any server answers the polls. A sheet read with every row clear, its student
 * known and no submission of the quiz from elsewhere is recorded at once; any other waits for the teacher ("review").
 */

type Deps = { db: Db; storage: FileStorage };

/** The two calls of the document pool that read sheets (documents/pool.ts). */
export type SheetReader = { readSheet(bytes: Uint8Array): Promise<SheetReading>; sheetPages(pdf: Uint8Array): Promise<Uint8Array[]> };

const poolReader = (): SheetReader => {
  const pool = documentPool();
  return {
    readSheet: (bytes) => pool.readSheet(bytes),
    // The one upload guard's full check first (a PDF bomb: 413), then the pages as pictures.
    sheetPages: async (pdf) => {
      await pool.verifyUpload(pdf);
      return pool.sheetPages(pdf);
    },
  };
};

/** The reader used by uploads; tests may put their own in place. */
let reader: () => SheetReader = poolReader;
export function useSheetReader(r: SheetReader | null): void {
  reader = r ? () => r : poolReader;
}

const IMAGE_TYPES = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" } as const;
type ImageKind = keyof typeof IMAGE_TYPES;

/** One picture to read: a photo, or a page of a PDF drawn as a picture. */
type Picture = { name: string; page: number; bytes: Uint8Array; mime: string };

/** The upload's files checked (count, size, type by content) and PDFs split into their pages. */
async function picturesOf(uploads: readonly UploadedFile[]): Promise<Picture[]> {
  if (!uploads.length) throw badRequest(M.noFiles);
  if (uploads.length > MAX_SCAN_FILES) throw new HttpError(413, M.tooManyFiles);
  const kinds = uploads.map((f) => {
    if (f.data.length > MAX_SCAN_FILE_BYTES) throw new HttpError(413, M.fileTooLarge);
    const kind = sniffUpload(f.data);
    if (kind !== "pdf" && !(kind in IMAGE_TYPES)) throw new HttpError(415, M.fileType);
    return kind;
  });
  const out: Picture[] = [];
  for (const [i, f] of uploads.entries()) {
    const name = (f.filename || `sheet-${i + 1}`).replace(/[\\/:*?"<>|]+/g, " ").slice(0, 200);
    if (kinds[i] !== "pdf") {
      out.push({ name, page: 1, bytes: f.data, mime: IMAGE_TYPES[kinds[i] as ImageKind] });
      continue;
    }
    let pages: Uint8Array[];
    try {
      pages = await reader().sheetPages(f.data);
    } catch (e) {
      // The pool's refusals (a PDF bomb: 413; a damaged or protected PDF: 422; busy: 503) answer the upload.
      if (e instanceof DocumentError) throw new HttpError(e.status, e.message);
      throw e;
    }
    for (const [p, bytes] of pages.entries()) {
      const k = sniffUpload(bytes);
      out.push({ name, page: p + 1, bytes, mime: k in IMAGE_TYPES ? IMAGE_TYPES[k as ImageKind] : "image/png" });
    }
  }
  if (!out.length) throw badRequest(M.noFiles);
  return out;
}

async function storeFile(deps: Deps, bytes: Uint8Array, name: string, mimeType: string, userId: number | null): Promise<number> {
  const { sha256, size } = await deps.storage.put(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const [file] = await deps.db.insert(files).values({ sha256, name, size, mimeType, uploadedBy: userId }).returning({ id: files.id });
  return file.id;
}

/** POST /sittings/{id}/scans: every sheet queued and answered at once; the reading goes on in the background. */
export async function uploadScans(deps: Deps, viewer: Viewer, sittingId: number, uploads: readonly UploadedFile[], actor: Actor): Promise<ScanUpload> {
  await loadSittingFor(deps.db, viewer, sittingId);
  const pictures = await picturesOf(uploads);
  const ids: number[] = [];
  for (const p of pictures) {
    const photoFileId = await storeFile(deps, p.bytes, p.page > 1 || p.mime !== "image/jpeg" ? `${p.name} (page ${p.page})` : p.name, p.mime, viewer.id);
    const [row] = await deps.db
      .insert(sittingScans)
      .values({ sittingId, status: "queued", photoFileId, fileName: p.name, page: p.page, createdBy: viewer.id })
      .returning({ id: sittingScans.id });
    ids.push(row.id);
  }
  const rows = await deps.db.select({ scan: sittingScans }).from(sittingScans).where(inArray(sittingScans.id, ids)).orderBy(sittingScans.id);
  void readScans(deps, ids, actor);
  return { scans: rows.map((r) => presentScan({ ...r, studentName: null, studentLevel: null, studentStream: null, score: null })) };
}

/** Reads queued scans one after another (the pool paces them beside a running exam). */
async function readScans(deps: Deps, ids: readonly number[], actor: Actor): Promise<void> {
  for (const id of ids) await readOne(deps, id, actor).catch(() => {});
}

const refusals: Record<Extract<SheetReading, { ok: false }>["reason"], string> = {
  markers: M.markersNotFound,
  qr: M.qrUnreadable,
  "not-ours": M.notOurSheet,
};

async function refuse(db: Db, id: number, error: string): Promise<void> {
  await db
    .update(sittingScans)
    .set({ status: "refused", error, updatedAt: sql`now()` })
    .where(eq(sittingScans.id, id));
}

async function readOne(deps: Deps, id: number, actor: Actor): Promise<void> {
  const { db } = deps;
  const [scan] = await db
    .update(sittingScans)
    .set({ status: "reading", updatedAt: sql`now()` })
    .where(and(eq(sittingScans.id, id), eq(sittingScans.status, "queued")))
    .returning();
  if (!scan || scan.photoFileId === null) return;
  try {
    const [file] = await db.select().from(files).where(eq(files.id, scan.photoFileId)).limit(1);
    const bytes = await readAll(deps.storage, file.sha256);
    const reading = await reader().readSheet(bytes);
    await applyReading(deps, id, reading, actor);
  } catch (e) {
    await refuse(db, id, e instanceof DocumentError && e.status === 503 ? e.message : M.unreadable).catch(() => {});
  }
}

async function readAll(storage: FileStorage, sha256: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const c of await storage.open(sha256)) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * What the reader saw, stored on the scan: refused with a reason, or its rows, student and straightened sheet; then
 * recorded at once when nothing waits for the teacher. Exported for tests that feed a reading of their own.
 */
export async function applyReading(deps: Deps, id: number, reading: SheetReading, actor: Actor, now = new Date()): Promise<void> {
  const { db } = deps;
  if (!reading.ok) return refuse(db, id, refusals[reading.reason]);
  const [current] = await db.select({ sittingId: sittingScans.sittingId }).from(sittingScans).where(eq(sittingScans.id, id));
  if (!current) return;
  if (reading.code.sittingId !== current.sittingId) return refuse(db, id, M.otherSitting);
  const sheetFileId = await storeFile(deps, reading.sheet, `sheet-${id}.jpg`, "image/jpeg", actor.userId);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ sitting: sittings, quiz: quizzes })
      .from(sittings)
      .innerJoin(quizzes, eq(quizzes.id, sittings.quizId))
      .where(eq(sittings.id, current.sittingId));
    const scan = await lockScan(tx, current.sittingId, id);
    if (!row || (scan.status !== "reading" && scan.status !== "queued")) return;
    const version = row.sitting.versions.find((v) => v.version === reading.code.version);
    const byId = await sheetQuestions(tx, row.quiz.id);
    const rows = version ? rowsFromReading(version, byId, reading) : null;
    if (!version || !rows) {
      await tx
        .update(sittingScans)
        .set({ status: "refused", error: M.notOurSheet, sheetFileId, updatedAt: sql`now()` })
        .where(eq(sittingScans.id, id));
      return;
    }
    let studentId: number | null = null;
    if (reading.code.student > 0) {
      const [u] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, reading.code.student), eq(users.role, "student")))
        .limit(1);
      studentId = u?.id ?? null;
    }
    const [stored] = await tx
      .update(sittingScans)
      .set({ status: "review", version: version.version, studentId, rows, sheetFileId, error: null, updatedAt: sql`now()` })
      .where(eq(sittingScans.id, id))
      .returning();
    const clear = studentId !== null && unsettledCount(rows) === 0;
    if (!clear || (await submittedElsewhere(tx, row.quiz.id, studentId as number, row.sitting.id)) !== null) return;
    // Nothing waits for the teacher: recorded now (a savepoint, so a refusal leaves the sheet for review).
    await tx.transaction((sp) => recordLockedScan(sp, stored, { sitting: row.sitting, quiz: row.quiz, actor, now, confirm: false })).catch(() => undefined);
  });
}
