import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildUser } from "../../test/factories";
import { files } from "../db/schema";
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

describe("LocalDiskStorage clean-up of bytes nothing refers to", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const HOUR = 3600_000;
  const old = new Date(Date.now() - 2 * HOUR);
  const fileOf = (dir: string, h: string) => path.join(dir, h.slice(0, 2), h);

  it("removes unreferenced files past the grace period and keeps referenced, recent and just-uploaded ones", async () => {
    const dir = fs.mkdtempSync(path.join(root, "gc-"));
    const user = await buildUser(t.database.db, { role: "teacher" });
    // Files from an earlier run of the server (nothing pinned them in this process).
    const earlier = new LocalDiskStorage(dir);
    const named = await earlier.put(Buffer.from("named by a row"));
    const orphan = await earlier.put(Buffer.from("named by nothing"));
    const recent = await earlier.put(Buffer.from("written a minute ago"));
    await t.database.db.insert(files).values({ sha256: named.sha256, name: "n.pdf", size: 1, mimeType: "application/pdf", uploadedBy: user.id });
    for (const h of [named.sha256, orphan.sha256]) fs.utimesSync(fileOf(dir, h), old, old);
    fs.writeFileSync(path.join(dir, "tmp", "died-mid-upload"), "x");
    fs.utimesSync(path.join(dir, "tmp", "died-mid-upload"), new Date(Date.now() - 25 * HOUR), new Date(Date.now() - 25 * HOUR));

    const store = new LocalDiskStorage(dir);
    // An upload in this process whose row is not written yet: pinned, although its file is old.
    const pinned = await store.put(Buffer.from("uploaded, row on its way"));
    fs.utimesSync(fileOf(dir, pinned.sha256), old, old);

    expect(await store.removeUnreferenced(t.database.db, HOUR)).toBe(1);
    expect(await store.exists(orphan.sha256)).toBe(false);
    for (const h of [named.sha256, recent.sha256, pinned.sha256]) expect(await store.exists(h)).toBe(true);
    expect(fs.readdirSync(path.join(dir, "tmp"))).toEqual([]);
  });

  it("never loses the bytes of an upload that meets the clean-up", async () => {
    const dir = fs.mkdtempSync(path.join(root, "race-"));
    for (let i = 0; i < 20; i++) {
      const bytes = Buffer.from(`round ${i} ${Math.random()}`);
      const h = sha(bytes);
      await new LocalDiskStorage(dir).put(bytes);
      fs.utimesSync(fileOf(dir, h), old, old);
      const store = new LocalDiskStorage(dir);
      const [stored] = await Promise.all([store.put(bytes), store.removeUnreferenced(t.database.db, HOUR)]);
      expect(stored.sha256).toBe(h);
      expect(await readAll(await store.open(h))).toEqual(bytes);
    }
  });

  it("reads a byte range", async () => {
    const store = new LocalDiskStorage(root);
    const { sha256 } = await store.put(Buffer.from("0123456789"));
    expect((await readAll(await store.open(sha256, { start: 2, end: 5 }))).toString()).toBe("2345");
  });
});
