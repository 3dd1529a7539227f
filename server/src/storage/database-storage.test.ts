import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { buildUser } from "../../test/factories";
import { fileBlobs, fileChunks, files } from "../db/schema";
import { CHUNK_SIZE, DatabaseStorage } from "./database-storage";
import { LocalDiskStorage } from "./local-disk";
import { FileMissingError } from "./storage";
import { moveDiskFilesToDatabase } from "../services/files/files-migrate.service";

/** Files in the database (decision 027): PGlite and PostgreSQL alike, so this runs on both. */
let t: TestApp;
let store: DatabaseStorage;
const db = () => t.database.db;
const dirs: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  store = new DatabaseStorage(db());
});
afterAll(async () => {
  await t.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
async function readAll(s: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(Buffer.from(c as Buffer));
  return Buffer.concat(parts);
}
async function* pieces(b: Buffer, size: number) {
  for (let i = 0; i < b.length; i += size) yield b.subarray(i, i + size);
}
const chunkRows = async (key: string) => (await db().select({ n: fileChunks.n }).from(fileChunks).where(eq(fileChunks.key, key))).length;
const tmpRows = async () => (await db().select({ n: fileChunks.n }).from(fileChunks).where(like(fileChunks.key, "tmp:%"))).length;
/** Makes a blob look untouched for an hour and a half. */
const age = (h: string) =>
  db()
    .update(fileBlobs)
    .set({ touchedAt: sql`now() - interval '90 minutes'` })
    .where(eq(fileBlobs.sha256, h));
const HOUR = 3600_000;

describe("DatabaseStorage", () => {
  it("stores a stream in 256 KB chunks under its sha256 and reads it back whole and by range", async () => {
    const bytes = randomBytes(CHUNK_SIZE * 2 + 1234);
    // Arriving in odd-sized pieces, as a network stream does.
    const { sha256, size } = await store.put(pieces(bytes, 100_000));
    expect(sha256).toBe(sha(bytes));
    expect(size).toBe(bytes.length);
    expect(await chunkRows(sha256)).toBe(3);
    expect(await store.exists(sha256)).toBe(true);
    expect((await readAll(await store.open(sha256))).equals(bytes)).toBe(true);
    // A range across a chunk boundary, and one inside the last chunk.
    const a = CHUNK_SIZE - 10;
    expect((await readAll(await store.open(sha256, { start: a, end: a + 19 }))).equals(bytes.subarray(a, a + 20))).toBe(true);
    const b = bytes.length - 5;
    expect((await readAll(await store.open(sha256, { start: b, end: bytes.length - 1 }))).equals(bytes.subarray(b))).toBe(true);
    expect(await tmpRows()).toBe(0);
  });

  it("stores the same bytes once, also when two uploads race, and leaves no unfinished chunks", async () => {
    const bytes = randomBytes(CHUNK_SIZE + 10);
    const [x, y] = await Promise.all([store.put(pieces(bytes, 64 * 1024)), store.put(pieces(bytes, 50_000))]);
    expect(x.sha256).toBe(y.sha256);
    expect(await chunkRows(x.sha256)).toBe(2);
    expect(await db().select().from(fileBlobs).where(eq(fileBlobs.sha256, x.sha256))).toHaveLength(1);
    // A buffer the database has already is not written again.
    expect(await store.put(bytes)).toEqual({ sha256: x.sha256, size: bytes.length });
    expect(await tmpRows()).toBe(0);
  });

  it("stores an empty file", async () => {
    const { sha256, size } = await store.put(Buffer.alloc(0));
    expect(size).toBe(0);
    expect(await readAll(await store.open(sha256))).toEqual(Buffer.alloc(0));
  });

  it("drops the chunks of an upload whose source fails", async () => {
    async function* broken() {
      yield randomBytes(CHUNK_SIZE + 1);
      throw new Error("connection dropped");
    }
    await expect(store.put(broken())).rejects.toThrow("connection dropped");
    expect(await tmpRows()).toBe(0);
  });

  it("reports missing bytes and refuses names that are not a sha256", async () => {
    await expect(store.open("0".repeat(64))).rejects.toBeInstanceOf(FileMissingError);
    await expect(store.open("../../etc/passwd")).rejects.toThrow("Not a sha256");
    expect(await store.exists("nope")).toBe(false);
  });

  it("reads a file still in the old disk folder until it is moved", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "adesua-legacy-"));
    dirs.push(root);
    const disk = new LocalDiskStorage(root);
    const bytes = Buffer.from("%PDF-1.4 only on this server's disk");
    const { sha256 } = await disk.put(bytes);
    const withLegacy = new DatabaseStorage(db(), disk);
    expect(await withLegacy.exists(sha256)).toBe(true);
    expect(await withLegacy.hasBlob(sha256)).toBe(false);
    expect((await readAll(await withLegacy.open(sha256))).equals(bytes)).toBe(true);
  });
});

describe("removing bytes nothing refers to", () => {
  it("removes unreferenced blobs past the grace period with their chunks, and keeps referenced and recent ones", async () => {
    const user = await buildUser(db(), { role: "teacher" });
    const named = await store.put(randomBytes(1000));
    await db().insert(files).values({ sha256: named.sha256, name: "kept.pdf", size: 1000, mimeType: "application/pdf", uploadedBy: user.id });
    const orphan = await store.put(randomBytes(CHUNK_SIZE + 1));
    const fresh = await store.put(randomBytes(1000));
    await age(named.sha256);
    await age(orphan.sha256);
    // Chunks of an upload that died a day ago go too.
    await db()
      .insert(fileChunks)
      .values({ key: "tmp:dead", n: 0, data: randomBytes(10), createdAt: new Date(Date.now() - 25 * HOUR) });

    expect(await store.removeUnreferenced(db(), HOUR)).toBeGreaterThanOrEqual(1);
    expect(await store.exists(orphan.sha256)).toBe(false);
    expect(await chunkRows(orphan.sha256)).toBe(0);
    expect(await store.exists(named.sha256)).toBe(true);
    expect(await store.exists(fresh.sha256)).toBe(true);
    expect(await chunkRows("tmp:dead")).toBe(0);
  });

  it("keeps a blob that an upload has just brought again (its row is on the way)", async () => {
    const bytes = randomBytes(5000);
    const { sha256 } = await store.put(bytes);
    await age(sha256);
    // The same bytes are uploaded again: the old blob is touched, not rewritten.
    await store.put(bytes);
    expect(await store.removeUnreferenced(db(), HOUR)).toBe(0);
    expect(await store.exists(sha256)).toBe(true);
  });

  it("never leaves an upload pointing at removed bytes when the clean-up and the upload meet", async () => {
    // Many rounds of: an old unreferenced blob, an upload of the same bytes and the clean-up at once.
    for (let i = 0; i < 15; i++) {
      const bytes = randomBytes(CHUNK_SIZE + 100);
      const { sha256 } = await store.put(bytes);
      await age(sha256);
      const [stored] = await Promise.all([store.put(bytes), store.removeUnreferenced(db(), HOUR)]);
      // Whatever order they ran in, the upload's answer means the bytes are there.
      expect(stored.sha256).toBe(sha256);
      expect((await readAll(await store.open(sha256))).equals(bytes)).toBe(true);
    }
  });
});

describe("moving files from the disk into the database (npm run files:migrate)", () => {
  it("moves every file, checks it against its name, and moves nothing twice", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "adesua-move-"));
    dirs.push(root);
    const disk = new LocalDiskStorage(root);
    const big = randomBytes(CHUNK_SIZE * 3 + 7);
    const a = await disk.put(big);
    const b = await disk.put(Buffer.from("small"));
    const already = await disk.put(Buffer.from("already in the database"));
    await store.put(Buffer.from("already in the database"));
    // A damaged file: its bytes no longer match its name.
    const damaged = "f".repeat(64);
    fs.mkdirSync(path.join(root, "ff"), { recursive: true });
    fs.writeFileSync(path.join(root, "ff", damaged), "not what the name says");

    const first = await moveDiskFilesToDatabase(disk, root, store, { keep: false });
    expect(first).toMatchObject({ moved: 2, alreadyThere: 1 });
    expect(first.problems).toHaveLength(1);
    expect(first.problems[0]).toContain(damaged);
    for (const h of [a.sha256, b.sha256, already.sha256]) {
      expect(await store.hasBlob(h)).toBe(true);
      expect(await disk.exists(h)).toBe(false);
    }
    expect(await disk.exists(damaged)).toBe(true);
    expect((await readAll(await store.open(a.sha256))).equals(big)).toBe(true);

    const again = await moveDiskFilesToDatabase(disk, root, store, { keep: false });
    expect(again).toMatchObject({ moved: 0, alreadyThere: 0 });
    expect(again.problems).toHaveLength(1);
  });

  it("keeps the local copies with --keep", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "adesua-keep-"));
    dirs.push(root);
    const disk = new LocalDiskStorage(root);
    const { sha256 } = await disk.put(randomBytes(300));
    expect(await moveDiskFilesToDatabase(disk, root, store, { keep: true })).toMatchObject({ moved: 1 });
    expect(await disk.exists(sha256)).toBe(true);
    expect(await moveDiskFilesToDatabase(disk, root, store, { keep: true })).toMatchObject({ moved: 0, alreadyThere: 1 });
  });
});
