import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { Db } from "../db/client";
import { referencedHashes } from "./referenced";
import { FileMissingError, isSha256, type ByteRange, type FileStorage } from "./storage";

/** Temporary files of uploads that never finished (a crash mid-write) go after a day. */
const STALE_TMP_MS = 24 * 3600_000;

/**
 * Files under `root/ab/abcdef…` (the first two hex digits fan the folder out). A write goes to a
 * temporary file first and is renamed into place, so a crash never leaves a half-written file
 * under a real name, and two uploads of the same bytes both end with one complete file.
 *
 * The embedded mode runs in one process, so the clean-up and uploads meet here: every upload pins
 * its hash (in memory, for the grace period) before it looks for an existing copy, and the clean-up
 * first moves a file aside, then looks at the pins and the `files` rows again, and puts it back if
 * anything wants it. An upload that found the file just before it was moved is therefore always seen.
 */
export class LocalDiskStorage implements FileStorage {
  private readonly pins = new Map<string, number>();

  constructor(private readonly root: string) {}

  private pathOf(sha256: string): string {
    if (!isSha256(sha256)) throw new Error("Not a sha256");
    return path.join(this.root, sha256.slice(0, 2), sha256);
  }

  private tmpPath(): string {
    return path.join(this.root, "tmp", `${process.pid}-${randomBytes(8).toString("hex")}`);
  }

  async put(data: Buffer | AsyncIterable<Uint8Array>): Promise<{ sha256: string; size: number }> {
    await fsp.mkdir(path.join(this.root, "tmp"), { recursive: true });
    const tmp = this.tmpPath();
    const hash = createHash("sha256");
    let size = 0;
    const fh = await fsp.open(tmp, "wx");
    try {
      const chunks: AsyncIterable<Uint8Array> | Uint8Array[] = Buffer.isBuffer(data) ? [data] : data;
      for await (const chunk of chunks) {
        hash.update(chunk);
        size += chunk.length;
        await fh.write(chunk);
      }
      await fh.sync();
    } catch (e) {
      await fh.close().catch(() => {});
      await fsp.rm(tmp, { force: true });
      throw e;
    }
    await fh.close();
    const sha256 = hash.digest("hex");
    this.pins.set(sha256, Date.now());
    const final = this.pathOf(sha256);
    if (await this.exists(sha256)) {
      await fsp.rm(tmp, { force: true });
      const now = new Date();
      await fsp.utimes(final, now, now).catch(() => {});
    } else {
      await fsp.mkdir(path.dirname(final), { recursive: true });
      await fsp.rename(tmp, final);
    }
    return { sha256, size };
  }

  async open(sha256: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(sha256);
    // Open first so a missing file is an error here, not an 'error' event mid-response.
    const fh = await fsp.open(file, "r").catch((e: NodeJS.ErrnoException) => {
      throw e.code === "ENOENT" ? new FileMissingError(sha256) : e;
    });
    return fh.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async exists(sha256: string): Promise<boolean> {
    try {
      await fsp.access(this.pathOf(sha256), fs.constants.R_OK);
      return true;
    } catch {
      return false;
    }
  }

  /** Every stored hash (for `npm run files:migrate`). */
  async *list(): AsyncGenerator<string> {
    if (!fs.existsSync(this.root)) return;
    for (const dir of (await fsp.readdir(this.root)).filter((d) => /^[0-9a-f]{2}$/.test(d)).sort()) {
      for (const name of (await fsp.readdir(path.join(this.root, dir))).sort()) if (isSha256(name)) yield name;
    }
  }

  /** Removes the local copy (after `files:migrate` stored it elsewhere). */
  async remove(sha256: string): Promise<void> {
    await fsp.rm(this.pathOf(sha256), { force: true });
  }

  private pinned(sha256: string, cutoff: number): boolean {
    return (this.pins.get(sha256) ?? 0) >= cutoff;
  }

  async removeUnreferenced(db: Db, graceMs: number): Promise<number> {
    const cutoff = Date.now() - graceMs;
    for (const [h, at] of this.pins) if (at < cutoff) this.pins.delete(h);
    await this.removeStaleTmp();
    let removed = 0;
    let batch: string[] = [];
    const flush = async () => {
      removed += await this.removeBatch(db, batch, cutoff);
      batch = [];
    };
    for await (const sha256 of this.list()) {
      const st = await fsp.stat(this.pathOf(sha256)).catch(() => null);
      if (!st || st.mtimeMs >= cutoff || this.pinned(sha256, cutoff)) continue;
      batch.push(sha256);
      if (batch.length >= 500) await flush();
    }
    if (batch.length) await flush();
    return removed;
  }

  private async removeBatch(db: Db, hashes: string[], cutoff: number): Promise<number> {
    const named = await referencedHashes(db, hashes);
    const aside = new Map<string, string>();
    for (const h of hashes) {
      if (named.has(h)) continue;
      const tmp = this.tmpPath();
      try {
        await fsp.rename(this.pathOf(h), tmp);
        aside.set(h, tmp);
      } catch {
        /* gone already */
      }
    }
    if (!aside.size) return 0;
    // Moved aside: an upload from now on writes a fresh copy. Look again for anything that wants these.
    const stillNamed = await referencedHashes(db, [...aside.keys()]);
    let removed = 0;
    for (const [h, tmp] of aside) {
      if (stillNamed.has(h) || this.pinned(h, cutoff)) {
        if (await this.exists(h)) await fsp.rm(tmp, { force: true });
        else await fsp.rename(tmp, this.pathOf(h));
      } else {
        await fsp.rm(tmp, { force: true });
        removed++;
      }
    }
    return removed;
  }

  private async removeStaleTmp(): Promise<void> {
    const dir = path.join(this.root, "tmp");
    if (!fs.existsSync(dir)) return;
    const limit = Date.now() - STALE_TMP_MS;
    for (const name of await fsp.readdir(dir)) {
      const st = await fsp.stat(path.join(dir, name)).catch(() => null);
      if (st && st.mtimeMs < limit) await fsp.rm(path.join(dir, name), { force: true });
    }
  }
}
