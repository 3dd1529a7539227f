import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { FILE_LINK_MESSAGES, FILE_LINK_TTL_SECONDS, type FileLink } from "@adesua/domain";
import type { Db } from "../../db/client";
import { files, settings, type FileRow } from "../../db/schema";
import { HttpError, notFound } from "../../lib/errors";

/**
 * Signed download links (decision 027): GET /api/files/{id}?exp=…&sig=… works without a session
 * until `exp`, because `sig` is an HMAC of the id and the expiry under a key only the servers know.
 * The key lives in the settings row, made by whichever server needs it first, so every server of a
 * district signs and checks alike; each process keeps it once read (it never changes).
 */
const secrets = new WeakMap<Db, Promise<Buffer>>();

async function loadSecret(db: Db): Promise<Buffer> {
  const [row] = await db.select({ secret: settings.downloadSecret }).from(settings).where(eq(settings.id, 1));
  if (row?.secret) return Buffer.from(row.secret, "base64url");
  // First use: the one row gets a key unless another server has just given it one (then theirs stays).
  const [made] = await db
    .insert(settings)
    .values({ id: 1, downloadSecret: randomBytes(32).toString("base64url") })
    .onConflictDoUpdate({ target: settings.id, set: { downloadSecret: sql`coalesce(${settings.downloadSecret}, excluded.download_secret)` } })
    .returning({ secret: settings.downloadSecret });
  return Buffer.from(made.secret!, "base64url");
}

function signingKey(db: Db): Promise<Buffer> {
  let p = secrets.get(db);
  if (!p) {
    p = loadSecret(db);
    p.catch(() => secrets.delete(db));
    secrets.set(db, p);
  }
  return p;
}

const mac = (key: Buffer, fileId: number, exp: number) => createHmac("sha256", key).update(`file:${fileId}:${exp}`).digest();

/** A link to file `fileId` that works for FILE_LINK_TTL_SECONDS; the caller has checked the viewer may see it. */
export async function signFileLink(db: Db, fileId: number, now: Date): Promise<FileLink> {
  const exp = Math.floor(now.getTime() / 1000) + FILE_LINK_TTL_SECONDS;
  const sig = mac(await signingKey(db), fileId, exp).toString("base64url");
  return { url: `/api/files/${fileId}?exp=${exp}&sig=${sig}`, expiresAt: new Date(exp * 1000).toISOString() };
}

/** The file a signed link names, or 403 (expired, altered or not signed by us) / 404 (the file is gone). */
export async function fileOfSignedLink(db: Db, fileId: number, q: { exp?: string; sig?: string }, now: Date): Promise<FileRow> {
  const invalid = () => new HttpError(403, FILE_LINK_MESSAGES.invalid);
  if (!q.exp || !q.sig || !/^\d{1,12}$/.test(q.exp) || !/^[A-Za-z0-9_-]{43}$/.test(q.sig)) throw invalid();
  const exp = Number(q.exp);
  const given = Buffer.from(q.sig, "base64url");
  const want = mac(await signingKey(db), fileId, exp);
  if (given.length !== want.length || !timingSafeEqual(given, want)) throw invalid();
  // Checked after the signature, so "expired" is only ever said of a link we made.
  if (exp * 1000 < now.getTime()) throw new HttpError(403, FILE_LINK_MESSAGES.expired);
  const [row] = await db.select().from(files).where(eq(files.id, fileId)).limit(1);
  if (!row) throw notFound("The file no longer exists");
  return row;
}
