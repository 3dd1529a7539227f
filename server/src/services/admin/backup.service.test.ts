import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, type TestApp } from "../../../test/test-app";
import { buildCourse, signedIn } from "../../../test/factories";
import { form, pdfBytes } from "../../../test/uploads";
import { adminUrl } from "../../../test/pg-admin";
import { openDatabase, type Database } from "../../db/client";
import { createBackup, listBackups, pruneBackups, restoreBackup } from "./backup.service";

/**
 * A school is made over HTTP, backed up, restored into an empty data folder (PGlite) or an empty
 * database (PostgreSQL, when DATABASE_URL is set), and every table's rows and every stored file's
 * bytes are compared.
 */
let t: TestApp;
const cleanups: (() => Promise<void>)[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  await t.close();
});

async function tableRows(database: Database): Promise<Record<string, unknown[]>> {
  const tables = await database.db.execute<{ name: string }>(
    sql`select schemaname || '.' || tablename as name from pg_tables where schemaname in ('public', 'drizzle') order by 1`,
  );
  const out: Record<string, unknown[]> = {};
  for (const { name } of tables.rows) {
    const [schema, table] = name.split(".");
    const rows = await database.db.execute(sql`select * from ${sql.identifier(schema)}.${sql.identifier(table)}`);
    // In a fixed order of whole rows: a table's first column need not be unique (row_counts: table_name, shard).
    out[name] = rows.rows
      .map((r) => JSON.stringify(r))
      .sort()
      .map((r) => JSON.parse(r));
  }
  return out;
}

function fileDigests(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    const rel = path.relative(dir, full);
    if (rel.startsWith("tmp")) continue;
    out[rel] = createHash("sha256").update(fs.readFileSync(full)).digest("hex");
  }
  return out;
}

async function makeSchool() {
  const teacher = await signedIn(t.database.db, { role: "teacher" });
  const course = await buildCourse(t.database.db, { teacherId: teacher.user.id });
  const created = await call(t.app, {
    method: "POST",
    url: "/api/quizzes",
    token: teacher.token,
    payload: form(
      {
        title: "Backup quiz",
        courseId: course.id,
        studentType: "jhs1",
        timeLimit: "30",
        maxAttempts: "3",
        questionsPerPage: "10",
        passingScore: "50",
        resetTimerOnAttempt: "true",
      },
      { pdf: { name: "paper.pdf", bytes: pdfBytes(500) } },
    ),
  });
  expect(created.status).toBe(201);
  const quizId = created.body.id;
  const qs = await call(t.app, {
    method: "PUT",
    url: `/api/quizzes/${quizId}/questions`,
    token: teacher.token,
    payload: { questions: [1, 2, 3].map((i) => ({ text: `Question ${i}`, options: ["A1", "B1", "C1"], answer: "B1" })) },
  });
  expect(qs.status).toBe(200);
  for (let i = 0; i < 3; i++) {
    const s = await signedIn(t.database.db, { role: "student", studentType: "jhs1" });
    const started = await call(t.app, { method: "POST", url: `/api/quizzes/${quizId}/attempts`, token: s.token });
    expect(started.status).toBe(201);
    const attemptId = started.body.attemptId ?? started.body.id;
    const questionIds: number[] = started.body.questions.map((q: { id: number }) => q.id);
    const saved = await call(t.app, {
      method: "PUT",
      url: `/api/attempts/${attemptId}/answers`,
      token: s.token,
      payload: { answers: questionIds.map((id) => ({ questionId: id, answer: "B1" })) },
    });
    expect(saved.status).toBe(200);
    if (i < 2) expect((await call(t.app, { method: "POST", url: `/api/attempts/${attemptId}/submit`, token: s.token, payload: {} })).status).toBe(200);
  }
}

describe("backup and restore", () => {
  it("round-trips every table's rows and every file's bytes (on disk, or in PostgreSQL) into an empty target", async () => {
    await makeSchool();
    const dataDir = t.app.config.dataDir;
    const before = await tableRows(t.database);
    expect(before["public.submissions"].length).toBe(2);
    expect(before["public.attempt_answers"].length).toBe(9);
    expect(before["public.files"].length).toBe(1);
    expect(before["drizzle.__drizzle_migrations"].length).toBeGreaterThan(0);
    const filesBefore = fileDigests(path.join(dataDir, "files"));
    if (t.databaseUrl) {
      // With PostgreSQL the bytes are rows of the database (decision 027): the dump carries them.
      expect(Object.keys(filesBefore)).toEqual([]);
      expect(before["public.file_blobs"].length).toBe(1);
      expect(before["public.file_chunks"].length).toBeGreaterThan(0);
    } else {
      expect(Object.keys(filesBefore).length).toBeGreaterThan(0);
    }

    const backup = await createBackup(t.database, { dataDir, databaseUrl: t.databaseUrl });
    expect(path.basename(backup)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z$/);
    expect(await listBackups(dataDir)).toEqual([backup]);

    // The empty target: a new data folder, and on PostgreSQL a new database.
    const target = fs.mkdtempSync(path.join(os.tmpdir(), "adesua-restore-"));
    cleanups.push(async () => fs.rmSync(target, { recursive: true, force: true }));
    let targetUrl: string | null = null;
    if (t.databaseUrl) {
      const pg = (await import("pg")).default;
      const name = `adesua_restore_${randomBytes(4).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl(t.databaseUrl) });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      cleanups.push(async () => {
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      });
      const u = new URL(t.databaseUrl);
      u.pathname = `/${name}`;
      targetUrl = u.toString();
    }
    await restoreBackup(backup, { dataDir: target, databaseUrl: targetUrl });

    const restored = await openDatabase({ databaseUrl: targetUrl, pgliteDir: targetUrl ? null : path.join(target, "db") });
    try {
      expect(await tableRows(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
    expect(fileDigests(path.join(target, "files"))).toEqual(filesBefore);

    // A second restore finds the target no longer empty and refuses.
    await expect(restoreBackup(backup, { dataDir: target, databaseUrl: targetUrl })).rejects.toThrow(/not empty/);
  }, 120_000);

  it("keeps the newest backups only", async () => {
    const dataDir = t.app.config.dataDir;
    for (let i = 0; i < 3; i++) await createBackup(t.database, { dataDir, databaseUrl: t.databaseUrl, now: new Date(Date.UTC(2030, 0, 1 + i)) });
    const all = await listBackups(dataDir);
    await pruneBackups(dataDir, 2);
    const kept = await listBackups(dataDir);
    expect(kept).toEqual(all.slice(-2));
  }, 120_000);
});
