import path from "node:path";
import type { Database } from "../db/client";
import { DatabaseStorage } from "./database-storage";
import { LocalDiskStorage } from "./local-disk";
import type { FileStorage } from "./storage";

/**
 * Where this server keeps uploaded bytes (decision 027): in PostgreSQL when DATABASE_URL is set, so
 * every app server serves every file (the old disk folder is still read until `npm run files:migrate`
 * has moved it), else on the local disk under DATA_DIR/files.
 */
export function storageFor(database: Database, dataDir: string): FileStorage {
  const disk = new LocalDiskStorage(path.join(dataDir, "files"));
  return database.kind === "postgres" ? new DatabaseStorage(database.db, disk) : disk;
}
