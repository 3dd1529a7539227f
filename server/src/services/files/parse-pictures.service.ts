import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { courses, files, questions, quizzes, scheduleEvents } from "../../db/schema";
import type { ImagePart } from "../../documents";
import type { FileStorage } from "../../storage/storage";
import { insertFileRow } from "./files.service";

/**
 * The pictures of an uploaded question paper (POST /questions/parse). They are stored while the paper is read,
 * before any quiz or bank question takes them, so they belong to nobody until a question's image_file_ids names
 * them; the sweep below removes those nobody took within a day (issue 26).
 */

/** The picture types kept from a paper; anything else in it is left out. Images are stored only this way. */
const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/bmp", "image/webp"]);
/** At most this many pictures per question. */
const MAX_PICTURES = 20;

/** A day: how long a parsed picture may wait for a quiz or bank question to take it. */
export const PARSED_PICTURE_TTL_MS = 24 * 3600_000;

/** Stores the pictures a question paper held (as `uploadedBy`'s files) and answers their file ids in place of the bytes. */
export async function storeParsedPictures(
  db: Queryable,
  storage: FileStorage,
  images: readonly ImagePart[] | undefined,
  uploadedBy: number,
): Promise<number[]> {
  const ids: number[] = [];
  for (const img of (images ?? []).slice(0, MAX_PICTURES)) {
    if (!IMAGE_TYPES.has(img.contentType)) continue;
    const { sha256, size } = await storage.put(Buffer.from(img.bytes));
    const row = await insertFileRow(db, { sha256, size, name: img.name.slice(0, 200) || "image", mimeType: img.contentType }, uploadedBy);
    ids.push(row.id);
  }
  return ids;
}

/**
 * Deletes the rows of pictures stored before `now - ttlMs` that no question (quiz or bank) names and no quiz,
 * course or event points at: an upload left without saving. Their bytes then belong to no row, and the hourly
 * remove-unreferenced-files job takes them (decision 027). Answers how many rows went.
 */
export async function sweepAbandonedParsedPictures(db: Queryable, now: Date, ttlMs = PARSED_PICTURE_TTL_MS): Promise<number> {
  const before = new Date(now.getTime() - ttlMs).toISOString();
  // The ids on questions, listed once (one pass over the questions that have pictures), not once per file.
  const res = await db.execute<{ id: number }>(sql`
    delete from ${files} f
    where f.mime_type like 'image/%'
      and f.created_at < ${before}::timestamptz
      and f.id not in (
        select e.v::int from ${questions} q, jsonb_array_elements_text(q.image_file_ids) e(v) where jsonb_array_length(q.image_file_ids) > 0)
      and not exists (select 1 from ${quizzes} z where z.pdf_file_id = f.id)
      and not exists (select 1 from ${courses} c where c.material_file_id = f.id)
      and not exists (select 1 from ${scheduleEvents} s where s.file_id = f.id)
    returning f.id`);
  return res.rows.length;
}

/** Stores the picture of the part of a scanned page a question came from (issue 27); swept like the paper's pictures. */
export async function storeScanCrop(db: Queryable, storage: FileStorage, jpeg: Uint8Array, page: number, uploadedBy: number): Promise<number> {
  const { sha256, size } = await storage.put(Buffer.from(jpeg));
  const row = await insertFileRow(db, { sha256, size, name: `scan-page-${page}.jpg`, mimeType: "image/jpeg" }, uploadedBy);
  return row.id;
}

/**
 * The picture `fileId` stored while `userId` uploaded a paper (its pictures, its scan crops), for that author only:
 * anyone else, or a file that is not a picture, is told it does not exist.
 */
export async function parsedPictureOf(db: Queryable, fileId: number, userId: number): Promise<{ id: number } | null> {
  const res = await db.execute<{ id: number }>(
    sql`select f.id from ${files} f where f.id = ${fileId} and f.uploaded_by = ${userId} and f.mime_type like 'image/%' limit 1`,
  );
  return res.rows[0] ?? null;
}
