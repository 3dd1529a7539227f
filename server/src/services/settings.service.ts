import { sql } from "drizzle-orm";
import type { Settings } from "@adesua/domain";
import type { Db, Queryable } from "../db/client";
import { settings } from "../db/schema";
import { recordAudit, type Actor } from "../audit/audit";

const DEFAULTS: Settings = { studentSignupOpen: true };

/** The school's settings (one row, created on first write; defaults until then). */
export async function readSettings(db: Queryable): Promise<Settings> {
  const [row] = await db.select({ studentSignupOpen: settings.studentSignupOpen }).from(settings).limit(1);
  return row ?? DEFAULTS;
}

/** PUT /settings: stores the settings and audits the change. */
export async function writeSettings(db: Db, next: Settings, actor: Actor): Promise<Settings> {
  return db.transaction(async (tx) => {
    const before = await readSettings(tx);
    await tx
      .insert(settings)
      .values({ id: 1, studentSignupOpen: next.studentSignupOpen })
      .onConflictDoUpdate({ target: settings.id, set: { studentSignupOpen: next.studentSignupOpen, updatedAt: sql`now()` } });
    await recordAudit(tx, { entityType: "settings", entityId: 1, action: "update", actor, before, after: next });
    return next;
  });
}
