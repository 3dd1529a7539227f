import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SITTING_MESSAGES } from "@adesua/domain";
import { call, useTestApp } from "../../../test/test-app";
import { buildQuiz } from "../../../test/factories";
import { auditLogs, questions, sittingScans } from "../../db/schema";
import { createSitting, sittingClass, versionsOf } from "../../../test/sittings";

/** Paper sittings (issue 29): create, list, get, delete and print, with every role's refusals and malformed input. */

const t = useTestApp();
let c: Awaited<ReturnType<typeof sittingClass>>;

beforeAll(async () => {
  c = await sittingClass(t);
});

const get = (token: string, url: string) => call(t.app, { method: "GET", url, token });

describe("POST /api/sittings", () => {
  it("prepares a quiz for a class: versions stored, sheet counts, audited", async () => {
    const r = await createSitting(t, c.teacher.token, { quizId: c.quizId, stream: "a", versions: 2, blankSheets: 3 });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      quiz: { id: c.quizId, title: "Every type", level: "jhs1" },
      class: "JHS 1A",
      stream: "A",
      versions: 2,
      blankSheets: 3,
      students: 2,
      bubbleQuestions: 4,
      boxQuestions: 3,
      scans: { total: 0, recorded: 0, review: 0, refused: 0, reading: 0 },
    });
    const versions = await versionsOf(t, r.body.id);
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    for (const v of versions) {
      expect(v.questions.map((q) => q.kind)).toEqual(["bubbles", "bubbles", "bubbles", "bubbles", "box", "box", "box"]);
      expect(new Set(v.questions.map((q) => q.questionId))).toEqual(new Set(c.ids));
    }
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.entityType, "sitting"));
    expect(audit.some((a) => a.entityId === String(r.body.id) && a.action === "create")).toBe(true);
  });

  it("one version keeps the quiz's order, bubbles first; the whole level without a stream", async () => {
    const r = await createSitting(t, c.admin.token, { quizId: c.quizId });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ class: "JHS 1", stream: null, versions: 1, blankSheets: 0 });
    expect(r.body.students).toBeGreaterThanOrEqual(3);
    const [v] = await versionsOf(t, r.body.id);
    const [single, multiple, tf, short, numerical, written, equation] = c.ids;
    expect(v.questions.map((q) => q.questionId)).toEqual([single, multiple, tf, equation, short, numerical, written]);
    expect(v.questions[2].options).toEqual([0, 1]);
  });

  it("refuses a student (403), another teacher's quiz (404), a missing quiz (404)", async () => {
    expect((await createSitting(t, c.students[0].token, { quizId: c.quizId })).status).toBe(403);
    const other = await createSitting(t, c.other.token, { quizId: c.quizId });
    expect(other.status).toBe(404);
    expect(other.body.error).toBe(SITTING_MESSAGES.quizNotFound);
    expect((await createSitting(t, c.teacher.token, { quizId: 999999 })).status).toBe(404);
    expect((await call(t.app, { method: "POST", url: "/api/sittings", payload: { quizId: c.quizId } })).status).toBe(401);
  });

  it("refuses malformed input with 400 and the field's message", async () => {
    for (const body of [{ quizId: "abc" }, { quizId: -1 }, { quizId: 2147483648 }, {}]) {
      const r = await createSitting(t, c.teacher.token, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    const v = await createSitting(t, c.teacher.token, { quizId: c.quizId, versions: 5 });
    expect([v.status, v.body.error]).toEqual([400, SITTING_MESSAGES.versions]);
    const b = await createSitting(t, c.teacher.token, { quizId: c.quizId, blankSheets: 101 });
    expect([b.status, b.body.error]).toEqual([400, SITTING_MESSAGES.blankSheets]);
    const s = await createSitting(t, c.teacher.token, { quizId: c.quizId, stream: "ABC" });
    expect([s.status, s.body.error]).toEqual([400, SITTING_MESSAGES.stream]);
  });

  it("refuses a class with no students and no blank sheets, and quizzes that do not fit a sheet", async () => {
    const jhs3 = await buildQuiz(t.database.db, { teacherId: c.teacher.user.id, courseId: c.course.id, studentType: "jhs3" });
    const none = await createSitting(t, c.teacher.token, { quizId: jhs3.quiz.id });
    expect([none.status, none.body.error]).toEqual([400, SITTING_MESSAGES.noStudents]);
    expect((await createSitting(t, c.teacher.token, { quizId: jhs3.quiz.id, blankSheets: 5 })).status).toBe(201);

    const six = await buildQuiz(t.database.db, {
      teacherId: c.teacher.user.id,
      courseId: c.course.id,
      questions: [{ text: "Six", options: ["1", "2", "3", "4", "5", "6"], answer: "1" }],
    });
    const r6 = await createSitting(t, c.teacher.token, { quizId: six.quiz.id });
    expect([r6.status, r6.body.error]).toEqual([400, SITTING_MESSAGES.tooManyOptions]);

    const empty = await buildQuiz(t.database.db, { teacherId: c.teacher.user.id, courseId: c.course.id, questions: [] });
    const r0 = await createSitting(t, c.teacher.token, { quizId: empty.quiz.id });
    expect([r0.status, r0.body.error]).toEqual([400, SITTING_MESSAGES.noPaperQuestions]);

    const many = await buildQuiz(t.database.db, {
      teacherId: c.teacher.user.id,
      courseId: c.course.id,
      questions: Array.from({ length: 101 }, (_, i) => ({ text: `Q${i}`, options: ["a", "b"], answer: "a" })),
    });
    const r101 = await createSitting(t, c.teacher.token, { quizId: many.quiz.id });
    expect([r101.status, r101.body.error]).toEqual([400, SITTING_MESSAGES.tooManyBubbles]);

    // 100 bubble rows leave room for no written box.
    const full = await buildQuiz(t.database.db, {
      teacherId: c.teacher.user.id,
      courseId: c.course.id,
      questions: Array.from({ length: 101 }, (_, i) => ({ text: `Q${i}`, options: ["a", "b"], answer: "a" })),
    });
    await t.database.db.update(questions).set({ type: "written" }).where(eq(questions.id, full.questions[100].id));
    const rFull = await createSitting(t, c.teacher.token, { quizId: full.quiz.id });
    expect([rFull.status, rFull.body.error]).toEqual([400, SITTING_MESSAGES.sheetFull]);
  });
});

describe("GET /api/sittings and /api/sittings/{id}", () => {
  let mine: number;
  beforeAll(async () => {
    mine = (await createSitting(t, c.teacher.token, { quizId: c.quizId, blankSheets: 1 })).body.id;
  });

  it("lists the teacher's sittings, newest first, paginated, filtered by quiz; counts scans by state", async () => {
    await t.database.db.insert(sittingScans).values([
      { sittingId: mine, status: "review", fileName: "a.jpg" },
      { sittingId: mine, status: "refused", fileName: "b.jpg", error: "x" },
      { sittingId: mine, status: "queued", fileName: "c.jpg" },
      // Stuck for 11 minutes: counted (and shown) as refused.
      { sittingId: mine, status: "reading", fileName: "d.jpg", updatedAt: new Date(Date.now() - 11 * 60_000) },
    ]);
    const r = await get(c.teacher.token, `/api/sittings?quizId=${c.quizId}&limit=2`);
    expect(r.status).toBe(200);
    expect(r.body.pagination).toMatchObject({ page: 1, limit: 2 });
    expect(r.body.pagination.total).toBeGreaterThanOrEqual(3);
    expect(r.body.data[0].id).toBe(mine);
    expect(r.body.data[0].scans).toEqual({ total: 4, recorded: 0, review: 1, refused: 2, reading: 1 });
    const page2 = await get(c.teacher.token, `/api/sittings?quizId=${c.quizId}&limit=2&page=2`);
    expect(page2.body.data.every((s: { id: number }) => s.id < mine)).toBe(true);
    expect((await get(c.other.token, `/api/sittings?quizId=${c.quizId}`)).body.data).toEqual([]);
    expect((await get(c.admin.token, `/api/sittings?quizId=${c.quizId}`)).body.pagination.total).toBe(r.body.pagination.total);
  });

  it("answers one sitting to its staff; 404 to another teacher; 403 to a student; 400 for malformed ids", async () => {
    const r = await get(c.teacher.token, `/api/sittings/${mine}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: mine, blankSheets: 1 });
    expect((await get(c.admin.token, `/api/sittings/${mine}`)).status).toBe(200);
    const o = await get(c.other.token, `/api/sittings/${mine}`);
    expect([o.status, o.body.error]).toEqual([404, SITTING_MESSAGES.notFound]);
    expect((await get(c.students[0].token, `/api/sittings/${mine}`)).status).toBe(403);
    expect((await get(c.students[0].token, `/api/sittings`)).status).toBe(403);
    for (const bad of ["abc", "0", "-1", "2147483648", "1.5"]) expect((await get(c.teacher.token, `/api/sittings/${bad}`)).status, bad).toBe(400);
    expect((await get(c.teacher.token, `/api/sittings?quizId=abc`)).status).toBe(400);
    expect((await get(c.teacher.token, `/api/sittings/999999`)).status).toBe(404);
  });
});

describe("DELETE /api/sittings/{id}", () => {
  it("removes a sitting without recorded sheets; refuses other teachers and students", async () => {
    const id = (await createSitting(t, c.teacher.token, { quizId: c.quizId })).body.id;
    await t.database.db.insert(sittingScans).values({ sittingId: id, status: "review", fileName: "a.jpg" });
    expect((await call(t.app, { method: "DELETE", url: `/api/sittings/${id}`, token: c.students[0].token })).status).toBe(403);
    expect((await call(t.app, { method: "DELETE", url: `/api/sittings/${id}`, token: c.other.token })).status).toBe(404);
    const r = await call(t.app, { method: "DELETE", url: `/api/sittings/${id}`, token: c.teacher.token });
    expect([r.status, r.body]).toEqual([200, { ok: true }]);
    expect((await get(c.teacher.token, `/api/sittings/${id}`)).status).toBe(404);
  });

  it("refuses (409) once a sheet is recorded", async () => {
    const id = (await createSitting(t, c.teacher.token, { quizId: c.quizId })).body.id;
    await t.database.db.insert(sittingScans).values({ sittingId: id, status: "recorded", fileName: "a.jpg" });
    const r = await call(t.app, { method: "DELETE", url: `/api/sittings/${id}`, token: c.admin.token });
    expect([r.status, r.body.error]).toEqual([409, SITTING_MESSAGES.hasRecorded]);
  });
});

describe("POST /api/sittings/{id}/print", () => {
  it("refuses a student (403), another teacher (404) and a malformed id (400)", async () => {
    const id = (await createSitting(t, c.teacher.token, { quizId: c.quizId })).body.id;
    expect((await call(t.app, { method: "POST", url: `/api/sittings/${id}/print`, token: c.students[0].token })).status).toBe(403);
    expect((await call(t.app, { method: "POST", url: `/api/sittings/${id}/print`, token: c.other.token })).status).toBe(404);
    expect((await call(t.app, { method: "POST", url: `/api/sittings/x/print`, token: c.teacher.token })).status).toBe(400);
  });
});
