import path from "node:path";
import { ConfigError, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { createBackup, pruneBackups, restoreBackup } from "./services/admin/backup.service";

/**
 * `npm run backup` and `npm run restore -- <backup folder>`, with the settings of the server
 * (DATA_DIR, DATABASE_URL). With the embedded database the server must be stopped: a PGlite folder
 * may be open in one process only (a running server takes its own backups, see BACKUP_EVERY_HOURS).
 */
async function main() {
  const [command, arg] = process.argv.slice(2);
  const config = loadConfig();
  if (command === "backup") {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.databaseUrl ? null : path.join(config.dataDir, "db") });
    try {
      const dir = await createBackup(database, { dataDir: config.dataDir, databaseUrl: config.databaseUrl });
      await pruneBackups(config.dataDir, config.backupKeep);
      console.log(`Backup written to ${dir}`);
    } finally {
      await database.close();
    }
  } else if (command === "restore") {
    if (!arg) throw new ConfigError("Usage: npm run restore -- <backup folder>");
    const m = await restoreBackup(path.resolve(arg), { dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    console.log(`Restored the backup of ${m.createdAt} (${m.database}, ${m.files} files) into ${config.databaseUrl ? "DATABASE_URL" : config.dataDir}`);
  } else {
    throw new ConfigError("Usage: backup-cli.ts backup | restore <backup folder>");
  }
}

main().catch((e) => {
  console.error(`${e instanceof ConfigError ? "" : "Failed: "}${(e as Error).message.split("\n")[0]}`);
  process.exit(1);
});
