import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import {
  AssessmentSettingsSchema,
  DEFAULT_ASSESSMENT,
  MAX_CREST_BYTES,
  SCHOOL_MESSAGES,
  type AssessmentSettings,
  type School,
  type SchoolInput,
} from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { files, settings } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { sniffUpload } from "../../documents/sniff";
import type { Download } from "../../lib/download";
import { HttpError, notFound } from "../../lib/errors";
import type { FileStorage } from "../../storage/storage";
import { storedFileDownload } from "../files/files.service";

/**
 * The school's profile (name, address, motto, crest) and its assessment settings, in the one settings row (issue 28).
 * Mocks and terms read `schoolAssessment` for their defaults; the printed heading comes from prints/print.service.
 */

/** The assessment settings in force: what the admin chose, the defaults for the rest (a stored part that no longer reads is ignored). */
export function assessmentOf(stored: Partial<AssessmentSettings> | null | undefined): AssessmentSettings {
  const merged = { ...DEFAULT_ASSESSMENT, ...(stored ?? {}) };
  const ok = AssessmentSettingsSchema.safeParse(merged);
  return ok.success ? ok.data : DEFAULT_ASSESSMENT;
}

/** The school's assessment settings (defaults for new mocks and terms). */
export async function schoolAssessment(db: Queryable): Promise<AssessmentSettings> {
  const [row] = await db.select({ assessment: settings.assessment }).from(settings).where(eq(settings.id, 1)).limit(1);
  return assessmentOf(row?.assessment);
}

export async function readSchool(db: Queryable): Promise<School> {
  const [row] = await db
    .select({
      name: settings.schoolName,
      address: settings.schoolAddress,
      motto: settings.schoolMotto,
      assessment: settings.assessment,
      crestName: files.name,
      crestSize: files.size,
    })
    .from(settings)
    .leftJoin(files, eq(files.id, settings.crestFileId))
    .where(eq(settings.id, 1))
    .limit(1);
  return {
    name: row?.name ?? "",
    address: row?.address ?? "",
    motto: row?.motto ?? "",
    crest: row?.crestName ? { name: row.crestName, size: Number(row.crestSize) } : null,
    assessment: assessmentOf(row?.assessment),
  };
}

function snapshot(s: School) {
  return { name: s.name, address: s.address, motto: s.motto, crest: s.crest?.name ?? null, assessment: s.assessment };
}

/** PUT /school: the parts given replace theirs (assessment part by part); audited. */
export async function writeSchool(db: Db, input: SchoolInput, actor: Actor): Promise<School> {
  return db.transaction(async (tx) => {
    const before = await readSchool(tx);
    const [row] = await tx.select({ assessment: settings.assessment }).from(settings).where(eq(settings.id, 1)).limit(1);
    const assessment = input.assessment ? { ...(row?.assessment ?? {}), ...input.assessment } : undefined;
    const set = {
      ...(input.name !== undefined ? { schoolName: input.name } : {}),
      ...(input.address !== undefined ? { schoolAddress: input.address } : {}),
      ...(input.motto !== undefined ? { schoolMotto: input.motto } : {}),
      ...(assessment ? { assessment } : {}),
    };
    await tx
      .insert(settings)
      .values({ id: 1, ...set })
      .onConflictDoUpdate({ target: settings.id, set: { ...set, updatedAt: sql`now()` } });
    const after = await readSchool(tx);
    await recordAudit(tx, { entityType: "school", entityId: 1, action: "update", actor, before: snapshot(before), after: snapshot(after) });
    return after;
  });
}

const CREST_PX = 512;

/**
 * PUT /school/crest: a .png or .jpg (by its bytes; 415 otherwise) of at most 2 MB (413), made at most 512 px on its
 * longer side, stored as a file; the old crest's row goes (its bytes with the unreferenced-files sweep).
 */
export async function setCrest(db: Db, storage: FileStorage, upload: { filename: string; data: Buffer }, actor: Actor): Promise<School> {
  if (upload.data.length > MAX_CREST_BYTES) throw new HttpError(413, SCHOOL_MESSAGES.crestSize);
  const kind = sniffUpload(upload.data);
  if (kind !== "png" && kind !== "jpeg") throw new HttpError(415, SCHOOL_MESSAGES.crestType);
  let data: Buffer;
  try {
    const img = sharp(upload.data, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: CREST_PX, height: CREST_PX, fit: "inside", withoutEnlargement: true });
    data = kind === "png" ? await img.png().toBuffer() : await img.jpeg({ quality: 90 }).toBuffer();
  } catch {
    throw new HttpError(415, SCHOOL_MESSAGES.crestType);
  }
  const { sha256, size } = await storage.put(data);
  const name = `crest.${kind === "png" ? "png" : "jpg"}`;
  return db.transaction(async (tx) => {
    const before = await readSchool(tx);
    const [file] = await tx
      .insert(files)
      .values({ sha256, name, size, mimeType: kind === "png" ? "image/png" : "image/jpeg", uploadedBy: actor.userId })
      .returning({ id: files.id });
    const old = await replaceCrest(tx, file.id);
    if (old) await tx.delete(files).where(eq(files.id, old));
    await recordAudit(tx, {
      entityType: "school",
      entityId: 1,
      action: "update",
      actor,
      before: { crest: before.crest?.name ?? null },
      after: { crest: sha256 },
    });
    return readSchool(tx);
  });
}

async function replaceCrest(tx: Queryable, fileId: number | null): Promise<number | null> {
  const [row] = await tx.select({ old: settings.crestFileId }).from(settings).where(eq(settings.id, 1)).for("update").limit(1);
  await tx
    .insert(settings)
    .values({ id: 1, crestFileId: fileId })
    .onConflictDoUpdate({ target: settings.id, set: { crestFileId: fileId, updatedAt: sql`now()` } });
  return row?.old ?? null;
}

/** DELETE /school/crest (no crest is not an error: the answer is the school without one). */
export async function removeCrest(db: Db, actor: Actor): Promise<School> {
  return db.transaction(async (tx) => {
    const old = await replaceCrest(tx, null);
    if (old) {
      await tx.delete(files).where(eq(files.id, old));
      await recordAudit(tx, { entityType: "school", entityId: 1, action: "update", actor, before: { crest: "set" }, after: { crest: null } });
    }
    return readSchool(tx);
  });
}

/** GET /school/crest: the picture, or 404 when there is none. */
export async function crestDownload(db: Queryable, storage: FileStorage, log: { error(obj: object, msg: string): void }): Promise<Download> {
  const [row] = await db
    .select({ sha256: files.sha256, name: files.name, size: files.size, mimeType: files.mimeType })
    .from(settings)
    .innerJoin(files, eq(files.id, settings.crestFileId))
    .where(eq(settings.id, 1))
    .limit(1);
  if (!row) throw notFound("The school has no crest");
  const d = await storedFileDownload(storage, row, log);
  // A picture shown in pages, not a download.
  return { ...d, headers: d.headers.map(([k, v]) => (k === "Content-Disposition" ? [k, "inline"] : [k, v])) };
}
