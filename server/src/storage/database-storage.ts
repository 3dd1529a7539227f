import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { fileBlobs, fileChunks } from "../db/schema";
import { FileMissingError, isSha256, type ByteRange, type FileStorage } from "./storage";

/** Bytes per row of `file_chunks`: a 10 MB upload is 40 rows, and at most one chunk is in memory at a time. */
export const CHUNK_SIZE = 256 * 1024;
/** Chunks of uploads that never finished (the server died mid-upload) go after a day. */
const STALE_UPLOAD_MS = 24 * 3600_000;
/** Blobs removed per statement by the clean-up, so it never holds many locks at once. */
const SWEEP_BATCH = 200;

/**
 * Files in PostgreSQL (decision 027): `file_blobs` names each stored sha256, `file_chunks` holds its
 * bytes in CHUNK_SIZE rows. Any server on the same DATABASE_URL reads what another wrote.
 *
 * An upload streams its chunks in under a temporary key (the hash is known only at the end), then
 * in one transaction claims the hash: a new blob takes the chunks (renamed to the hash), a blob that
 * exists already is only touched and the new chunks are dropped. The clean-up deletes a blob only
 * when no `files` row names it and it was not touched within the grace period; because touching is
 * an UPDATE of the same row, an upload and the clean-up never both win (see removeUnreferenced).
 *
 * `legacy` (the old local-disk folder) is read when a file is not in the database yet, so a server
 * upgraded before `npm run files:migrate` keeps serving the files it has.
 */
export class DatabaseStorage implements FileStorage {
  constructor(
    private readonly db: Db,
    private readonly legacy: FileStorage | null = null,
  ) {}

  /** Renews the blob's touch; false when there is no such blob (or the clean-up has just removed it). */
  private async touch(sha256: string): Promise<boolean> {
    const rows = await this.db
      .update(fileBlobs)
      .set({ touchedAt: sql`now()` })
      .where(eq(fileBlobs.sha256, sha256))
      .returning({ sha256: fileBlobs.sha256 });
    return rows.length > 0;
  }

  async put(data: Buffer | AsyncIterable<Uint8Array>): Promise<{ sha256: string; size: number }> {
    if (Buffer.isBuffer(data)) {
      // Already in memory (a parsed upload): a copy we have needs no writing at all.
      const sha256 = createHash("sha256").update(data).digest("hex");
      if (await this.touch(sha256)) return { sha256, size: data.length };
    }
    const key = `tmp:${randomBytes(12).toString("hex")}`;
    const hash = createHash("sha256");
    let size = 0;
    let n = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const writeChunk = async (chunk: Buffer) => {
      await this.db.insert(fileChunks).values({ key, n: n++, data: chunk });
    };
    try {
      const source: AsyncIterable<Uint8Array> | Uint8Array[] = Buffer.isBuffer(data) ? [data] : data;
      for await (const part of source) {
        hash.update(part);
        size += part.length;
        pending.push(Buffer.from(part.buffer, part.byteOffset, part.byteLength));
        pendingBytes += part.length;
        if (pendingBytes < CHUNK_SIZE) continue;
        // Views into the joined bytes, not copies: one copy per arriving part at most.
        let rest = pending.length === 1 ? pending[0] : Buffer.concat(pending, pendingBytes);
        while (rest.length >= CHUNK_SIZE) {
          await writeChunk(rest.subarray(0, CHUNK_SIZE));
          rest = rest.subarray(CHUNK_SIZE);
        }
        pending = rest.length ? [rest] : [];
        pendingBytes = rest.length;
      }
      if (pendingBytes > 0) await writeChunk(Buffer.concat(pending, pendingBytes));
    } catch (e) {
      await this.db
        .delete(fileChunks)
        .where(eq(fileChunks.key, key))
        .catch(() => {});
      throw e;
    }
    const sha256 = hash.digest("hex");
    await this.db.transaction(async (tx) => {
      const [claim] = await tx
        .insert(fileBlobs)
        .values({ sha256, size, chunkSize: CHUNK_SIZE })
        .onConflictDoUpdate({ target: fileBlobs.sha256, set: { touchedAt: sql`now()` } })
        // xmax = 0: this statement inserted the row (it did not update an existing one).
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      if (claim.inserted) await tx.update(fileChunks).set({ key: sha256 }).where(eq(fileChunks.key, key));
      else await tx.delete(fileChunks).where(eq(fileChunks.key, key));
    });
    return { sha256, size };
  }

  async open(sha256: string, range?: ByteRange): Promise<Readable> {
    if (!isSha256(sha256)) throw new Error("Not a sha256");
    const [blob] = await this.db.select({ size: fileBlobs.size, chunkSize: fileBlobs.chunkSize }).from(fileBlobs).where(eq(fileBlobs.sha256, sha256));
    if (!blob) {
      if (this.legacy && (await this.legacy.exists(sha256))) return this.legacy.open(sha256, range);
      throw new FileMissingError(sha256);
    }
    const start = range?.start ?? 0;
    const end = Math.min(range?.end ?? blob.size - 1, blob.size - 1);
    const db = this.db;
    async function* chunks(): AsyncGenerator<Buffer> {
      if (end < start) return;
      for (let n = Math.floor(start / blob.chunkSize); n <= Math.floor(end / blob.chunkSize); n++) {
        const [row] = await db
          .select({ data: fileChunks.data })
          .from(fileChunks)
          .where(and(eq(fileChunks.key, sha256), eq(fileChunks.n, n)));
        if (!row) throw new FileMissingError(sha256);
        const at = n * blob.chunkSize;
        yield row.data.subarray(Math.max(0, start - at), Math.min(row.data.length, end - at + 1));
      }
    }
    // Readable.from pulls the next chunk only when the client has taken the last one (backpressure).
    return Readable.from(chunks(), { objectMode: false });
  }

  /** Whether the database itself holds these bytes (not the old disk folder). */
  async hasBlob(sha256: string): Promise<boolean> {
    if (!isSha256(sha256)) return false;
    const [row] = await this.db.select({ sha256: fileBlobs.sha256 }).from(fileBlobs).where(eq(fileBlobs.sha256, sha256));
    return !!row;
  }

  async exists(sha256: string): Promise<boolean> {
    return (await this.hasBlob(sha256)) || (this.legacy ? this.legacy.exists(sha256) : false);
  }

  /**
   * Deletes unreferenced blobs and their chunks, a batch per statement. Safe with uploads on any
   * server: the DELETE re-checks `touched_at` on the row it locks, so an upload's touch that commits
   * first saves the blob, and a touch that comes after finds no row and writes the bytes afresh.
   * Rows of several servers' sweeps are claimed with SKIP LOCKED, so they share the work.
   */
  async removeUnreferenced(db: Db, graceMs: number): Promise<number> {
    const cutoff = new Date(Date.now() - graceMs);
    let removed = 0;
    for (;;) {
      const res = await db.execute<{ n: number }>(sql`
        with doomed as (
          select b.sha256 from ${fileBlobs} b
          where b.touched_at < ${cutoff} and not exists (select 1 from files f where f.sha256 = b.sha256)
          limit ${SWEEP_BATCH}
          for update skip locked
        ), gone as (
          delete from ${fileBlobs} b using doomed d
          where b.sha256 = d.sha256 and b.touched_at < ${cutoff}
          returning b.sha256
        ), chunks as (
          delete from ${fileChunks} c using gone g where c.key = g.sha256
        )
        select count(*)::int as n from gone`);
      const n = Number(res.rows[0]?.n ?? 0);
      removed += n;
      if (n < SWEEP_BATCH) break;
    }
    await db.execute(sql`delete from ${fileChunks} where key like 'tmp:%' and created_at < ${new Date(Date.now() - STALE_UPLOAD_MS)}`);
    return removed;
  }
}
