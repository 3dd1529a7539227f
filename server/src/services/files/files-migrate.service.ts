import fs from "node:fs";
import path from "node:path";
import type { DatabaseStorage } from "../../storage/database-storage";
import type { LocalDiskStorage } from "../../storage/local-disk";

export type MoveReport = { moved: number; alreadyThere: number; problems: string[] };

/**
 * `npm run files:migrate`: every file in the local folder goes into PostgreSQL, streamed a chunk at a
 * time and checked against its name (its sha256); the local copy is removed once the database has
 * it, unless `keep`. Running it again moves nothing twice: a file already in the database is only
 * removed from the disk. Safe while servers run (an upload of the same bytes meets the same claim).
 */
export async function moveDiskFilesToDatabase(
  disk: LocalDiskStorage,
  diskRoot: string,
  target: DatabaseStorage,
  opts: { keep: boolean; onProgress?: (done: number) => void },
): Promise<MoveReport> {
  const report: MoveReport = { moved: 0, alreadyThere: 0, problems: [] };
  for await (const sha256 of disk.list()) {
    if (await target.hasBlob(sha256)) {
      report.alreadyThere++;
    } else {
      const stream = fs.createReadStream(path.join(diskRoot, sha256.slice(0, 2), sha256), { highWaterMark: 256 * 1024 });
      const stored = await target.put(stream);
      if (stored.sha256 !== sha256) {
        // The bytes no longer match their name (a damaged disk): left where they are, reported.
        report.problems.push(`${sha256}: its bytes have sha256 ${stored.sha256}; left on disk`);
        continue;
      }
      report.moved++;
    }
    if (!opts.keep) await disk.remove(sha256);
    opts.onProgress?.(report.moved + report.alreadyThere);
  }
  return report;
}
