import { execFile } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import type { Database } from "../../db/client";

const run = promisify(execFile);

/**
 * Backups: `DATA_DIR/backups/<ISO time>/` holds the database (PGlite: `db.tar.gz`, its data folder
 * dumped between queries; PostgreSQL: `db.dump`, `pg_dump -Fc`), the stored files (`files/`) and a
 * `manifest.json`. The database is dumped first and the files copied after: stored files are
 * immutable and written before the row that names them, so every file the dump refers to is there.
 * See README "Backups".
 */
export type BackupManifest = { format: 1; createdAt: string; database: "pglite" | "postgres"; files: number };

export const backupsDir = (dataDir: string) => path.join(dataDir, "backups");

async function copyTree(from: string, to: string, skip: (name: string) => boolean = () => false): Promise<number> {
  let count = 0;
  if (!fs.existsSync(from)) return 0;
  await fsp.mkdir(to, { recursive: true });
  for (const entry of await fsp.readdir(from, { withFileTypes: true })) {
    if (skip(entry.name)) continue;
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (entry.isDirectory()) count += await copyTree(src, dst);
    else if (entry.isFile()) {
      await fsp.copyFile(src, dst);
      count++;
    }
  }
  return count;
}

/** pg_dump/pg_restore take the URL's password from PGPASSWORD, never from the command line. */
function pgArgs(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(databaseUrl);
  const env = { ...process.env };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  u.password = "";
  return { url: u.toString(), env };
}

/** Writes one backup and returns its folder. `databaseUrl` is needed for PostgreSQL. */
export async function createBackup(database: Database, opts: { dataDir: string; databaseUrl: string | null; now?: Date }): Promise<string> {
  const createdAt = (opts.now ?? new Date()).toISOString();
  const dir = path.join(backupsDir(opts.dataDir), createdAt.replace(/:/g, "-"));
  const partial = `${dir}.partial`;
  await fsp.rm(partial, { recursive: true, force: true });
  await fsp.mkdir(partial, { recursive: true });
  try {
    if (database.kind === "pglite") {
      if (!database.dumpDataDir) throw new Error("This database cannot be dumped");
      const blob = await database.dumpDataDir();
      await fsp.writeFile(path.join(partial, "db.tar.gz"), Buffer.from(await blob.arrayBuffer()));
    } else {
      if (!opts.databaseUrl) throw new Error("DATABASE_URL is needed to back up PostgreSQL");
      const { url, env } = pgArgs(opts.databaseUrl);
      await run("pg_dump", ["-Fc", "--no-owner", "--no-privileges", "-f", path.join(partial, "db.dump"), url], { env, maxBuffer: 16 * 1024 * 1024 });
    }
    const files = await copyTree(path.join(opts.dataDir, "files"), path.join(partial, "files"), (name) => name === "tmp");
    const manifest: BackupManifest = { format: 1, createdAt, database: database.kind, files };
    await fsp.writeFile(path.join(partial, "manifest.json"), JSON.stringify(manifest, null, 2));
    await fsp.rename(partial, dir); // a backup folder without ".partial" is complete
  } catch (e) {
    await fsp.rm(partial, { recursive: true, force: true });
    throw e;
  }
  return dir;
}

/** Complete backups, oldest first. */
export async function listBackups(dataDir: string): Promise<string[]> {
  const root = backupsDir(dataDir);
  if (!fs.existsSync(root)) return [];
  const names = (await fsp.readdir(root)).filter((n) => !n.endsWith(".partial") && fs.existsSync(path.join(root, n, "manifest.json")));
  return names.sort().map((n) => path.join(root, n));
}

/** Keeps the newest `keep` backups. */
export async function pruneBackups(dataDir: string, keep: number): Promise<void> {
  const all = await listBackups(dataDir);
  for (const dir of all.slice(0, Math.max(0, all.length - keep))) await fsp.rm(dir, { recursive: true, force: true });
}

/**
 * Restores a backup into an empty target: PGlite into a data folder that does not exist or is
 * empty, PostgreSQL into a database without tables. Files are copied into DATA_DIR/files.
 */
export async function restoreBackup(backupDir: string, target: { dataDir: string; databaseUrl: string | null }): Promise<BackupManifest> {
  const manifestPath = path.join(backupDir, "manifest.json");
  if (!fs.existsSync(manifestPath)) throw new Error(`${backupDir} is not a complete backup (no manifest.json)`);
  const manifest = JSON.parse(await fsp.readFile(manifestPath, "utf8")) as BackupManifest;
  if (manifest.database === "pglite") {
    if (target.databaseUrl) throw new Error("This backup is of the embedded database; unset DATABASE_URL to restore it");
    const dbDir = path.join(target.dataDir, "db");
    if (fs.existsSync(dbDir) && (await fsp.readdir(dbDir)).length > 0) throw new Error(`${dbDir} is not empty: restore into an empty data folder`);
    const { PGlite } = await import("@electric-sql/pglite");
    const tar = await fsp.readFile(path.join(backupDir, "db.tar.gz"));
    await fsp.mkdir(dbDir, { recursive: true });
    const pg = await PGlite.create(dbDir, { loadDataDir: new Blob([new Uint8Array(tar)]) });
    await pg.close();
  } else {
    if (!target.databaseUrl) throw new Error("This backup is of PostgreSQL; set DATABASE_URL to the (empty) database to restore into");
    const { url, env } = pgArgs(target.databaseUrl);
    const pgMod = (await import("pg")).default;
    const c = new pgMod.Client({ connectionString: target.databaseUrl });
    await c.connect();
    const { rows } = await c.query("select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')");
    await c.end();
    if (rows[0].n > 0) throw new Error("The target database is not empty: restore into a new, empty database");
    await run("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "-d", url, path.join(backupDir, "db.dump")], {
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
  }
  await copyTree(path.join(backupDir, "files"), path.join(target.dataDir, "files"));
  return manifest;
}
