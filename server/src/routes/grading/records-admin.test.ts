import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { GRADING_MESSAGES as M } from "@adesua/domain";
import { call, useTestApp } from "../../../test/test-app";
import { signedIn } from "../../../test/factories";
import { auditOf, gradingQuiz, recordsOf, submitAnswers } from "../../../test/grading";
import { submissions } from "../../db/schema";

const t = useTestApp();

const db = () => t.database.db;
const post = (token: string, payload: object) => call(t.app, { method: "POST", url: "/api/records", token, payload });
const put = (token: string, id: number, payload: object) => call(t.app, { method: "PUT", url: `/api/records/${id}`, token, payload });
const del = (token: string, id: number) => call(t.app, { method: "DELETE", url: `/api/records/${id}`, token });
const get = (token: string, url: string) => call(t.app, { method: "GET", url, token });
const bests = async (userId: number, quizId: number) => (await recordsOf(db(), userId, quizId)).map((r) => [r.score, r.passed, r.isPersonalBest]);

describe("records admin: POST, PUT, DELETE /api/records", () => {
  it("creates, edits and deletes records entered by hand, recomputing passed and personal best every time, audited", async () => {
    const g = await gradingQuiz(db(), { passingScore: 60 });
    const s = await signedIn(db(), { role: "student" });
    const first = await post(g.teacher.token, { userId: s.user.id, quizId: g.quiz.id, score: 55.5 });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      userId: s.user.id,
      quizId: g.quiz.id,
      score: 55.5,
      passed: false,
      isPersonalBest: true,
      userAttempts: 1,
      submissionId: null,
      user: { id: s.user.id, name: s.user.name, email: null },
      quiz: { id: g.quiz.id, title: g.quiz.title, course: { id: g.course.id } },
    });
    const second = await post(g.teacher.token, { userId: s.user.id, quizId: g.quiz.id, score: 40 });
    expect(second.body).toMatchObject({ score: 40, passed: false, isPersonalBest: false, userAttempts: 2 });
    // Raised above the first: now a personal best, and passed.
    const edited = await put(g.teacher.token, second.body.id, { userId: s.user.id, quizId: g.quiz.id, score: 70.3 });
    expect(edited).toMatchObject({ status: 200, body: { score: 70.3, passed: true, isPersonalBest: true } });
    expect(await bests(s.user.id, g.quiz.id)).toEqual([
      [55.5, false, true],
      [70.3, true, true],
    ]);
    // Lowering the first does not change the second's standing; deleting the first leaves the second the first score.
    await put(g.teacher.token, first.body.id, { userId: s.user.id, quizId: g.quiz.id, score: 90 });
    expect(await bests(s.user.id, g.quiz.id)).toEqual([
      [90, true, true],
      [70.3, true, false],
    ]);
    expect(await del(g.teacher.token, first.body.id)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await bests(s.user.id, g.quiz.id)).toEqual([[70.3, true, true]]);
    expect((await get(g.teacher.token, `/api/records/${first.body.id}`)).status).toBe(404);

    const trail = await auditOf(db(), "record", first.body.id);
    expect(trail.map((e) => e.action)).toEqual(["delete", "update", "create"]);
    expect(trail[1]).toMatchObject({ before: { score: 55.5, passed: false }, after: { score: 90, passed: true }, userId: g.teacher.user.id });
    expect(trail[2].after).toMatchObject({ userId: s.user.id, quizId: g.quiz.id, score: 55.5, isPersonalBest: true });
  });

  it("moves a hand-entered record to another student, recomputing both", async () => {
    const g = await gradingQuiz(db());
    const a = await signedIn(db(), { role: "student" });
    const b = await signedIn(db(), { role: "student" });
    const ra = await post(g.teacher.token, { userId: a.user.id, quizId: g.quiz.id, score: 50 });
    const rb = await post(g.teacher.token, { userId: a.user.id, quizId: g.quiz.id, score: 80 });
    await put(g.teacher.token, rb.body.id, { userId: b.user.id, quizId: g.quiz.id, score: 80 });
    expect(await bests(a.user.id, g.quiz.id)).toEqual([[50, true, true]]);
    expect(await bests(b.user.id, g.quiz.id)).toEqual([[80, true, true]]);
    expect(ra.body.isPersonalBest).toBe(true);
  });

  it("treats a record made from a submission as that grade: its score edits the submission, and deleting it deletes the submission", async () => {
    const g = await gradingQuiz(db());
    const s = await signedIn(db(), { role: "student" });
    const sub = (await submitAnswers(t.app, s.token, g.quiz.id, [{ questionId: g.ids.k1, answer: "x" }])).submission.id;
    const [rec] = await recordsOf(db(), s.user.id, g.quiz.id);
    const edit = await put(g.teacher.token, rec.id, { userId: s.user.id, quizId: g.quiz.id, score: 77 });
    expect(edit.body).toMatchObject({ score: 77, passed: true, submissionId: sub });
    const [stored] = await db().select().from(submissions).where(eq(submissions.id, sub));
    expect(stored).toMatchObject({ score: 77, manualScore: 77, graded: true });
    const other = await signedIn(db(), { role: "student" });
    expect(await put(g.teacher.token, rec.id, { userId: other.user.id, quizId: g.quiz.id, score: 77 })).toMatchObject({
      status: 409,
      body: { error: M.linkedRecordKeepsOwner },
    });
    expect((await del(g.teacher.token, rec.id)).status).toBe(200);
    expect(await db().select().from(submissions).where(eq(submissions.id, sub))).toEqual([]);
    expect((await auditOf(db(), "submission", sub))[0]).toMatchObject({ action: "delete" });
  });

  it("refuses teachers outside their courses (403) and students (403); bad forms are 400", async () => {
    const g = await gradingQuiz(db());
    const s = await signedIn(db(), { role: "student" });
    const other = await signedIn(db(), { role: "teacher" });
    const admin = await signedIn(db(), { role: "admin" });
    const rec = await post(admin.token, { userId: s.user.id, quizId: g.quiz.id, score: 61 });
    expect(rec.status).toBe(201);
    expect(rec.body.user.email).toBe(s.user.email);
    expect(await post(other.token, { userId: s.user.id, quizId: g.quiz.id, score: 50 })).toMatchObject({
      status: 403,
      body: { error: M.recordOwnCoursesOnly },
    });
    expect((await put(other.token, rec.body.id, { userId: s.user.id, quizId: g.quiz.id, score: 10 })).status).toBe(403);
    expect((await del(other.token, rec.body.id)).status).toBe(403);
    expect((await get(other.token, `/api/records/${rec.body.id}`)).status).toBe(403);
    expect((await post(s.token, { userId: s.user.id, quizId: g.quiz.id, score: 100 })).status).toBe(403);
    expect((await get(s.token, "/api/records/all")).status).toBe(403);

    expect(await post(admin.token, { userId: g.teacher.user.id, quizId: g.quiz.id, score: 50 })).toMatchObject({ status: 400, body: { error: M.notAStudent } });
    expect(await post(admin.token, { userId: 999_999, quizId: g.quiz.id, score: 50 })).toMatchObject({ status: 400, body: { error: M.userNotFound } });
    expect(await post(admin.token, { userId: s.user.id, quizId: 999_999, score: 50 })).toMatchObject({ status: 400, body: { error: M.quizNotFound } });
    for (const bad of [
      { userId: s.user.id, quizId: g.quiz.id, score: 100.1 },
      { userId: s.user.id, quizId: g.quiz.id, score: "50" },
      { userId: s.user.id, quizId: g.quiz.id },
      { quizId: g.quiz.id, score: 50 },
      { userId: s.user.id, score: 50 },
    ]) {
      expect((await post(admin.token, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await put(admin.token, 999_999, { userId: s.user.id, quizId: g.quiz.id, score: 5 })).status).toBe(404);
  });
});

describe("GET /api/records/all and /api/records/{id}", () => {
  it("lists newest first in the viewer's scope, filtered by student and quiz, paged", async () => {
    const g = await gradingQuiz(db());
    const g2 = await gradingQuiz(db());
    const tag = `Rec${Date.now()}`;
    const a = await signedIn(db(), { role: "student", name: `${tag} Adjoa` });
    const b = await signedIn(db(), { role: "student", name: `${tag} Baaba` });
    const admin = await signedIn(db(), { role: "admin" });
    const ids: number[] = [];
    for (const [u, quiz, score] of [
      [a, g.quiz, 40],
      [b, g.quiz, 60],
      [a, g2.quiz, 80],
    ] as const) {
      ids.push((await post(admin.token, { userId: u.user.id, quizId: quiz.id, score })).body.id);
    }
    const all = await get(admin.token, `/api/records/all?search=${tag}`);
    expect(all.body.data.map((r: { id: number }) => r.id)).toEqual([...ids].reverse());
    expect(all.body.pagination).toEqual({ total: 3, page: 1, limit: 20 });
    expect((await get(admin.token, `/api/records/all?userId=${a.user.id}`)).body.data.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[0]]);
    expect((await get(admin.token, `/api/records/all?quizId=${g.quiz.id}`)).body.data.map((r: { id: number }) => r.id)).toEqual([ids[1], ids[0]]);
    const page = await get(admin.token, `/api/records/all?search=${tag}&limit=2&page=2`);
    expect(page.body.data.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
    // The teacher of the first quiz sees its two records only, without emails.
    const mine = await get(g.teacher.token, `/api/records/all?search=${tag}`);
    expect(mine.body.data.map((r: { id: number }) => r.id)).toEqual([ids[1], ids[0]]);
    expect(mine.body.data.every((r: { user: { email: string | null } }) => r.user.email === null)).toBe(true);
    expect(await get(g.teacher.token, `/api/records/${ids[0]}`)).toMatchObject({
      status: 200,
      body: { id: ids[0], score: 40, user: { name: `${tag} Adjoa` } },
    });
    expect((await get(g.teacher.token, `/api/records/${ids[2]}`)).status).toBe(403);
    expect((await get(admin.token, "/api/records/all?quizId=abc")).status).toBe(400);
    // The student's own list is unchanged beside it.
    expect((await get(a.token, "/api/records")).body.pagination.total).toBe(2);
  });
});
