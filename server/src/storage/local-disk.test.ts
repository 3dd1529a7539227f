import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { LocalDiskStorage } from "./local-disk";
import { FileMissingError } from "./storage";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "adesua-storage-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
async function readAll(s: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

describe("LocalDiskStorage", () => {
  it("stores bytes under their sha256 in a two-letter folder and reads them back", async () => {
    const store = new LocalDiskStorage(root);
    const bytes = Buffer.from("%PDF-1.4 hello");
    const { sha256, size } = await store.put(bytes);
    expect(sha256).toBe(sha(bytes));
    expect(size).toBe(bytes.length);
    expect(fs.existsSync(path.join(root, sha256.slice(0, 2), sha256))).toBe(true);
    expect(await store.exists(sha256)).toBe(true);
    expect(await readAll(await store.open(sha256))).toEqual(bytes);
  });

  it("stores the same bytes once and leaves no temporary files", async () => {
    const store = new LocalDiskStorage(root);
    const bytes = Buffer.from("same bytes twice");
    const [a, b] = await Promise.all([store.put(bytes), store.put(bytes)]);
    expect(a.sha256).toBe(b.sha256);
    expect(fs.readdirSync(path.join(root, a.sha256.slice(0, 2))).filter((f) => f === a.sha256)).toHaveLength(1);
    expect(fs.readdirSync(path.join(root, "tmp"))).toEqual([]);
  });

  it("accepts a stream of chunks", async () => {
    const store = new LocalDiskStorage(root);
    async function* chunks() {
      yield Buffer.from("part one, ");
      yield Buffer.from("part two");
    }
    const { sha256, size } = await store.put(chunks());
    expect(sha256).toBe(sha(Buffer.from("part one, part two")));
    expect(size).toBe(18);
  });

  it("removes the temporary file when the source fails", async () => {
    const store = new LocalDiskStorage(root);
    async function* broken() {
      yield Buffer.from("start");
      throw new Error("connection dropped");
    }
    await expect(store.put(broken())).rejects.toThrow("connection dropped");
    expect(fs.readdirSync(path.join(root, "tmp"))).toEqual([]);
  });

  it("reports missing files and refuses names that are not a sha256", async () => {
    const store = new LocalDiskStorage(root);
    const missing = "0".repeat(64);
    expect(await store.exists(missing)).toBe(false);
    await expect(store.open(missing)).rejects.toBeInstanceOf(FileMissingError);
    await expect(store.open("../../etc/passwd")).rejects.toThrow("Not a sha256");
  });
});
