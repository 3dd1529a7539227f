import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { files, settings } from "../../db/schema";
import { renderPdfInPool, type PrintDocument, type SchoolPrint } from "../../documents";
import type { FileStorage } from "../../storage/storage";

export type { PrintDocument, SchoolPrint };

/**
 * Printing (issue 28): the school as it heads every card, and PDFs drawn in the document pool's worker threads.
 * The mocks' and terms' `?format=pdf` calls and the print jobs (print-job.service.ts) all come through here.
 */

/**
 * Where each database's crest bytes are read: the app registers its storage when its routes start
 * (routes/admin/school.routes.ts), so `loadSchoolPrint(db)` needs nothing more. Keyed by the database object.
 */
const storages = new WeakMap<object, FileStorage>();
export function usePrintStorage(db: Queryable, storage: FileStorage): void {
  storages.set(db, storage);
}

/** The name printed when the admin has named no school: SCHOOL_NAME, else "Adesua". */
export function fallbackSchoolName(): string {
  return process.env.SCHOOL_NAME?.trim().slice(0, 120) || "Adesua";
}

async function readAll(storage: FileStorage, sha256: string): Promise<Uint8Array | null> {
  try {
    const chunks: Buffer[] = [];
    for await (const c of await storage.open(sha256)) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
    return new Uint8Array(Buffer.concat(chunks));
  } catch {
    // A crest whose bytes are gone prints no crest rather than failing the print.
    return null;
  }
}

/**
 * A stored file's bytes for a print (a question's picture on a paper sitting, issue 29), from the storage registered
 * for `db`; null when none is registered or the bytes are gone (the print goes on without it).
 */
export async function readPrintFile(db: Queryable, sha256: string): Promise<Uint8Array | null> {
  const store = storages.get(db);
  return store ? readAll(store, sha256) : null;
}

/** The settings row's name, address, motto and crest (its bytes from file storage). */
export async function loadSchoolPrint(db: Queryable, storage?: FileStorage): Promise<SchoolPrint> {
  const [row] = await db
    .select({ name: settings.schoolName, address: settings.schoolAddress, motto: settings.schoolMotto, sha256: files.sha256 })
    .from(settings)
    .leftJoin(files, eq(files.id, settings.crestFileId))
    .where(eq(settings.id, 1))
    .limit(1);
  const store = storage ?? storages.get(db);
  const crest = row?.sha256 && store ? await readAll(store, row.sha256) : null;
  return { name: row?.name?.trim() || fallbackSchoolName(), address: row?.address?.trim() ?? "", motto: row?.motto?.trim() ?? "", crest };
}

/**
 * One PDF drawn in the worker pool: `{ kind: "broadsheet" | "result-slips", school, results }`,
 * `{ kind: "timetable", school, mock }`, `{ kind: "report-cards", school, reports, preview }`. `onProgress` hears the
 * cards (slips, pages) drawn of the total. A running exam slows it (documents/print/pacing.ts); a refusal of the pool
 * (queue full 503, too slow 422) is a DocumentError.
 */
export function renderPdf(doc: PrintDocument, onProgress?: (done: number, total: number) => void): Promise<Uint8Array> {
  return renderPdfInPool(doc, onProgress);
}
