import type { Readable } from "node:stream";
import type { Db } from "../db/client";

/** Bytes `start` to `end`, both inclusive (an HTTP Range). */
export type ByteRange = { start: number; end: number };

/**
 * Where uploaded bytes live, addressed by their sha256: the local disk in the embedded mode,
 * PostgreSQL when DATABASE_URL is set (decision 027). Metadata (name, size, owner) is a row in the
 * `files` table; this interface only stores bytes, so another store can replace these without
 * touching routes.
 */
export interface FileStorage {
  /** Stores the bytes and returns their sha256; storing the same bytes again is a no-op. */
  put(data: Buffer | AsyncIterable<Uint8Array>): Promise<{ sha256: string; size: number }>;
  /** A stream of the stored bytes (or of `range` of them); throws FileMissingError when there are none. */
  open(sha256: string, range?: ByteRange): Promise<Readable>;
  exists(sha256: string): Promise<boolean>;
  /**
   * Removes bytes that no `files` row names any more and that no upload has brought within the last
   * `graceMs` (an upload stores its bytes before the row that names them). Answers how many went.
   */
  removeUnreferenced(db: Db, graceMs: number): Promise<number>;
}

export class FileMissingError extends Error {
  constructor(sha256: string) {
    super(`Stored file ${sha256} is missing`);
  }
}

export const isSha256 = (s: string) => /^[0-9a-f]{64}$/.test(s);

declare module "fastify" {
  interface FastifyInstance {
    storage: FileStorage;
  }
}
