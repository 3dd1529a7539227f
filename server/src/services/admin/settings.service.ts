import { sql } from "drizzle-orm";
import type { Settings, SettingsResponse } from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { auditLogs, settings } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";

/** What the default rule of student sign-up depends on besides the database: whether the server runs in production. */
export type SignupContext = { production: boolean };

/**
 * The school's settings with student sign-up in force (decision 041). While no admin has chosen
 * (`student_signup_chosen_at` null), sign-up is closed when the server runs with NODE_ENV=production or once a
 * class list has been imported (its audit record, read through audit_logs_entity_idx), open otherwise.
 */
export async function readSettings(db: Queryable, ctx: SignupContext): Promise<SettingsResponse> {
  const [row] = await db
    .select({
      studentSignupOpen: settings.studentSignupOpen,
      chosenAt: settings.studentSignupChosenAt,
      classList: sql<boolean>`exists(select 1 from ${auditLogs} where ${auditLogs.entityType} = 'class_list' and ${auditLogs.action} = 'import')`.mapWith(
        Boolean,
      ),
    })
    .from(sql`(select 1) one`)
    .leftJoin(settings, sql`true`)
    .limit(1);
  const byDefault = ctx.production ? "production" : row.classList ? "class_list" : "open";
  const chosenAt = row.chosenAt ? new Date(row.chosenAt) : null;
  return {
    studentSignupOpen: chosenAt ? Boolean(row.studentSignupOpen) : byDefault === "open",
    studentSignupChosenAt: chosenAt ? chosenAt.toISOString() : null,
    studentSignupDefault: byDefault,
  };
}

/** PUT /settings: stores the admin's choice (from now on it, not the default, decides) and audits the change. */
export async function writeSettings(db: Db, next: Settings, actor: Actor, ctx: SignupContext, now: Date): Promise<SettingsResponse> {
  return db.transaction(async (tx) => {
    const before = await readSettings(tx, ctx);
    await tx
      .insert(settings)
      .values({ id: 1, studentSignupOpen: next.studentSignupOpen, studentSignupChosenAt: now })
      .onConflictDoUpdate({ target: settings.id, set: { studentSignupOpen: next.studentSignupOpen, studentSignupChosenAt: now, updatedAt: sql`now()` } });
    await recordAudit(tx, {
      entityType: "settings",
      entityId: 1,
      action: "update",
      actor,
      before: { studentSignupOpen: before.studentSignupOpen },
      after: { studentSignupOpen: next.studentSignupOpen },
    });
    return readSettings(tx, ctx);
  });
}
