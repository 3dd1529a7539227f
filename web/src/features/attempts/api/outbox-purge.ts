import { OUTBOX_PREFIX, SESSION_PREFIX, type KeyValueStore } from "./outbox";

/** What a kept outbox looks like, as far as the purge reads it. */
type Kept = { updatedAt?: number; entries?: Record<string, unknown> };

/** Removes outboxes and kept sessions untouched for `maxAgeMs`, so storage does not fill over a school year. */
export function purgeOldOutboxes(
  storage: KeyValueStore & Pick<Storage, "length" | "key"> = localStorage,
  maxAgeMs = 14 * 24 * 3600_000,
  now = Date.now(),
): void {
  try {
    const old: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const k = storage.key(i);
      if (!k || !(k.startsWith(OUTBOX_PREFIX) || k.startsWith(SESSION_PREFIX))) continue;
      const data = JSON.parse(storage.getItem(k) ?? "null") as Kept | null;
      const empty = k.startsWith(OUTBOX_PREFIX) && (!data?.entries || Object.keys(data.entries).length === 0);
      if (!data?.updatedAt || (empty && now - data.updatedAt > 24 * 3600_000) || now - data.updatedAt > maxAgeMs) old.push(k);
    }
    for (const k of old) storage.removeItem(k);
  } catch {
    /* best effort */
  }
}
