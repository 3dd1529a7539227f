import path from "node:path";
import { ConfigError, loadConfig } from "./config";
import { migrateDatabase, openDatabase } from "./db/client";
import { moveDiskFilesToDatabase } from "./services/files/files-migrate.service";
import { DatabaseStorage } from "./storage/database-storage";
import { LocalDiskStorage } from "./storage/local-disk";

/**
 * `npm run files:migrate [-- --keep]`: moves the uploaded files of DATA_DIR/files into PostgreSQL
 * (DATABASE_URL), where every app server finds them (decision 027). Idempotent; servers may run.
 */
async function main() {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => a !== "--keep");
  if (unknown.length) throw new ConfigError(`Usage: npm run files:migrate [-- --keep]  (unknown: ${unknown.join(" ")})`);
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError("files:migrate needs DATABASE_URL: with the embedded database, files stay on the disk under DATA_DIR/files");
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: null, poolSize: 4 });
  try {
    await database.startupLock(() => migrateDatabase(database));
    const root = path.join(config.dataDir, "files");
    let last = Date.now();
    const report = await moveDiskFilesToDatabase(new LocalDiskStorage(root), root, new DatabaseStorage(database.db), {
      keep: args.includes("--keep"),
      onProgress: (n) => {
        if (Date.now() - last > 5000) {
          last = Date.now();
          console.log(`${n} files done…`);
        }
      },
    });
    console.log(
      `Files in ${root}: ${report.moved} moved into the database, ${report.alreadyThere} there already` +
        (args.includes("--keep") ? " (local copies kept)" : "") +
        (report.problems.length ? `, ${report.problems.length} not moved:` : ""),
    );
    for (const p of report.problems) console.log(`  ${p}`);
    if (report.problems.length) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((e) => {
  console.error(`${e instanceof ConfigError ? "" : "Failed: "}${(e as Error).message.split("\n")[0]}`);
  process.exit(1);
});
