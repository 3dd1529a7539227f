import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { eq, sql } from "drizzle-orm";
import { openDatabase, type Database } from "./client";
import { pipelines, queryPrepared } from "./prepared";
import { inOrder } from "./transactions";
import { courses, users } from "./schema";
import type { PGliteThread } from "./pglite-thread";

/**
 * PGlite on its own thread (decision 028) must behave exactly like PGlite on the request thread:
 * the same rows and types through Drizzle, errors with their SQLSTATE, transactions that commit or
 * roll back, nothing run inside another request's transaction, and statements kept, not re-planned.
 * (With TEST_PGLITE_THREAD=1 the whole server suite runs on the thread as well.)
 */
let threaded: Database;
let inline: Database;
const onPglite = !process.env.DATABASE_URL;

beforeAll(async () => {
  if (!onPglite) return;
  const dump = fs.readFileSync(inject("pgliteDump"));
  threaded = await openDatabase({ databaseUrl: null, pgliteDir: null, pgliteLoad: new Blob([dump]), pgliteThread: true });
  inline = await openDatabase({ databaseUrl: null, pgliteDir: null, pgliteLoad: new Blob([dump]) });
}, 60_000);

afterAll(async () => {
  await threaded?.close();
  await inline?.close();
});

const thread = () => (threaded.db as unknown as { $client: PGliteThread }).$client;

describe.runIf(onPglite)("PGlite on its own thread", () => {
  it("returns the same rows and types as PGlite on the request thread", async () => {
    for (const d of [threaded, inline]) {
      await d.db.insert(users).values({ name: "Ama Mensah", email: "ama@example.com", role: "teacher" });
      const [t] = await d.db.select().from(users).where(eq(users.email, "ama@example.com"));
      await d.db.insert(courses).values({ title: "Science", teacherId: t.id });
    }
    const read = (d: Database) =>
      Promise.all([
        d.db.select().from(users).where(eq(users.email, "ama@example.com")),
        d.db.select({ course: courses, teacher: users.name }).from(courses).innerJoin(users, eq(users.id, courses.teacherId)),
        d.db.execute(
          sql`select now() > ${new Date(0).toISOString()}::timestamptz as later, '{"a":[1,2]}'::jsonb as j, array[1,2]::int[] as arr, 1.50::numeric as n`,
        ),
      ]);
    const [a, b] = await Promise.all([read(threaded), read(inline)]);
    expect(a[0][0].createdAt).toBeInstanceOf(Date);
    expect({ ...a[0][0], createdAt: 0, updatedAt: 0 }).toEqual({ ...b[0][0], createdAt: 0, updatedAt: 0 });
    const plain = (rows: (typeof a)[1]) => rows.map((r) => ({ ...r, course: { ...r.course, createdAt: 0, updatedAt: 0 } }));
    expect(plain(a[1])).toEqual(plain(b[1]));
    expect(a[2].rows).toEqual(b[2].rows);
    expect(a[2].rows[0]).toEqual({ later: true, j: { a: [1, 2] }, arr: [1, 2], n: "1.50" });
  });

  it("reports database errors with their SQLSTATE and constraint", async () => {
    const err: (Error & { cause?: unknown }) | null = await threaded.db
      .insert(users)
      .values({ name: "Again", email: "ama@example.com", role: "teacher" })
      .then(
        () => null,
        (e: Error) => e,
      );
    expect(err).toBeInstanceOf(Error);
    expect(err?.cause).toMatchObject({ code: "23505", constraint: "users_email_key" });
    // The thread is still usable afterwards.
    expect((await threaded.db.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
  });

  it("commits a transaction, rolls one back on an error, and keeps other queries out of an open one", async () => {
    const made = await threaded.db.transaction(async (tx) => {
      await tx.insert(users).values({ name: "Kofi", email: "kofi@example.com", role: "student", studentType: "jhs1" });
      return tx.select().from(users).where(eq(users.email, "kofi@example.com"));
    });
    expect(made).toHaveLength(1);
    await expect(
      threaded.db.transaction(async (tx) => {
        await tx.insert(users).values({ name: "Yaw", email: "yaw@example.com", role: "student", studentType: "jhs1" });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    // Savepoints (nested transactions) roll back alone.
    await threaded.db.transaction(async (tx) => {
      await tx.insert(users).values({ name: "Esi", email: "esi@example.com", role: "student", studentType: "jhs1" });
      await tx
        .transaction(async (inner) => {
          await inner.insert(users).values({ name: "Kwame", email: "kwame@example.com", role: "student", studentType: "jhs1" });
          inner.rollback();
        })
        .catch(() => {});
    });
    const emails = (await threaded.db.select({ email: users.email }).from(users)).map((u) => u.email);
    expect(emails).toContain("kofi@example.com");
    expect(emails).toContain("esi@example.com");
    expect(emails).not.toContain("yaw@example.com");
    expect(emails).not.toContain("kwame@example.com");

    // A query sent while a transaction is open waits for it: it sees the committed row, never a half-done one.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const tx = threaded.db.transaction(async (t) => {
      await t.insert(users).values({ name: "Abena", email: "abena@example.com", role: "student", studentType: "jhs1" });
      await gate;
      await t.update(users).set({ name: "Abena Owusu" }).where(eq(users.email, "abena@example.com"));
    });
    await new Promise((r) => setTimeout(r, 50));
    const outside = threaded.db.select({ name: users.name }).from(users).where(eq(users.email, "abena@example.com"));
    release();
    await tx;
    expect(await outside).toEqual([{ name: "Abena Owusu" }]);
  });

  it("begins with a transaction's first statement: a failing first statement rolls back, an empty transaction takes nothing", async () => {
    // BEGIN travels with the first statement; when that statement fails the transaction still ends (rolled back).
    await expect(
      threaded.db.transaction(async (tx) => {
        await tx.insert(users).values({ name: "Again", email: "ama@example.com", role: "teacher" });
      }),
    ).rejects.toThrow();
    // A transaction that runs nothing returns its value and leaves the database free for the next one.
    expect(await threaded.db.transaction(async () => 42)).toBe(42);
    const [row] = await threaded.db.transaction((tx) => tx.select({ email: users.email }).from(users).where(eq(users.email, "ama@example.com")));
    expect(row).toEqual({ email: "ama@example.com" });
    // Many transactions at once, each with several statements, all commit whole while plain queries interleave.
    const n = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? threaded.db.execute(sql`select 1 as one`).then(() => 0)
          : threaded.db.transaction(async (tx) => {
              await tx.execute(sql`select 1`);
              await tx.execute(sql`select 2`);
              return 1;
            }),
      ),
    );
    expect(n.reduce((a, b) => a + b, 0)).toBe(10);
  });

  it("runs a transaction's statements sent together in order, behind its BEGIN, and fails the rest after a failed BEGIN's statement", async () => {
    // Many transactions at once, each sending three statements without waiting for the first answer.
    const got = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        threaded.db.transaction(async (tx) => {
          const email = `together${i}@example.com`;
          const [, , read] = await Promise.all([
            tx.insert(users).values({ name: `T${i}`, email, role: "teacher" }),
            tx
              .update(users)
              .set({ name: `T${i} updated` })
              .where(eq(users.email, email)),
            tx.select({ name: users.name }).from(users).where(eq(users.email, email)),
          ]);
          return read[0]?.name;
        }),
      ),
    );
    expect(got).toEqual(Array.from({ length: 8 }, (_, i) => `T${i} updated`));
    // A failing first statement: the statements sent behind it fail too, and the transaction rolls back.
    const failing = threaded.db.transaction(async (tx) => {
      await Promise.all([
        tx.insert(users).values({ name: "Dup", email: "ama@example.com", role: "teacher" }),
        tx.insert(users).values({ name: "Behind", email: "behind@example.com", role: "teacher" }),
      ]);
    });
    await expect(failing).rejects.toThrow();
    expect(await threaded.db.select().from(users).where(eq(users.email, "behind@example.com"))).toEqual([]);
    // And the database is free again.
    expect((await threaded.db.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
  });

  it("sends a transaction's two statements together through inOrder on the thread only, in order", async () => {
    for (const d of [threaded, inline]) {
      const [first, second] = await d.db.transaction(async (tx) => {
        expect(pipelines(tx)).toBe(d === threaded);
        return inOrder(
          tx,
          () => tx.execute(sql`select pg_advisory_xact_lock(4242) is not null as locked`),
          () => queryPrepared(tx, "in_order_check", "select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 4242", [], []),
        );
      });
      expect(first.rows).toEqual([{ locked: true }]);
      // The second ran after the first: it sees the lock the first took.
      expect(second).toEqual([{ n: 1 }]);
    }
  });

  it("parses types the same after DDL (type parsers are kept per set of text-kept types)", async () => {
    const before = await threaded.db.execute(sql`select '2026-01-02T03:04:05Z'::timestamptz as t, 2::int as i`);
    await threaded.db.execute(sql`create table if not exists parser_check (id int)`);
    const [u] = await threaded.db.select().from(users).limit(1);
    const after = await threaded.db.execute(sql`select '2026-01-02T03:04:05Z'::timestamptz as t, 2::int as i`);
    expect(after.rows).toEqual(before.rows);
    expect(u.createdAt).toBeInstanceOf(Date);
  });

  it("runs parallel transactions one after the other, each whole", async () => {
    const emails = Array.from({ length: 6 }, (_, i) => `parallel${i}@example.com`);
    await Promise.all(
      emails.map((email, i) =>
        threaded.db.transaction(async (tx) => {
          await tx.insert(users).values({ name: `P${i}`, email, role: "student", studentType: "jhs1" });
          await new Promise((r) => setTimeout(r, 5));
          const [{ n }] = (await tx.execute<{ n: number }>(sql`select count(*)::int as n from users where email like 'parallel%'`)).rows;
          await tx
            .update(users)
            .set({ name: `P${i} saw ${n}` })
            .where(eq(users.email, email));
        }),
      ),
    );
    const seen = (
      await threaded.db
        .select({ name: users.name })
        .from(users)
        .where(sql`${users.email} like 'parallel%'`)
    ).map((u) => Number(u.name.split(" saw ")[1]));
    expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("keeps statements: the same query is prepared once however often it runs", async () => {
    const before = await thread().stats();
    for (let i = 0; i < 30; i++) await threaded.db.select({ id: users.id }).from(users).where(eq(users.id, i));
    const rows = await queryPrepared(threaded.db, "unused_name", "select count(*)::int as n from users where role = $1::text", ["text"], ["student"]);
    await queryPrepared(threaded.db, "unused_name", "select count(*)::int as n from users where role = $1::text", ["text"], ["teacher"]);
    expect(rows).toEqual([{ n: 9 }]); // Kofi, Esi, Abena and the six parallel students
    const after = await thread().stats();
    expect(after.kept - before.kept).toBe(32);
    expect(after.prepared - before.prepared).toBe(2);
  });

  it("keeps at most 500 statements", async () => {
    for (let i = 0; i < 520; i++) await threaded.db.execute(sql.raw(`select ${i} as n`));
    const s = await thread().stats();
    expect(s.statements).toBeLessThanOrEqual(500);
    expect((await threaded.db.execute(sql.raw(`select 7 as n`))).rows).toEqual([{ n: 7 }]);
  });

  it("dumps the data folder for backups", async () => {
    const blob = await threaded.dumpDataDir!();
    expect(blob.size).toBeGreaterThan(100_000);
  });
});
