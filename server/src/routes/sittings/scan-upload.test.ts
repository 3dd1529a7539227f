import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_SCAN_FILES, SITTING_MESSAGES as M, type SittingVersion } from "@adesua/domain";
import { call, useTestApp } from "../../../test/test-app";
import { buildQuiz } from "../../../test/factories";
import { form, pdfBytes, pngBytes } from "../../../test/uploads";
import { createSitting, readingOf, sheetMarks, sittingClass, versionsOf } from "../../../test/sittings";
import type { SheetReading } from "../../documents/sittings/reading";
import { useSheetReader } from "../../services/sittings/scan-upload.service";

/**
 * Uploading sheets (issue 29): photos and the pages of a PDF are queued at once (202) and read in the background;
 * the limits (count, size, type) answer 400/413/415. The reader here is a stand-in answering a reading per photo (the
 * photo's last byte names it), so the path from upload to record is tested without drawing photos.
 */

const t = useTestApp();
let c: Awaited<ReturnType<typeof sittingClass>>;
let sittingId: number;
let version: SittingVersion;
const readings = new Map<number, SheetReading>();
const jpeg = (tag: number) => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, tag]);

beforeAll(async () => {
  c = await sittingClass(t);
  const quiz = await buildQuiz(t.database.db, { teacherId: c.teacher.user.id, courseId: c.course.id });
  sittingId = (await createSitting(t, c.teacher.token, { quizId: quiz.quiz.id })).body.id;
  [version] = await versionsOf(t, sittingId);
  const right = await sheetMarks(t, version, Object.fromEntries(quiz.questions.map((q) => [q.id, [q.options[0]]])));
  readings.set(1, readingOf({ sittingId, student: c.students[0].user.id, version: 1 }, version, right));
  readings.set(2, readingOf({ sittingId, student: c.students[1].user.id, version: 1 }, version, right, [2]));
  readings.set(3, { ok: false, reason: "qr", ms: 3 });
  readings.set(4, readingOf({ sittingId, student: 0, version: 1 }, version, right));
  useSheetReader({
    readSheet: async (bytes) => readings.get(bytes[bytes.length - 1]) ?? { ok: false, reason: "markers", ms: 1 },
    sheetPages: async () => [jpeg(3), jpeg(4)],
  });
});
afterAll(() => useSheetReader(null));

const upload = (token: string, files: { name: string; bytes: Buffer; type?: string }[], id = sittingId) => {
  const fd = form({});
  for (const f of files) fd.append("files", new Blob([new Uint8Array(f.bytes)], { type: f.type ?? "image/jpeg" }), f.name);
  return call(t.app, { method: "POST", url: `/api/sittings/${id}/scans`, token, payload: fd as never });
};

async function settled(ids: number[]) {
  for (let i = 0; i < 100; i++) {
    const r = await call(t.app, { method: "GET", url: `/api/sittings/${sittingId}/scans?limit=100`, token: c.teacher.token });
    const mine = r.body.data.filter((s: { id: number }) => ids.includes(s.id));
    if (mine.every((s: { status: string }) => s.status !== "queued" && s.status !== "reading")) return mine;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the sheets were not read");
}

describe("POST /api/sittings/{id}/scans", () => {
  it("queues every photo and every page of a PDF at once, then reads them in the background", async () => {
    const r = await upload(c.teacher.token, [
      { name: "ama.jpg", bytes: jpeg(1) },
      { name: "kofi.jpg", bytes: jpeg(2) },
      { name: "scanner.pdf", bytes: pdfBytes(), type: "application/pdf" },
    ]);
    expect(r.status).toBe(202);
    expect(r.body.scans.map((s: { fileName: string; page: number; status: string }) => [s.fileName, s.page, s.status])).toEqual([
      ["ama.jpg", 1, "queued"],
      ["kofi.jpg", 1, "queued"],
      ["scanner.pdf", 1, "queued"],
      ["scanner.pdf", 2, "queued"],
    ]);
    expect(r.body.scans.every((s: { photoUrl: string | null }) => s.photoUrl !== null)).toBe(true);
    const done = await settled(r.body.scans.map((s: { id: number }) => s.id));
    expect(done.map((s: { status: string; error: string | null }) => [s.status, s.error])).toEqual([
      ["recorded", null],
      ["review", null],
      ["refused", M.qrUnreadable],
      ["review", null],
    ]);
    expect(done[0].score).toBe(100);
    expect(done[1]).toMatchObject({ unsettled: 1, student: { id: c.students[1].user.id } });
    expect(done[3].student).toBeNull();
    const photo = await call(t.app, { method: "GET", url: done[0].photoUrl, token: c.teacher.token });
    expect([photo.status, photo.headers["content-type"]]).toEqual([200, "image/jpeg"]);
    expect(photo.headers["content-length"]).toBe(String(jpeg(1).length));
    expect((await call(t.app, { method: "GET", url: done[0].photoUrl, token: c.students[0].token })).status).toBe(403);
    const sitting = await call(t.app, { method: "GET", url: `/api/sittings/${sittingId}`, token: c.teacher.token });
    expect(sitting.body.scans).toEqual({ total: 4, recorded: 1, review: 2, refused: 1, reading: 0 });
  });

  it("refuses students (403), other teachers (404), no files (400), other types (415), too many (413), too large (413)", async () => {
    expect((await upload(c.students[0].token, [{ name: "a.jpg", bytes: jpeg(1) }])).status).toBe(403);
    expect((await upload(c.other.token, [{ name: "a.jpg", bytes: jpeg(1) }])).status).toBe(404);
    expect((await upload(c.teacher.token, [{ name: "a.jpg", bytes: jpeg(1) }], 999999)).status).toBe(404);
    const none = await upload(c.teacher.token, []);
    expect([none.status, none.body.error]).toEqual([400, M.noFiles]);
    const text = await upload(c.teacher.token, [{ name: "a.jpg", bytes: Buffer.from("name,score\nAma,3\n"), type: "text/csv" }]);
    expect([text.status, text.body.error]).toEqual([415, M.fileType]);
    const gif = await upload(c.teacher.token, [{ name: "a.gif", bytes: Buffer.from("GIF89a\x01\x00\x01\x00", "latin1") }]);
    expect(gif.status).toBe(415);
    const png = await upload(c.teacher.token, [{ name: "a.png", bytes: pngBytes(), type: "image/png" }]);
    expect(png.status).toBe(202);
    const many = await upload(
      c.teacher.token,
      Array.from({ length: MAX_SCAN_FILES + 1 }, (_, i) => ({ name: `${i}.jpg`, bytes: jpeg(9) })),
    );
    expect([many.status, many.body.error]).toEqual([413, M.tooManyFiles]);
    const big = await upload(c.teacher.token, [{ name: "big.jpg", bytes: Buffer.concat([jpeg(9), Buffer.alloc(15 * 1024 * 1024 + 10)]) }]);
    expect([big.status, big.body.error]).toEqual([413, M.fileTooLarge]);
    expect((await call(t.app, { method: "POST", url: `/api/sittings/abc/scans`, token: c.teacher.token, payload: form({}) as never })).status).toBe(400);
    expect((await call(t.app, { method: "GET", url: "/api/health" })).status).toBe(200);
  });
});
