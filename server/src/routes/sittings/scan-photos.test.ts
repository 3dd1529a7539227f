import { beforeAll, describe, expect, it } from "vitest";
import { SHEET_LETTERS, type SittingVersion } from "@adesua/domain";
import { call, useTestApp } from "../../../test/test-app";
import { eq } from "drizzle-orm";
import { buildQuiz, signedIn } from "../../../test/factories";
import { users } from "../../db/schema";
import { createSitting, sheetMarks, sittingClass, versionsOf } from "../../../test/sittings";
import { answerSheetPages, sheetPhotos, type SheetRequest } from "../../documents/sittings/testset";
import type { SheetCode } from "../../documents/sittings/layout";

/**
 * Real photos end to end (issue 29): the sitting printed over HTTP (print job), its answer sheets filled and
 * photographed by the test set (a tilted phone, ticks, a pencil, two marks), uploaded, read by the document pool in
 * the background, recorded or held for the teacher.
 */

const t = useTestApp();
let c: Awaited<ReturnType<typeof sittingClass>>;
let quiz: Awaited<ReturnType<typeof buildQuiz>>;
let sittingId: number;
let versions: SittingVersion[];
let pdf: Buffer;
let pages: { page: number; code: SheetCode }[];

async function printed(id: number): Promise<Buffer> {
  const job = await call(t.app, { method: "POST", url: `/api/sittings/${id}/print`, token: c.teacher.token });
  expect(job.status).toBe(202);
  expect(job.body).toMatchObject({ kind: "paper", status: "queued" });
  for (let i = 0; i < 1200; i++) {
    const j = await call(t.app, { method: "GET", url: `/api/print-jobs/${job.body.id}`, token: c.teacher.token });
    if (j.body.status === "failed") throw new Error(j.body.error);
    if (j.body.status === "done") break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const file = await t.app.inject({ method: "GET", url: `/api/print-jobs/${job.body.id}/file`, headers: { authorization: `Bearer ${c.teacher.token}` } });
  expect(file.statusCode).toBe(200);
  return file.rawPayload;
}

beforeAll(async () => {
  c = await sittingClass(t);
  quiz = await buildQuiz(t.database.db, { teacherId: c.teacher.user.id, courseId: c.course.id, questions: undefined });
  sittingId = (await createSitting(t, c.teacher.token, { quizId: quiz.quiz.id, stream: "A", versions: 2, blankSheets: 1 })).body.id;
  versions = await versionsOf(t, sittingId);
  pdf = await printed(sittingId);
  pages = await answerSheetPages(pdf);
}, 180_000);

/** The right answers of a sheet, as the letters of its version. */
async function rightLetters(code: SheetCode): Promise<Record<number, string[]>> {
  const v = versions[code.version - 1];
  return sheetMarks(t, v, Object.fromEntries(quiz.questions.map((q) => [q.id, [q.options[0]]])));
}

function upload(files: { name: string; bytes: Buffer }[]) {
  const fd = new FormData();
  for (const f of files) fd.append("files", new Blob([new Uint8Array(f.bytes)], { type: "image/jpeg" }), f.name);
  return call(t.app, { method: "POST", url: `/api/sittings/${sittingId}/scans`, token: c.teacher.token, payload: fd as never });
}

async function read(ids: number[]) {
  for (let i = 0; i < 1200; i++) {
    const r = await call(t.app, { method: "GET", url: `/api/sittings/${sittingId}/scans?limit=100`, token: c.teacher.token });
    const mine = r.body.data.filter((s: { id: number }) => ids.includes(s.id));
    if (mine.length === ids.length && mine.every((s: { status: string }) => s.status !== "queued" && s.status !== "reading")) return mine;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the sheets were not read");
}

describe("photos of printed sheets", () => {
  it("prints one sheet per student of the class and the blank one", () => {
    expect(pages.map((p) => p.code.student).sort()).toEqual([0, c.students[0].user.id, c.students[1].user.id].sort());
    expect(pages.every((p) => p.code.sittingId === sittingId && p.code.bubbles === 3 && p.code.boxes === 0)).toBe(true);
  });

  it("records a clear photo at once; holds two marks and a blank sheet for the teacher, who settles and records them", async () => {
    const ama = pages.find((p) => p.code.student === c.students[0].user.id)!;
    const kofi = pages.find((p) => p.code.student === c.students[1].user.id)!;
    const blank = pages.find((p) => p.code.student === 0)!;
    const marks = (letters: Record<number, string[]>, style: "solid" | "tick" | "pencil" | "cross") =>
      Object.fromEntries(Object.entries(letters).map(([n, l]) => [Number(n), { letters: l, style }]));
    const kofiRight = await rightLetters(kofi.code);
    const second = SHEET_LETTERS.find((l) => l !== kofiRight[2][0])!;
    const requests: SheetRequest[] = [
      { page: ama.page, answers: marks(await rightLetters(ama.code), "solid"), distortion: { rotate: 9, tilt: 6, quality: 60, light: 0.2 } },
      { page: kofi.page, answers: { ...marks(kofiRight, "tick"), 2: { letters: [kofiRight[2][0], second], style: "solid" } }, distortion: { rotate: -5 } },
      { page: blank.page, answers: marks(await rightLetters(blank.code), "cross"), name: true, distortion: { tilt: 8, blur: 0.5 } },
    ];
    const photos = await sheetPhotos(pdf, requests);
    const up = await upload(photos.map((p, i) => ({ name: `sheet-${i + 1}.jpg`, bytes: p.jpeg })));
    expect(up.status).toBe(202);
    const done = await read(up.body.scans.map((s: { id: number }) => s.id));
    const [a, k, b] = done;
    expect([a.status, a.error, a.score, a.student?.id]).toEqual(["recorded", null, 100, c.students[0].user.id]);
    expect([k.status, k.student?.id, k.unsettled]).toEqual(["review", c.students[1].user.id, 1]);
    expect(k.rows[1].flag).toBe("two");
    expect([b.status, b.student]).toEqual(["review", null]);

    const sheet = await t.app.inject({ method: "GET", url: a.sheetUrl, headers: { authorization: `Bearer ${c.teacher.token}` } });
    expect([sheet.statusCode, sheet.headers["content-type"]]).toEqual([200, "image/jpeg"]);

    const settled = await call(t.app, {
      method: "PUT",
      url: `/api/sittings/${sittingId}/scans/${k.id}`,
      token: c.teacher.token,
      payload: { rows: [{ n: 2, answer: kofiRight[2] }] },
    });
    expect(settled.body.unsettled).toBe(0);
    const kRec = await call(t.app, { method: "POST", url: `/api/sittings/${sittingId}/scans/${k.id}/record`, token: c.teacher.token, payload: {} });
    expect([kRec.status, kRec.body.score]).toEqual([200, 100]);

    // The blank sheet: a student of the sitting's class (stream A) who had no named sheet.
    const abena = await signedIn(t.database.db, { role: "student", name: "Abena Ansah" });
    await t.database.db.update(users).set({ stream: "A" }).where(eq(users.id, abena.user.id));
    await call(t.app, { method: "PUT", url: `/api/sittings/${sittingId}/scans/${b.id}`, token: c.teacher.token, payload: { studentId: abena.user.id } });
    const bRec = await call(t.app, { method: "POST", url: `/api/sittings/${sittingId}/scans/${b.id}/record`, token: c.teacher.token, payload: {} });
    expect([bRec.status, bRec.body.score, bRec.body.student.id]).toEqual([200, 100, abena.user.id]);
    const sitting = await call(t.app, { method: "GET", url: `/api/sittings/${sittingId}`, token: c.teacher.token });
    expect(sitting.body.scans).toMatchObject({ total: 3, recorded: 3, review: 0 });
  }, 180_000);
});
