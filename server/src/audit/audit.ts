import type { Queryable } from "../db/client";
import { auditLogs } from "../db/schema";
import type { AuditAction } from "@adesua/domain";

/** Keys whose values never enter the audit trail ("passed" and "passingScore" are grades, not secrets). */
const SECRET_KEYS = /password|^pass$|hash|token|secret/i;

type Snapshot = Record<string, unknown> | null | undefined;

function clean(obj: Snapshot): Record<string, unknown> | null {
  if (!obj) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (SECRET_KEYS.test(k) || v === undefined) continue;
    out[k] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Keeps only the fields that changed between two snapshots. */
export function changedFields(before: Snapshot, after: Snapshot) {
  const b = clean(before);
  const a = clean(after);
  if (!b || !a) return { before: b, after: a };
  const keys = new Set([...Object.keys(b), ...Object.keys(a)]);
  const cb: Record<string, unknown> = {};
  const ca: Record<string, unknown> = {};
  for (const k of keys) {
    if (!same(b[k], a[k])) {
      cb[k] = b[k] ?? null;
      ca[k] = a[k] ?? null;
    }
  }
  return { before: Object.keys(cb).length ? cb : null, after: Object.keys(ca).length ? ca : null };
}

export type Actor = { userId: number | null; impersonatorId: number | null };

export type AuditEntry = {
  entityType: string;
  entityId: string | number | null;
  action: AuditAction;
  actor: Actor;
  before?: Snapshot;
  after?: Snapshot;
};

function auditRow(e: AuditEntry) {
  const { before, after } = e.action === "update" ? changedFields(e.before, e.after) : { before: clean(e.before), after: clean(e.after) };
  return {
    entityType: e.entityType,
    entityId: e.entityId === null ? null : String(e.entityId),
    action: e.action,
    userId: e.actor.userId,
    impersonatorId: e.actor.impersonatorId,
    before,
    after,
  };
}

/** Writes one audit record; call it inside the transaction of the change it records. */
export async function recordAudit(db: Queryable, e: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values(auditRow(e));
}

/** Writes many audit records in one statement (a class list's new users); inside the change's transaction. */
export async function recordAudits(db: Queryable, entries: AuditEntry[]): Promise<void> {
  if (entries.length) await db.insert(auditLogs).values(entries.map(auditRow));
}
