import { inArray } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { files } from "../db/schema";

/** Which of `hashes` a row of `files` names (through files_sha256_idx). */
export async function referencedHashes(db: Queryable, hashes: string[]): Promise<Set<string>> {
  if (!hashes.length) return new Set();
  const rows = await db.selectDistinct({ sha256: files.sha256 }).from(files).where(inArray(files.sha256, hashes));
  return new Set(rows.map((r) => r.sha256));
}
