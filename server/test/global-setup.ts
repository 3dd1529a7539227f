import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openDatabase } from "../src/db/client";
import { adminUrl, dropDatabasesWithPrefix } from "./pg-admin";

declare module "vitest" {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated template database each test file clones. */
    pgTemplate: string;
    /** PGlite: a dump of a migrated data folder each test file loads. */
    pgliteDump: string;
  }
}

/** Migrates one database before all test files; each file then starts from a copy of it. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const tmpl = `adesua_t${process.pid}_${Date.now().toString(36)}`;
    const pg = (await import("pg")).default;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`create database "${tmpl}"`);
    const u = new URL(url);
    u.pathname = `/${tmpl}`;
    const database = await openDatabase({ databaseUrl: u.toString(), pgliteDir: null, poolSize: 2 });
    await migrateDatabase(database);
    await database.close();
    project.provide("pgTemplate", tmpl);
    project.provide("pgliteDump", "");
    return async () => {
      await dropDatabasesWithPrefix(admin, tmpl);
      await admin.end();
    };
  }
  const database = await openDatabase({ databaseUrl: null, pgliteDir: null });
  await migrateDatabase(database);
  const { PGlite } = await import("@electric-sql/pglite");
  void PGlite;
  const client = (database.db as unknown as { $client: { dumpDataDir: (c?: "none" | "gzip") => Promise<Blob> } }).$client;
  const blob = await client.dumpDataDir("none");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "adesua-test-")), "template.tar");
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await database.close();
  project.provide("pgTemplate", "");
  project.provide("pgliteDump", file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
