import { sql } from "drizzle-orm";
import { customType, index, integer, bigint, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Uploaded bytes kept in PostgreSQL when DATABASE_URL is set (decision 027), exported through
 * schema.ts. A blob is addressed by its sha256; its bytes are rows of `file_chunks` of at most
 * `chunk_size` bytes each, written and read one at a time so no file is ever whole in memory.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** One row per complete stored file. `touched_at` is renewed whenever an upload brings the same bytes again. */
export const fileBlobs = pgTable("file_blobs", {
  sha256: text("sha256").primaryKey(),
  size: bigint("size", { mode: "number" }).notNull(),
  chunkSize: integer("chunk_size").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
  /** The clean-up job leaves blobs touched within its grace period alone (a row naming them may be on its way). */
  touchedAt: ts("touched_at").notNull().defaultNow(),
});

/**
 * The bytes, `n` from 0. `key` is the blob's sha256, or `tmp:<random>` while an upload is still
 * arriving (its hash is known only at the end); a finished upload renames its chunks in one UPDATE.
 */
export const fileChunks = pgTable(
  "file_chunks",
  {
    key: text("key").notNull(),
    n: integer("n").notNull(),
    data: bytea("data").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.n] }),
    index("file_chunks_unfinished_idx")
      .on(t.createdAt)
      .where(sql`${t.key} like 'tmp:%'`),
  ],
);
