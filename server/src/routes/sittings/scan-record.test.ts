import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { encodeChoices, SITTING_MESSAGES as M } from "@adesua/domain";
import { call, useTestApp } from "../../../test/test-app";
import { buildQuiz, signedIn } from "../../../test/factories";
import { recordsOf, submitAnswers } from "../../../test/grading";
import { createSitting, readingOf, scanRead, sheetMarks, sittingClass, versionsOf } from "../../../test/sittings";
import { attemptAnswers, attempts, auditLogs, sittingScans, submissions } from "../../db/schema";
import type { SheetCode } from "../../documents/sittings/layout";
import type { SheetReading } from "../../documents/sittings/reading";
import { SCAN_STALLED } from "../../services/sittings/scan.service";
import { answersFor, AT, FULL_ANSWERS } from "../grading/every-type.fixture";

/**
 * Recording scanned sheets (issue 29): a clear sheet becomes the student's submission at once, graded exactly as an
 * online submit; flags and boxes wait for the teacher; a rescan replaces; a student with another submission is asked.
 */

const t = useTestApp();
const db = () => t.database.db;
let c: Awaited<ReturnType<typeof sittingClass>>;

beforeAll(async () => {
  c = await sittingClass(t);
});

/** A reading whose QR code says something else. */
const withCode = (r: SheetReading, code: SheetCode): SheetReading => (r.ok ? { ...r, code } : r);
const scanUrl = (sittingId: number, scanId: number) => `/api/sittings/${sittingId}/scans/${scanId}`;
const getScan = (token: string, sittingId: number, scanId: number) => call(t.app, { method: "GET", url: scanUrl(sittingId, scanId), token });
const settle = (token: string, sittingId: number, scanId: number, payload: object) =>
  call(t.app, { method: "PUT", url: scanUrl(sittingId, scanId), token, payload });
const record = (token: string, sittingId: number, scanId: number, payload: object = {}) =>
  call(t.app, { method: "POST", url: `${scanUrl(sittingId, scanId)}/record`, token, payload });
const submissionOf = async (id: number) => (await db().select().from(submissions).where(eq(submissions.id, id)))[0];
const attemptsOf = (userId: number, quizId: number) =>
  db()
    .select()
    .from(attempts)
    .where(and(eq(attempts.userId, userId), eq(attempts.quizId, quizId)));

describe("a quiz of single-choice questions: clear sheets record themselves", () => {
  let quiz: Awaited<ReturnType<typeof buildQuiz>>;
  let sittingId: number;
  const texts = (n: number) => (i: number) => (i < n ? String(2 * (i + 1)) : String(2 * (i + 1) + 1));

  beforeAll(async () => {
    quiz = await buildQuiz(db(), { teacherId: c.teacher.user.id, courseId: c.course.id, questions: undefined });
    sittingId = (await createSitting(t, c.teacher.token, { quizId: quiz.quiz.id, versions: 2 })).body.id;
  });

  async function paper(studentId: number, right: number, version = 2) {
    const v = (await versionsOf(t, sittingId))[version - 1];
    const given = Object.fromEntries(quiz.questions.map((q, i) => [q.id, [texts(right)(i)]]));
    const marks = await sheetMarks(t, v, given);
    return scanRead(t, sittingId, readingOf({ sittingId, student: studentId, version }, v, marks), c.teacher.user.id);
  }

  it("records a clear sheet at once, with the score and record an online submit of the same answers gets", async () => {
    const ama = c.students[0];
    const scanId = await paper(ama.user.id, 2);
    const scan = await getScan(c.teacher.token, sittingId, scanId);
    expect(scan.status).toBe(200);
    expect(scan.body).toMatchObject({ status: "recorded", unsettled: 0, version: 2, student: { id: ama.user.id, name: "Ama Owusu", class: "JHS 1A" } });
    expect(scan.body.rows.map((r: { flag: unknown }) => r.flag)).toEqual([null, null, null]);
    expect(scan.body.rows[0].letters).toEqual(["A", "B", "C", "D"]);
    expect(scan.body.rows[0].crop).toMatchObject({ w: expect.any(Number), h: expect.any(Number) });
    const paperSub = await submissionOf(scan.body.submissionId);
    expect(scan.body.score).toBe(paperSub.score);

    // The same answers online, by Yaw.
    const yaw = c.students[2];
    const online = await submitAnswers(
      t.app,
      yaw.token,
      quiz.quiz.id,
      quiz.questions.map((q, i) => ({ questionId: q.id, answer: texts(2)(i) })),
    );
    const onlineSub = await submissionOf(online.submission.id);
    for (const k of ["score", "correct", "total", "graded", "itemMarks", "ungradedAnswers"] as const) expect(paperSub[k], k).toEqual(onlineSub[k]);
    expect(paperSub.score).toBeCloseTo(66.67, 2);
    const [paperRecord] = await recordsOf(db(), ama.user.id, quiz.quiz.id);
    const [onlineRecord] = await recordsOf(db(), yaw.user.id, quiz.quiz.id);
    for (const k of ["score", "correct", "total", "passed", "isPersonalBest", "userAttempts"] as const) expect(paperRecord[k], k).toEqual(onlineRecord[k]);
    // The answers are saved as the online attempt saves them: the option texts.
    const [att] = await attemptsOf(ama.user.id, quiz.quiz.id);
    expect(att).toMatchObject({ sittingId, status: "submitted", attemptNumber: 1 });
    const saved = await db().select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, att.id));
    expect(saved.map((a) => a.answer).sort()).toEqual(["2", "4", "7"]);
    const audit = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "sitting_scan"), eq(auditLogs.entityId, String(scanId))));
    expect(audit.map((a) => a.action)).toEqual(["create"]);
  });

  it("shows the teacher which submissions and records were written on paper (onPaper)", async () => {
    const subs = await call(t.app, { method: "GET", url: `/api/submissions?quizId=${quiz.quiz.id}`, token: c.teacher.token });
    expect(subs.status).toBe(200);
    const byUser = (rows: { userId: number; onPaper: boolean }[]) => Object.fromEntries(rows.map((r) => [r.userId, r.onPaper]));
    expect(byUser(subs.body.data)).toEqual({ [c.students[0].user.id]: true, [c.students[2].user.id]: false });
    const recs = await call(t.app, { method: "GET", url: `/api/records/all?quizId=${quiz.quiz.id}`, token: c.teacher.token });
    expect(recs.status).toBe(200);
    expect(byUser(recs.body.data)).toEqual({ [c.students[0].user.id]: true, [c.students[2].user.id]: false });
  });

  it("scanning the same student's sheet again replaces the answers and re-grades the one submission", async () => {
    const ama = c.students[0];
    const first = await getScan(c.teacher.token, sittingId, await paper(ama.user.id, 2));
    const again = await getScan(c.teacher.token, sittingId, await paper(ama.user.id, 3, 1));
    expect(again.body.status).toBe("recorded");
    expect(again.body.submissionId).toBe(first.body.submissionId);
    expect(again.body.score).toBe(100);
    expect(await attemptsOf(ama.user.id, quiz.quiz.id)).toHaveLength(1);
    const recs = await recordsOf(db(), ama.user.id, quiz.quiz.id);
    expect(recs).toHaveLength(1);
    expect(recs[0].score).toBe(100);
  });

  it("a student with an online submission waits for the teacher: 409 naming them, recorded as another attempt once confirmed", async () => {
    const yaw = c.students[2];
    const scanId = await paper(yaw.user.id, 3);
    expect((await getScan(c.teacher.token, sittingId, scanId)).body).toMatchObject({ status: "review", unsettled: 0, submissionId: null });
    const asked = await record(c.teacher.token, sittingId, scanId);
    expect([asked.status, asked.body.error]).toEqual([409, M.alreadySubmitted.replace("{name}", "Yaw Boateng")]);
    const done = await record(c.teacher.token, sittingId, scanId, { confirm: true });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: "recorded", score: 100 });
    const tries = await attemptsOf(yaw.user.id, quiz.quiz.id);
    expect(tries.map((a) => a.attemptNumber).sort()).toEqual([1, 2]);
    const recs = await recordsOf(db(), yaw.user.id, quiz.quiz.id);
    expect(recs.map((r) => r.score)).toEqual([66.67, 100]);
    expect(recs[1].isPersonalBest).toBe(true);
    const again = await record(c.teacher.token, sittingId, scanId, { confirm: true });
    expect([again.status, again.body.error]).toEqual([409, M.alreadyRecorded]);
  });

  it("a Fix key re-grade changes a paper submission's score", async () => {
    const kofi = c.students[1];
    const scan = await getScan(c.teacher.token, sittingId, await paper(kofi.user.id, 3));
    expect(scan.body.score).toBe(100);
    const q0 = quiz.questions[0];
    const fix = await call(t.app, {
      method: "PUT",
      url: `/api/performance/quiz-details/${quiz.quiz.id}/items/${q0.id}/key`,
      token: c.teacher.token,
      payload: { answer: q0.options[1] },
    });
    expect(fix.status).toBe(200);
    const after = await getScan(c.teacher.token, sittingId, scan.body.id);
    expect(after.body.score).toBeCloseTo(66.67, 2);
    const [rec] = await recordsOf(db(), kofi.user.id, quiz.quiz.id);
    expect(rec.score).toBeCloseTo(66.67, 2);
  });

  it("refuses a deletion of a recorded sheet (409) and of the sitting (409)", async () => {
    const list = await call(t.app, { method: "GET", url: `/api/sittings/${sittingId}/scans?status=recorded`, token: c.teacher.token });
    const id = list.body.data[0].id;
    const del = await call(t.app, { method: "DELETE", url: scanUrl(sittingId, id), token: c.teacher.token });
    expect([del.status, del.body.error]).toEqual([409, M.alreadyRecorded]);
    const delSitting = await call(t.app, { method: "DELETE", url: `/api/sittings/${sittingId}`, token: c.teacher.token });
    expect([delSitting.status, delSitting.body.error]).toEqual([409, M.hasRecorded]);
  });
});

describe("the every-type quiz: flags, boxes and blank sheets wait for the teacher", () => {
  let sittingId: number;
  const FULL = { single: ["Accra"], multiple: ["2", "5"], trueFalse: ["True"], equation: ["16"] };

  beforeAll(async () => {
    sittingId = (await createSitting(t, c.teacher.token, { quizId: c.quizId, versions: 2, blankSheets: 2 })).body.id;
  });

  async function fullSheet(student: number, unsure: number[] = [], extra: Record<number, string[]> = {}) {
    const v = (await versionsOf(t, sittingId))[1];
    const marks = await sheetMarks(t, v, {
      [c.ids[AT.single]]: FULL.single,
      [c.ids[AT.multiple]]: FULL.multiple,
      [c.ids[AT.trueFalse]]: FULL.trueFalse,
      [c.ids[AT.equation]]: FULL.equation,
    });
    return { v, id: await scanRead(t, sittingId, readingOf({ sittingId, student, version: 2 }, v, { ...marks, ...extra }, unsure), c.teacher.user.id) };
  }

  it("validates the teacher's settling: rows, letters, marks, the student's level; then records as online + a teacher's marks", async () => {
    const kofi = c.students[1];
    const v2 = (await versionsOf(t, sittingId))[1];
    const rowOf = (at: number) => v2.questions.findIndex((q) => q.questionId === c.ids[at]) + 1;
    const singleRow = rowOf(AT.single);
    const multipleRow = rowOf(AT.multiple);
    const { v, id } = await fullSheet(kofi.user.id, [multipleRow], { [singleRow]: ["A", "B"] });
    const s = await getScan(c.teacher.token, sittingId, id);
    expect(s.body.status).toBe("review");
    expect([s.body.rows[singleRow - 1].flag, s.body.rows[multipleRow - 1].flag]).toEqual(["two", "unsure"]);
    // Two flags and three boxes.
    expect(s.body.unsettled).toBe(5);
    const boxes = s.body.rows.filter((r: { kind: string }) => r.kind === "box");
    expect(boxes.map((b: { maxMarks: number }) => b.maxMarks).sort()).toEqual([1, 2, 5]);
    const blocked = await record(c.teacher.token, sittingId, id);
    expect([blocked.status, blocked.body.error]).toEqual([409, M.unsettled]);

    const tfRow = v.questions.findIndex((q) => q.questionId === c.ids[AT.trueFalse]) + 1;
    const numRow = v.questions.findIndex((q) => q.questionId === c.ids[AT.numerical]) + 1;
    const writtenRow = v.questions.findIndex((q) => q.questionId === c.ids[AT.written]) + 1;
    const bad: [object, number, string][] = [
      [{ rows: [{ n: 99, answer: [] }] }, 400, M.rowNotFound],
      [{ rows: [{ n: tfRow, answer: ["C"] }] }, 400, M.notAnOption],
      [{ rows: [{ n: singleRow, answer: ["A", "B"] }] }, 400, M.notAnOption],
      [{ rows: [{ n: writtenRow, mark: 6 }] }, 400, M.markRange],
      [{ rows: [{ n: numRow, mark: 1 }] }, 400, M.markNotInKey],
      [{ studentId: c.jhs2.user.id }, 400, M.studentNotInLevel],
      [{ studentId: c.teacher.user.id }, 400, M.studentNotInLevel],
      [{ rows: [{ n: 1, answer: ["F"] }] }, 400, "answer letters must be A to E"],
      [{ studentId: "abc" }, 400, "studentId must be a positive number"],
    ];
    for (const [body, status, error] of bad) {
      const r = await settle(c.teacher.token, sittingId, id, body);
      expect([r.status, r.body.error], JSON.stringify(body)).toEqual([status, error]);
    }
    expect((await settle(c.students[0].token, sittingId, id, { rows: [] })).status).toBe(403);
    expect((await settle(c.other.token, sittingId, id, { rows: [] })).status).toBe(404);

    // The single's row: the teacher reads "Accra"; the multiple's (unsure): its right pair; boxes 1, 2 and 3 of 5.
    const right = await sheetMarks(t, v, { [c.ids[AT.single]]: ["Accra"], [c.ids[AT.multiple]]: ["2", "5"] });
    const shortRow = v.questions.findIndex((q) => q.questionId === c.ids[AT.short]) + 1;
    const ok = await settle(c.teacher.token, sittingId, id, {
      rows: [
        { n: singleRow, answer: right[singleRow] },
        { n: multipleRow, answer: right[multipleRow] },
        { n: shortRow, mark: 1 },
        { n: numRow, mark: 2 },
        { n: writtenRow, mark: 3 },
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.unsettled).toBe(0);
    expect(ok.body.status).toBe("review");
    const done = await record(c.teacher.token, sittingId, id);
    expect(done.status).toBe(200);
    expect(done.body.status).toBe("recorded");

    // Online, Ama answers the same and the teacher gives the written answer 3 of 5.
    const ama = c.students[0];
    const online = await submitAnswers(t.app, ama.token, c.quizId, answersFor(c.ids, FULL_ANSWERS));
    const graded = await call(t.app, {
      method: "PUT",
      url: `/api/submissions/${online.submission.id}/grade`,
      token: c.teacher.token,
      payload: { marks: [{ questionId: c.ids[AT.written], marks: 3 }] },
    });
    expect(graded.status).toBe(200);
    const paperSub = await submissionOf(done.body.submissionId);
    const onlineSub = await submissionOf(online.submission.id);
    for (const k of ["score", "correct", "total", "graded", "itemMarks", "marks"] as const) expect(paperSub[k], k).toEqual(onlineSub[k]);
    expect(paperSub.score).toBeCloseTo((11 / 13) * 100, 1);
  });

  it("a multiple-answer row says so, settles to two letters and is graded as the same answer online", async () => {
    const esi = await signedIn(db(), { role: "student", name: "Esi Paper" });
    const efua = await signedIn(db(), { role: "student", name: "Efua Online" });
    const v = (await versionsOf(t, sittingId))[1];
    const multipleRow = v.questions.findIndex((q) => q.questionId === c.ids[AT.multiple]) + 1;
    const { id } = await fullSheet(esi.user.id, [multipleRow]);
    const s = await getScan(c.teacher.token, sittingId, id);
    expect(s.body.rows.filter((r: { multiple: boolean }) => r.multiple).map((r: { n: number }) => r.n)).toEqual([multipleRow]);
    // One right prime and one wrong (partial scoring: right minus wrong).
    const pair = (await sheetMarks(t, v, { [c.ids[AT.multiple]]: ["2", "9"] }))[multipleRow];
    expect(pair).toHaveLength(2);
    const boxes = v.questions.map((q, i) => ({ q, n: i + 1 })).filter((r) => r.q.kind === "box");
    const ok = await settle(c.teacher.token, sittingId, id, {
      rows: [{ n: multipleRow, answer: [...pair].reverse() }, ...boxes.map((b) => ({ n: b.n, mark: 0 }))],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.rows[multipleRow - 1]).toMatchObject({ multiple: true, flag: "unsure", settled: [...pair].sort() });
    const done = await record(c.teacher.token, sittingId, id);
    expect(done.body.status).toBe("recorded");
    const answers = answersFor(c.ids, FULL_ANSWERS).filter((a) => [AT.single, AT.trueFalse, AT.equation].some((k) => c.ids[k] === a.questionId));
    const online = await submitAnswers(t.app, efua.token, c.quizId, [...answers, { questionId: c.ids[AT.multiple], answer: encodeChoices(["2", "9"]) }]);
    const mark = async (subId: number) => (await submissionOf(subId)).itemMarks?.find((m) => m.questionId === c.ids[AT.multiple]);
    const paperMark = await mark(done.body.submissionId);
    expect(paperMark).toEqual(await mark(online.submission.id));
    expect(paperMark?.available).toBe(2);
    const [att] = await attemptsOf(esi.user.id, c.quizId);
    const saved = await db().select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, att.id));
    expect(saved.find((a) => a.questionId === c.ids[AT.multiple])?.answer).toBe(encodeChoices(["2", "9"]));
  });

  it("a blank sheet waits for its student (409 noStudent), then records; a settled box of 0 gives no answer", async () => {
    const { v, id } = await fullSheet(0);
    const s = await getScan(c.teacher.token, sittingId, id);
    expect(s.body).toMatchObject({ status: "review", student: null });
    const boxes = v.questions.map((q, i) => ({ q, n: i + 1 })).filter((r) => r.q.kind === "box");
    await settle(c.teacher.token, sittingId, id, { rows: boxes.map((b) => ({ n: b.n, mark: 0 })) });
    const none = await record(c.teacher.token, sittingId, id);
    expect([none.status, none.body.error]).toEqual([409, M.noStudent]);
    const yaw = c.students[2];
    const chosen = await settle(c.teacher.token, sittingId, id, { studentId: yaw.user.id });
    expect(chosen.body.student).toMatchObject({ id: yaw.user.id, name: "Yaw Boateng", class: "JHS 1" });
    const done = await record(c.teacher.token, sittingId, id);
    expect(done.status).toBe(200);
    const sub = await submissionOf(done.body.submissionId);
    // 5 of 13: the bubbles right, the boxes 0.
    expect(sub).toMatchObject({ graded: true, correct: 4 });
    expect(sub.score).toBeCloseTo((5 / 13) * 100, 1);
    expect((await settle(c.teacher.token, sittingId, id, { rows: [] })).status).toBe(409);
  });

  it("answers refusals: markers, QR, not ours, another sitting's sheet, rows of another version; a stalled read", async () => {
    const v = (await versionsOf(t, sittingId))[0];
    const cases: [Parameters<typeof scanRead>[2], string][] = [
      [{ ok: false, reason: "markers", ms: 1 }, M.markersNotFound],
      [{ ok: false, reason: "qr", ms: 1 }, M.qrUnreadable],
      [{ ok: false, reason: "not-ours", ms: 1 }, M.notOurSheet],
      [readingOf({ sittingId: sittingId + 1000, student: 0, version: 1 }, v, {}), M.otherSitting],
      [withCode(readingOf({ sittingId, student: 0, version: 1 }, v, {}), { sittingId, student: 0, version: 1, bubbles: 9, boxes: 3 }), M.notOurSheet],
      [readingOf({ sittingId, student: 0, version: 3 }, v, {}), M.notOurSheet],
    ];
    for (const [reading, error] of cases) {
      const id = await scanRead(t, sittingId, reading, c.teacher.user.id);
      const s = await getScan(c.teacher.token, sittingId, id);
      expect([s.body.status, s.body.error]).toEqual(["refused", error]);
      expect([(await record(c.teacher.token, sittingId, id)).status]).toEqual([409]);
    }
    // A sheet whose server stopped while reading it answers as refused after 10 minutes.
    const [stuck] = await db()
      .insert(sittingScans)
      .values({ sittingId, status: "reading", fileName: "stuck.jpg", updatedAt: new Date(Date.now() - 11 * 60_000) })
      .returning();
    const s = await getScan(c.teacher.token, sittingId, stuck.id);
    expect([s.body.status, s.body.error]).toEqual(["refused", SCAN_STALLED]);
    const refused = await call(t.app, { method: "GET", url: `/api/sittings/${sittingId}/scans?status=refused&limit=2`, token: c.teacher.token });
    expect(refused.body.pagination.total).toBe(cases.length + 1);
    expect(refused.body.data).toHaveLength(2);
    const del = await call(t.app, { method: "DELETE", url: scanUrl(sittingId, refused.body.data[0].id), token: c.teacher.token });
    expect([del.status, del.body]).toEqual([200, { ok: true }]);
  });

  it("serves the straightened sheet to staff only; 404 for a photo never uploaded; 400 for malformed ids", async () => {
    const { id } = await fullSheet(0);
    const sheet = await call(t.app, { method: "GET", url: `${scanUrl(sittingId, id)}/sheet`, token: c.teacher.token });
    expect(sheet.status).toBe(200);
    expect(sheet.headers["content-type"]).toBe("image/jpeg");
    expect(sheet.headers["cache-control"]).toBe("private, no-store");
    expect((await call(t.app, { method: "GET", url: `${scanUrl(sittingId, id)}/sheet`, token: c.students[0].token })).status).toBe(403);
    expect((await call(t.app, { method: "GET", url: `${scanUrl(sittingId, id)}/sheet`, token: c.other.token })).status).toBe(404);
    expect((await call(t.app, { method: "GET", url: `${scanUrl(sittingId, id)}/photo`, token: c.teacher.token })).status).toBe(404);
    for (const url of [`/api/sittings/${sittingId}/scans/abc`, `/api/sittings/${sittingId}/scans/0/record`, `/api/sittings/x/scans/1`]) {
      const method = url.endsWith("record") ? "POST" : "GET";
      expect((await call(t.app, { method, url, token: c.teacher.token, ...(method === "POST" ? { payload: {} } : {}) })).status, url).toBe(400);
    }
    expect((await call(t.app, { method: "GET", url: `/api/sittings/${sittingId}/scans?status=lost`, token: c.teacher.token })).status).toBe(400);
    expect((await getScan(c.teacher.token, sittingId, 999999)).status).toBe(404);
  });
});
