import type { Readable } from "node:stream";

/**
 * Where uploaded bytes live, addressed by their sha256. Metadata (name, size, owner) is a row in the
 * `files` table; this interface only stores bytes, so an S3-compatible store can replace the local
 * disk without touching routes.
 */
export interface FileStorage {
  /** Stores the bytes and returns their sha256; storing the same bytes again is a no-op. */
  put(data: Buffer | AsyncIterable<Uint8Array>): Promise<{ sha256: string; size: number }>;
  /** A stream of the stored bytes; throws FileMissingError when there are none. */
  open(sha256: string): Promise<Readable>;
  exists(sha256: string): Promise<boolean>;
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
