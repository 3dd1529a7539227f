/**
 * Paper sittings under load (issue 29, "a photo is read in under 2 s, 40 sheets in under a minute, without slowing a
 * running exam"): what bench/sheets-bench.ts and `bench/exam-storm.ts --sheets` share.
 *
 * - seedSheetClass: a teacher (a live session), their course, a 30-question quiz (four options each) for JHS 2 and a
 *   class of students in stream S of JHS 2 (so a storm's JHS 1 students are not on the sitting), straight into the
 *   database as the storm seeds its own.
 * - printSitting: POST /api/sittings, POST /api/sittings/{id}/print, GET /api/print-jobs/{id} until done, GET …/file.
 * - makePhotos: the test set's photos of the printed sheets (server/src/documents/sittings/testset): each student's
 *   sheet filled by the test set's seeded hand (fillRows: solid, tick, cross, pencil, erased, two marks, empty) and
 *   photographed by its phone (phoneDistortion: turned, leant, blurred, shadowed, JPEG quality 50); every
 *   `largeEvery`-th at 3,000 × 4,000, the rest 1,200 × 1,600, as in bench/omr-bench.ts.
 * - uploadAndRead: one POST /api/sittings/{id}/scans (multipart `files`), then polls until every sheet of it is read;
 *   a sheet's time is from the upload's start to the poll that first sees it read (polls every 250 ms).
 */
import { randomBytes } from "node:crypto";
import { seededRandom } from "@adesua/domain";
import type { Db } from "../server/src/db/client";
import { courses, questions, quizzes, sessions, users } from "../server/src/db/schema";
import { hashToken } from "../server/src/auth/sessions";
import { fillRows, phoneDistortion, PrintedPdf, sheetPhoto, type SheetRequest } from "../server/src/documents/sittings/testset";

export const SHEET_STREAM = "S";
export type SheetClass = { token: string; quizId: number; students: number; questions: number };
export type Photo = { name: string; jpeg: Buffer; width: number; student: number };
export type ReadStatus = "recorded" | "review" | "refused";
export type SheetRead = { id: number; ms: number; status: string; error: string | null };
export type BatchResult = {
  /** The POST's own time (the 202 with every sheet queued). */
  uploadMs: number;
  /** From the POST's start until the last sheet of the batch is read (null when some were not read in time). */
  wallMs: number | null;
  sheets: SheetRead[];
  /** Sheets not read when the poll gave up. */
  unread: number;
  error: string | null;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The teacher, course, quiz and class of a paper sitting, seeded while the server is not running (PGlite). */
export async function seedSheetClass(db: Db, opts: { students: number; questions?: number }): Promise<SheetClass> {
  const n = opts.questions ?? 30;
  const tag = randomBytes(3).toString("hex");
  const [teacher] = await db
    .insert(users)
    .values({ name: "Paper Teacher", email: `paper.${tag}@storm.test`, role: "teacher", passwordHash: null })
    .returning({ id: users.id });
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId: teacher.id, expiresAt: new Date(Date.now() + 12 * 3600_000) });
  const [course] = await db.insert(courses).values({ title: "Integrated Science JHS 2", teacherId: teacher.id }).returning();
  const [quiz] = await db
    .insert(quizzes)
    .values({ title: "Paper test", courseId: course.id, teacherId: teacher.id, studentType: "jhs2", timeLimit: null, maxAttempts: 2, questionsPerPage: 5 })
    .returning();
  await db.insert(questions).values(
    Array.from({ length: n }, (_, i) => {
      const options = [`${i + 1} right`, `${i + 1} wrong one`, `${i + 1} wrong two`, `${i + 1} wrong three`];
      return { quizId: quiz.id, position: i, text: `Paper question ${i + 1}: which is right?`, options, answer: options[0] };
    }),
  );
  await db.insert(users).values(
    Array.from({ length: opts.students }, (_, i) => ({
      name: `Paper Student ${String(i + 1).padStart(2, "0")}`,
      email: `p${i}.${tag}@storm.test`,
      role: "student" as const,
      studentType: "jhs2",
      stream: SHEET_STREAM,
      passwordHash: null,
    })),
  );
  return { token, quizId: quiz.id, students: opts.students, questions: n };
}

async function api<T>(port: number, token: string, method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const r = await fetch(`http://127.0.0.1:${port}/api${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, body: (text ? JSON.parse(text) : null) as T };
}

/** A sitting of the class (2 versions) printed through the API: its id, the PDF and how long the print took. */
export async function printSitting(
  port: number,
  c: SheetClass,
  versions = 2,
): Promise<{ sittingId: number; pdf: Uint8Array; printMs: number; pages: number | null }> {
  const made = await api<{ id: number; error?: string }>(port, c.token, "POST", "/sittings", { quizId: c.quizId, stream: SHEET_STREAM, versions });
  if (made.status !== 201) throw new Error(`POST /sittings: ${made.status} ${JSON.stringify(made.body)}`);
  const t = performance.now();
  const job = await api<{ id: number }>(port, c.token, "POST", `/sittings/${made.body.id}/print`);
  if (job.status !== 202) throw new Error(`print: ${job.status} ${JSON.stringify(job.body)}`);
  let pages: number | null = null;
  for (let i = 0; ; i++) {
    const j = await api<{ status: string; error?: string; total?: number }>(port, c.token, "GET", `/print-jobs/${job.body.id}`);
    if (j.body.status === "failed") throw new Error(`print job failed: ${j.body.error}`);
    if (j.body.status === "done") {
      pages = j.body.total ?? null;
      break;
    }
    if (i > 2400) throw new Error("the print job did not finish in 10 minutes");
    await sleep(250);
  }
  const file = await fetch(`http://127.0.0.1:${port}/api/print-jobs/${job.body.id}/file`, { headers: { authorization: `Bearer ${c.token}` } });
  if (file.status !== 200) throw new Error(`print file: ${file.status}`);
  const pdf = new Uint8Array(await file.arrayBuffer());
  return { sittingId: made.body.id, pdf, printMs: Math.round(performance.now() - t), pages };
}

/**
 * `count` photos of the printed sheets, one per student's sheet in page order (round again if there are fewer):
 * the test set's marks and phone, seeded. Each page is drawn once (its QR code read and photographed at the same scale).
 */
export async function makePhotos(pdfBytes: Uint8Array, count: number, opts: { seed?: number; largeEvery?: number } = {}): Promise<Photo[]> {
  const rng = seededRandom(opts.seed ?? 29);
  const largeEvery = opts.largeEvery ?? 5;
  const pdf = await PrintedPdf.open(pdfBytes);
  try {
    const sheets: { page: number; student: number; bubbles: number }[] = [];
    const out: Photo[] = [];
    const shoot = async (s: (typeof sheets)[number]) => {
      const i = out.length;
      const size = largeEvery > 0 && i % largeEvery === largeEvery - 1 ? "3000x4000" : "1200x1600";
      const r: SheetRequest = {
        page: s.page,
        answers: fillRows({}, s.bubbles, rng),
        name: rng() < 0.2,
        distortion: phoneDistortion(rng, size),
        seed: Math.floor(rng() * 2 ** 31),
      };
      const p = await sheetPhoto(pdf, r);
      out.push({ name: `sheet-${i + 1}.jpg`, jpeg: p.jpeg, width: p.width, student: s.student });
    };
    for (let n = 1; n <= pdf.pages && out.length < count; n++) {
      const code = await pdf.code(n);
      if (!code || code.student === 0) continue;
      const s = { page: n, student: code.student, bubbles: code.bubbles };
      sheets.push(s);
      await shoot(s);
    }
    if (!sheets.length) throw new Error("the printed PDF has no named answer sheets");
    while (out.length < count) await shoot(sheets[out.length % sheets.length]);
    return out;
  } finally {
    await pdf.close();
  }
}

/** The ids among `ids` still queued or being read (queued first: a sheet moving on between the two is not missed). */
async function unreadOf(port: number, token: string, sittingId: number, ids: Set<number>): Promise<Set<number>> {
  const left = new Set<number>();
  for (const status of ["queued", "reading"]) {
    for (let page = 1; ; page++) {
      const r = await api<{ data: { id: number }[]; meta?: { total: number } }>(
        port,
        token,
        "GET",
        `/sittings/${sittingId}/scans?status=${status}&limit=100&page=${page}`,
      );
      if (r.status !== 200) throw new Error(`GET scans: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
      for (const s of r.body.data) if (ids.has(s.id)) left.add(s.id);
      if (r.body.data.length < 100) break;
    }
  }
  return left;
}

/**
 * One upload of `photos` in one request, then polls every `pollMs` until each sheet is read (recorded, review or
 * refused) or `timeoutMs` has passed since the upload.
 */
export async function uploadAndRead(
  port: number,
  token: string,
  sittingId: number,
  photos: readonly Photo[],
  { pollMs = 250, timeoutMs = 600_000 }: { pollMs?: number; timeoutMs?: number } = {},
): Promise<BatchResult> {
  const fd = new FormData();
  for (const p of photos) fd.append("files", new Blob([new Uint8Array(p.jpeg)], { type: "image/jpeg" }), p.name);
  const t0 = performance.now();
  let ids: number[];
  try {
    const r = await fetch(`http://127.0.0.1:${port}/api/sittings/${sittingId}/scans`, {
      method: "POST",
      body: fd,
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await r.json()) as { scans?: { id: number }[]; error?: string };
    if (r.status !== 202 || !body.scans)
      return {
        uploadMs: Math.round(performance.now() - t0),
        wallMs: null,
        sheets: [],
        unread: photos.length,
        error: `${r.status} ${JSON.stringify(body).slice(0, 200)}`,
      };
    ids = body.scans.map((s) => s.id);
  } catch (e) {
    return { uploadMs: Math.round(performance.now() - t0), wallMs: null, sheets: [], unread: photos.length, error: (e as Error).message };
  }
  const uploadMs = Math.round(performance.now() - t0);
  const readAt = new Map<number, number>();
  let pending = new Set(ids);
  while (pending.size && performance.now() - t0 < timeoutMs) {
    await sleep(pollMs);
    let left: Set<number>;
    try {
      left = await unreadOf(port, token, sittingId, pending);
    } catch {
      continue; // a poll refused under load: try again
    }
    const now = performance.now() - t0;
    for (const id of pending) if (!left.has(id)) readAt.set(id, now);
    pending = left;
  }
  // What each read sheet became.
  const sheets: SheetRead[] = [];
  for (const id of ids) {
    if (!readAt.has(id)) continue;
    const s = await api<{ status: string; error: string | null }>(port, token, "GET", `/sittings/${sittingId}/scans/${id}`);
    sheets.push({ id, ms: Math.round(readAt.get(id)!), status: s.body.status, error: s.body.error });
  }
  return { uploadMs, wallMs: pending.size ? null : Math.round(Math.max(...readAt.values())), sheets, unread: pending.size, error: null };
}

export function quantile(xs: readonly number[], p: number): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)]);
}

/** The figures of a set of batches: sheets read by outcome, times from upload to read, refusal reasons. */
export function sheetFigures(batches: readonly BatchResult[]) {
  const sheets = batches.flatMap((b) => b.sheets);
  const ms = sheets.map((s) => s.ms);
  const by = (st: string) => sheets.filter((s) => s.status === st).length;
  const reasons: Record<string, number> = {};
  for (const s of sheets) if (s.status === "refused") reasons[s.error ?? "?"] = (reasons[s.error ?? "?"] ?? 0) + 1;
  const uploads = batches.map((b) => b.uploadMs);
  return {
    batches: batches.length,
    uploaded: sheets.length + batches.reduce((n, b) => n + b.unread, 0),
    read: sheets.length,
    recorded: by("recorded"),
    review: by("review"),
    refused: by("refused"),
    unread: batches.reduce((n, b) => n + b.unread, 0),
    uploadErrors: batches.filter((b) => b.error).map((b) => b.error),
    refusals: reasons,
    readMs: { p50: quantile(ms, 0.5), p95: quantile(ms, 0.95), max: quantile(ms, 1) },
    uploadMs: { p50: quantile(uploads, 0.5), max: quantile(uploads, 1) },
    batchWallMs: batches.map((b) => b.wallMs),
  };
}
