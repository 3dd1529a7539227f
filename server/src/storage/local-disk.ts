import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { FileMissingError, isSha256, type FileStorage } from "./storage";

/**
 * Files under `root/ab/abcdef…` (the first two hex digits fan the folder out). A write goes to a
 * temporary file first and is renamed into place, so a crash never leaves a half-written file
 * under a real name, and two servers writing the same bytes both end with one complete file.
 */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(sha256: string): string {
    if (!isSha256(sha256)) throw new Error("Not a sha256");
    return path.join(this.root, sha256.slice(0, 2), sha256);
  }

  async put(data: Buffer | AsyncIterable<Uint8Array>): Promise<{ sha256: string; size: number }> {
    const tmpDir = path.join(this.root, "tmp");
    await fsp.mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, `${process.pid}-${randomBytes(8).toString("hex")}`);
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
    const final = this.pathOf(sha256);
    if (await this.exists(sha256)) {
      await fsp.rm(tmp, { force: true });
    } else {
      await fsp.mkdir(path.dirname(final), { recursive: true });
      await fsp.rename(tmp, final);
    }
    return { sha256, size };
  }

  async open(sha256: string): Promise<Readable> {
    const file = this.pathOf(sha256);
    // Open first so a missing file is an error here, not an 'error' event mid-response.
    const fh = await fsp.open(file, "r").catch((e: NodeJS.ErrnoException) => {
      throw e.code === "ENOENT" ? new FileMissingError(sha256) : e;
    });
    return fh.createReadStream();
  }

  async exists(sha256: string): Promise<boolean> {
    try {
      await fsp.access(this.pathOf(sha256), fs.constants.R_OK);
      return true;
    } catch {
      return false;
    }
  }
}
