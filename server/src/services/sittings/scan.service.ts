import { and, asc, count, eq, sql } from "drizzle-orm";
import {
  classLabel,
  SITTING_MESSAGES as M,
  type Scan,
  type ScanList,
  type ScanListQuery,
  type ScanRowState,
  ScanSettleInputSchema,
  type StudentType,
} from "@adesua/domain";
import type { z } from "zod";
import type { Db, Queryable, Tx } from "../../db/client";
import { files, questions, sittingScans, submissions, users, type SittingScanRow } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { SHEET_H_PX, SHEET_W_PX } from "../../documents/sittings/layout";
import type { Download } from "../../lib/download";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { pageMeta, pageWindow } from "../../lib/pagination";
import type { Viewer } from "../../lib/viewer";
import type { FileStorage } from "../../storage/storage";
import { storedFileDownload } from "../files/files.service";
import { boxMarkAllowed, presentRow, unsettledCount, type SheetQuestion } from "./scan-rows";
import { SCAN_STALLED_MS } from "./sitting.service";
import { loadSittingFor, type LoadedSitting } from "./sitting-load";
import { assertSittingStudent } from "./sitting-students";

/** Scanned sheets of a sitting (issue 29, decision 051): list, one, its images, the teacher's settling, removal. */

type SettleInput = z.output<typeof ScanSettleInputSchema>;

export const SCAN_STALLED = "The server stopped while reading this sheet. Upload it again.";

const scanColumns = {
  scan: sittingScans,
  studentName: users.name,
  studentLevel: users.studentType,
  studentStream: users.stream,
  score: submissions.score,
};
type ScanJoined = { scan: SittingScanRow; studentName: string | null; studentLevel: string | null; studentStream: string | null; score: number | null };

/** A scan stuck while queued or reading lost its server (a restart): it reads as refused, to be uploaded again. */
export function isStalled(s: Pick<SittingScanRow, "status" | "updatedAt">, now = Date.now()): boolean {
  return (s.status === "queued" || s.status === "reading") && now - s.updatedAt.getTime() > SCAN_STALLED_MS;
}

export function presentScan(j: ScanJoined, now = Date.now()): Scan {
  const s = j.scan;
  const stalled = isStalled(s, now);
  const base = `/api/sittings/${s.sittingId}/scans/${s.id}`;
  return {
    id: s.id,
    sittingId: s.sittingId,
    status: stalled ? "refused" : (s.status as Scan["status"]),
    student:
      s.studentId !== null && j.studentName !== null
        ? { id: s.studentId, name: j.studentName, class: classLabel(j.studentLevel as StudentType | null, j.studentStream) }
        : null,
    version: s.version,
    fileName: s.fileName,
    page: s.page,
    rows: s.rows.map(presentRow),
    unsettled: unsettledCount(s.rows),
    error: stalled ? SCAN_STALLED : s.error,
    submissionId: s.submissionId,
    score: s.submissionId !== null ? j.score : null,
    sheetUrl: s.sheetFileId !== null ? `${base}/sheet` : null,
    photoUrl: s.photoFileId !== null ? `${base}/photo` : null,
    sheetSize: s.sheetFileId !== null ? { width: SHEET_W_PX, height: SHEET_H_PX } : null,
    createdAt: s.createdAt.toISOString(),
  };
}

function scanQuery(db: Queryable) {
  return db
    .select(scanColumns)
    .from(sittingScans)
    .leftJoin(users, eq(users.id, sittingScans.studentId))
    .leftJoin(submissions, eq(submissions.id, sittingScans.submissionId));
}

export async function presentScanById(db: Queryable, sittingId: number, scanId: number): Promise<Scan> {
  const [row] = await scanQuery(db)
    .where(and(eq(sittingScans.id, scanId), eq(sittingScans.sittingId, sittingId)))
    .limit(1);
  if (!row) throw notFound(M.scanNotFound);
  return presentScan(row);
}

/** Status filter in SQL, stalled scans counting as refused (as presented). */
function statusWhere(status: ScanListQuery["status"]) {
  if (!status) return undefined;
  const stalled = sql`(${sittingScans.status} in ('queued','reading') and ${sittingScans.updatedAt} < now() - make_interval(secs => ${SCAN_STALLED_MS / 1000}))`;
  if (status === "refused") return sql`(${sittingScans.status} = 'refused' or ${stalled})`;
  if (status === "queued" || status === "reading") return sql`(${sittingScans.status} = ${status} and not ${stalled})`;
  return eq(sittingScans.status, status);
}

/** GET /sittings/{id}/scans: oldest first (the order they were uploaded), paginated in SQL. */
export async function listScans(db: Db, viewer: Viewer, sittingId: number, q: ScanListQuery): Promise<ScanList> {
  await loadSittingFor(db, viewer, sittingId);
  const where = and(eq(sittingScans.sittingId, sittingId), statusWhere(q.status));
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    scanQuery(db).where(where).orderBy(asc(sittingScans.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(sittingScans).where(where),
  ]);
  const now = Date.now();
  return { data: rows.map((r) => presentScan(r, now)), pagination: pageMeta(q, Number(total)) };
}

/** GET /sittings/{id}/scans/{scanId}. */
export async function getScan(db: Db, viewer: Viewer, sittingId: number, scanId: number): Promise<Scan> {
  await loadSittingFor(db, viewer, sittingId);
  return presentScanById(db, sittingId, scanId);
}

/** Locks one scan of a loaded sitting (FOR UPDATE); 404 when it is not the sitting's. */
export async function lockScan(tx: Tx, sittingId: number, scanId: number): Promise<SittingScanRow> {
  const [row] = await tx
    .select()
    .from(sittingScans)
    .where(and(eq(sittingScans.id, scanId), eq(sittingScans.sittingId, sittingId)))
    .for("update");
  if (!row) throw notFound(M.scanNotFound);
  return row;
}

/** The sheet's questions by id, as its rows and answers need them. */
export async function sheetQuestions(db: Queryable, quizId: number): Promise<Map<number, SheetQuestion>> {
  const rows = await db
    .select({
      id: questions.id,
      type: questions.type,
      options: questions.options,
      marks: questions.marks,
      answer: questions.answer,
      details: questions.details,
    })
    .from(questions)
    .where(eq(questions.quizId, quizId))
    .orderBy(asc(questions.position), asc(questions.id));
  return new Map(rows.map((q) => [q.id, q]));
}

/** Refuses a change to a scan that is still being read, refused, or already recorded. */
export function assertSettleable(scan: SittingScanRow): void {
  if (isStalled(scan)) throw conflict(SCAN_STALLED);
  if (scan.status === "queued" || scan.status === "reading") throw conflict(M.stillReading);
  if (scan.status === "refused") throw conflict(scan.error ?? M.notOurSheet);
  if (scan.status === "recorded") throw conflict(M.alreadyRecorded);
}

/** The rows after the teacher's settlements, checked against each row's letters and marks. */
export function settleRows(rows: readonly ScanRowState[], input: SettleInput["rows"], byId: ReadonlyMap<number, SheetQuestion>): ScanRowState[] {
  const next = rows.map((r) => ({ ...r }));
  for (const s of input ?? []) {
    const row = next.find((r) => r.n === s.n);
    if (!row) throw badRequest(M.rowNotFound);
    if (row.kind === "bubbles") {
      if (s.mark !== undefined) throw badRequest(M.rowNotFound);
      if (s.answer === undefined) continue;
      const type = byId.get(row.questionId)?.type;
      if (s.answer.some((l) => !row.letters.includes(l))) throw badRequest(M.notAnOption);
      if (type !== "multiple" && s.answer.length > 1) throw badRequest(M.notAnOption);
      row.settled = [...new Set(s.answer)].sort();
    } else {
      if (s.answer !== undefined && s.answer.length > 0) throw badRequest(M.rowNotFound);
      if (s.mark === undefined) continue;
      const q = byId.get(row.questionId);
      if (s.mark < 0 || s.mark > row.maxMarks + 1e-9) throw badRequest(M.markRange);
      if (q && !boxMarkAllowed(q, s.mark)) throw badRequest(M.markNotInKey);
      row.mark = s.mark;
    }
  }
  return next;
}

/** PUT /sittings/{id}/scans/{scanId}: the student of a blank sheet, flagged rows settled, boxes marked. */
export async function settleScan(db: Db, viewer: Viewer, sittingId: number, scanId: number, input: SettleInput, actor: Actor): Promise<Scan> {
  return db.transaction(async (tx) => {
    const { quiz, sitting } = await loadSittingFor(tx, viewer, sittingId);
    const scan = await lockScan(tx, sittingId, scanId);
    assertSettleable(scan);
    // Exactly the students GET /sittings/{id}/students lists (the class of the sitting).
    if (input.studentId !== undefined) await assertSittingStudent(tx, input.studentId, quiz.studentType, sitting.stream);
    const rows = settleRows(scan.rows, input.rows, await sheetQuestions(tx, quiz.id));
    const studentId = input.studentId ?? scan.studentId;
    await tx
      .update(sittingScans)
      .set({ rows, studentId, updatedAt: sql`now()` })
      .where(eq(sittingScans.id, scan.id));
    await recordAudit(tx, {
      entityType: "sitting_scan",
      entityId: scan.id,
      action: "update",
      actor,
      before: { studentId: scan.studentId, unsettled: unsettledCount(scan.rows) },
      after: { studentId, unsettled: unsettledCount(rows), rows: (input.rows ?? []).map((r) => r.n) },
    });
    return presentScanById(tx, sittingId, scan.id);
  });
}

/** DELETE /sittings/{id}/scans/{scanId}: refused once recorded (the photo stays with the submission). */
export async function deleteScan(db: Db, viewer: Viewer, sittingId: number, scanId: number, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    await loadSittingFor(tx, viewer, sittingId);
    const scan = await lockScan(tx, sittingId, scanId);
    if (scan.status === "recorded" || scan.submissionId !== null) throw conflict(M.alreadyRecorded);
    await tx.delete(sittingScans).where(eq(sittingScans.id, scan.id));
    await recordAudit(tx, {
      entityType: "sitting_scan",
      entityId: scan.id,
      action: "delete",
      actor,
      before: { sittingId, fileName: scan.fileName, status: scan.status },
    });
  });
}

type Deps = { db: Db; storage: FileStorage };

/** GET …/sheet and …/photo: the straightened sheet (JPEG) or the photo as uploaded; staff of the quiz only. */
export async function scanImage(
  deps: Deps,
  viewer: Viewer,
  sittingId: number,
  scanId: number,
  which: "sheet" | "photo",
  log: { error(obj: object, msg: string): void },
): Promise<Download> {
  const loaded: LoadedSitting = await loadSittingFor(deps.db, viewer, sittingId);
  const [scan] = await deps.db
    .select({ photo: sittingScans.photoFileId, sheet: sittingScans.sheetFileId })
    .from(sittingScans)
    .where(and(eq(sittingScans.id, scanId), eq(sittingScans.sittingId, loaded.sitting.id)))
    .limit(1);
  if (!scan) throw notFound(M.scanNotFound);
  const fileId = which === "sheet" ? scan.sheet : scan.photo;
  if (fileId === null) throw notFound(M.scanNotFound);
  const [file] = await deps.db.select().from(files).where(eq(files.id, fileId)).limit(1);
  if (!file) throw notFound(M.scanNotFound);
  const d = await storedFileDownload(deps.storage, file, log);
  // Photos of students' answers: never cached by a shared cache.
  return { ...d, headers: [...d.headers.filter(([k]) => k.toLowerCase() !== "cache-control"), ["Cache-Control", "private, no-store"]] };
}
