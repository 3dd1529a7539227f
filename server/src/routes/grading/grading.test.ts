import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { GRADING_MESSAGES as M } from "@adesua/domain";
import { call, useTestApp } from "../../../test/test-app";
import { signedIn } from "../../../test/factories";
import { auditOf, gradingQuiz, recordsOf, submitAnswers } from "../../../test/grading";
import { submissions } from "../../db/schema";

const t = useTestApp();

const db = () => t.database.db;
const grade = (token: string, id: number, payload: object) => call(t.app, { method: "PUT", url: `/api/submissions/${id}/grade`, token, payload });
const ungraded = (token: string, quizId: number, query = "") => call(t.app, { method: "GET", url: `/api/submissions/${quizId}/ungraded${query}`, token });

/** A graded-by-hand quiz with one student's submission: K1 right, K2 wrong, O1 answered "yes", O2 left. */
async function oneSubmission() {
  const g = await gradingQuiz(db());
  const student = await signedIn(db(), { role: "student", name: `Ama Student ${Math.random()}` });
  const result = await submitAnswers(t.app, student.token, g.quiz.id, [
    { questionId: g.ids.k1, answer: "x" },
    { questionId: g.ids.k2, answer: "q" },
    { questionId: g.ids.o1, answer: "yes" },
  ]);
  return { ...g, student, submissionId: result.submission.id as number, result };
}

describe("GET /api/submissions/{quizId}/ungraded", () => {
  it("lists the submissions with answers to questions without a key: the student, every answer, the automatic part", async () => {
    const g = await oneSubmission();
    expect(g.result).toMatchObject({ score: 50, correct: 1, total: 2, graded: false, passed: null });
    const r = await ungraded(g.teacher.token, g.quiz.id);
    expect(r.status).toBe(200);
    expect(r.body.quiz).toMatchObject({ id: g.quiz.id, title: g.quiz.title, passingScore: 50, questionCount: 4, course: { id: g.course.id } });
    expect(r.body.pagination).toEqual({ total: 1, page: 1, limit: 20 });
    const [s] = r.body.data;
    expect(s).toMatchObject({
      id: g.submissionId,
      userId: g.student.user.id,
      user: { id: g.student.user.id, name: g.student.user.name },
      score: 50,
      correct: 1,
      total: 2,
      ungradedAnswers: [{ questionId: g.ids.o1, answer: "yes" }],
    });
    expect(s.answers).toMatchObject([
      { questionId: g.ids.k1, number: 1, text: "Keyed one", options: ["x", "y"], answer: "x", correctAnswer: "x", correct: true, needsGrading: false },
      { questionId: g.ids.k2, number: 2, text: "Keyed two", options: ["p", "q"], answer: "q", correctAnswer: "p", correct: false, needsGrading: false },
      {
        questionId: g.ids.o1,
        number: 3,
        text: "Open one: which is fairer?",
        options: ["yes", "no"],
        answer: "yes",
        correctAnswer: null,
        correct: null,
        needsGrading: true,
      },
      { questionId: g.ids.o2, number: 4, text: "Open two: explain", options: ["a", "b"], answer: null, correctAnswer: null, correct: null, needsGrading: true },
    ]);
    // Admins may grade every quiz.
    const admin = await signedIn(db(), { role: "admin" });
    expect((await ungraded(admin.token, g.quiz.id)).body.data).toHaveLength(1);
  });

  it("refuses a student and a teacher of another course (403), and answers 404 for an unknown quiz", async () => {
    const g = await oneSubmission();
    const other = await signedIn(db(), { role: "teacher" });
    expect(await ungraded(other.token, g.quiz.id)).toMatchObject({ status: 403, body: { error: M.ownCoursesOnly } });
    expect((await ungraded(g.student.token, g.quiz.id)).status).toBe(403);
    expect((await ungraded(g.teacher.token, 999_999)).status).toBe(404);
    expect((await ungraded(g.teacher.token, g.quiz.id, "?limit=0")).status).toBe(400);
    expect((await call(t.app, { method: "GET", url: "/api/submissions/abc/ungraded", token: g.teacher.token })).status).toBe(400);
  });
});

describe("PUT /api/submissions/{submissionId}/grade", () => {
  it("grades by a final score: the submission becomes graded, its record's score, passed and personal best follow, audited", async () => {
    const g = await oneSubmission();
    const r = await grade(g.teacher.token, g.submissionId, { finalScore: 72.5 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: g.submissionId, score: 72.5, graded: true, passed: true, isPersonalBest: true, gradedBy: "final", ungradedCount: 0 });
    const [rec] = await recordsOf(db(), g.student.user.id, g.quiz.id);
    expect(rec).toMatchObject({ score: 72.5, passed: true, isPersonalBest: true, submissionId: g.submissionId });
    // The list moves on: nothing left to grade.
    expect((await ungraded(g.teacher.token, g.quiz.id)).body.data).toEqual([]);
    const [entry] = await auditOf(db(), "submission", g.submissionId);
    expect(entry).toMatchObject({ action: "grade", userId: g.teacher.user.id });
    expect(entry.before).toMatchObject({ score: 50, graded: false, finalScore: null });
    expect(entry.after).toMatchObject({ score: 72.5, graded: true, finalScore: 72.5 });
    // The student sees the grade on their result.
    const mine = await call(t.app, { method: "GET", url: `/api/records?quizId=${g.quiz.id}`, token: g.student.token });
    expect(mine.body.data[0]).toMatchObject({ score: 72.5, passed: true });
  });

  it("grades by marks, computing the score out of every question; a second grade replaces the first (before and after audited)", async () => {
    const g = await oneSubmission();
    await grade(g.teacher.token, g.submissionId, { finalScore: 30 });
    expect((await recordsOf(db(), g.student.user.id, g.quiz.id))[0]).toMatchObject({ score: 30, passed: false });
    // K1 right, K2 wrong, O1 marked right, O2 unanswered (wrong): 2 of 4.
    const r = await grade(g.teacher.token, g.submissionId, { marks: [{ questionId: g.ids.o1, correct: true }] });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ score: 50, correct: 2, total: 4, graded: true, passed: true, gradedBy: "marks" });
    expect((await recordsOf(db(), g.student.user.id, g.quiz.id))[0]).toMatchObject({ score: 50, correct: 2, total: 4, passed: true });
    const [stored] = await db().select().from(submissions).where(eq(submissions.id, g.submissionId));
    expect(stored).toMatchObject({ manualScore: null, marks: [{ questionId: g.ids.o1, correct: true }], gradedBy: g.teacher.user.id });
    const [latest, first] = await auditOf(db(), "submission", g.submissionId);
    expect(first.after).toMatchObject({ score: 30, finalScore: 30 });
    expect(latest.before).toMatchObject({ score: 30, finalScore: 30, marks: null });
    expect(latest.after).toMatchObject({ score: 50, finalScore: null, marks: [{ questionId: g.ids.o1, correct: true }] });
    // Marked wrong this time: 1 of 4.
    const wrong = await grade(g.teacher.token, g.submissionId, { marks: [{ questionId: g.ids.o1, correct: false }] });
    expect(wrong.body).toMatchObject({ score: 25, passed: false });
  });

  it("keeps a teacher's marks when the quiz is re-graded after a key changes", async () => {
    const g = await oneSubmission();
    await grade(g.teacher.token, g.submissionId, { marks: [{ questionId: g.ids.o1, correct: true }] });
    // The teacher fixes the key of question two ("q" is right after all): K1, K2 and O1 right → 75.
    const qs = await call(t.app, { method: "GET", url: `/api/quizzes/${g.quiz.id}`, token: g.teacher.token });
    const questions = qs.body.questions.map((q: { id: number; text: string; options: string[]; answer: string | null }) => ({
      id: q.id,
      text: q.text,
      options: q.options,
      answer: q.id === g.ids.k2 ? "q" : q.answer,
    }));
    const put = await call(t.app, { method: "PUT", url: `/api/quizzes/${g.quiz.id}/questions`, token: g.teacher.token, payload: { questions } });
    expect(put.status).toBe(200);
    expect((await recordsOf(db(), g.student.user.id, g.quiz.id))[0]).toMatchObject({ score: 75, correct: 3, total: 4, passed: true });
  });

  it("recomputes personal bests across the student's attempts as grades change", async () => {
    const g = await gradingQuiz(db(), { maxAttempts: null });
    const s = await signedIn(db(), { role: "student" });
    const first = await submitAnswers(t.app, s.token, g.quiz.id, [{ questionId: g.ids.k1, answer: "x" }]);
    const second = await submitAnswers(t.app, s.token, g.quiz.id, [
      { questionId: g.ids.k1, answer: "x" },
      { questionId: g.ids.k2, answer: "p" },
    ]);
    expect((await recordsOf(db(), s.user.id, g.quiz.id)).map((r) => [r.score, r.isPersonalBest])).toEqual([
      [50, true],
      [100, true],
    ]);
    await grade(g.teacher.token, first.submission.id, { finalScore: 90 });
    await grade(g.teacher.token, second.submission.id, { finalScore: 80 });
    expect((await recordsOf(db(), s.user.id, g.quiz.id)).map((r) => [r.score, r.passed, r.isPersonalBest])).toEqual([
      [90, true, true],
      [80, true, false],
    ]);
    await grade(g.teacher.token, first.submission.id, { finalScore: 10 });
    expect((await recordsOf(db(), s.user.id, g.quiz.id)).map((r) => [r.score, r.passed, r.isPersonalBest])).toEqual([
      [10, false, true],
      [80, true, true],
    ]);
  });

  it("refuses a teacher of another course and a student (403); bad grades are 400; an unknown submission 404", async () => {
    const g = await oneSubmission();
    const other = await signedIn(db(), { role: "teacher" });
    expect(await grade(other.token, g.submissionId, { finalScore: 80 })).toMatchObject({ status: 403, body: { error: M.ownCoursesOnly } });
    expect((await grade(g.student.token, g.submissionId, { finalScore: 100 })).status).toBe(403);
    for (const bad of [
      { finalScore: 100.5 },
      { finalScore: -1 },
      { finalScore: "abc" },
      {},
      { finalScore: 50, marks: [{ questionId: g.ids.o1, correct: true }] },
    ]) {
      expect((await grade(g.teacher.token, g.submissionId, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect(await grade(g.teacher.token, g.submissionId, { marks: [{ questionId: g.ids.k1, correct: true }] })).toMatchObject({
      status: 400,
      body: { error: M.markNotKeyless },
    });
    expect(await grade(g.teacher.token, g.submissionId, { marks: [{ questionId: g.ids.o2, correct: false }] })).toMatchObject({
      status: 400,
      body: { error: M.markMissing },
    });
    expect(
      await grade(g.teacher.token, g.submissionId, {
        marks: [
          { questionId: g.ids.o1, correct: true },
          { questionId: g.ids.o1, correct: false },
        ],
      }),
    ).toMatchObject({ status: 400, body: { error: M.markDuplicate } });
    expect((await grade(g.teacher.token, 999_999, { finalScore: 50 })).status).toBe(404);
    // Nothing changed.
    expect((await recordsOf(db(), g.student.user.id, g.quiz.id))[0]).toMatchObject({ score: 50, passed: null });
  });
});

describe("Grades Management: GET, PUT and DELETE /api/submissions", () => {
  it("lists, searches, filters, sorts and pages in the viewer's scope", async () => {
    const g = await gradingQuiz(db());
    const g2 = await gradingQuiz(db());
    const tag = `Zq${Date.now()}`;
    const names = [`${tag} Akua`, `${tag} Bright`, `${tag} Comfort`];
    const subs: number[] = [];
    for (const [i, name] of names.entries()) {
      const s = await signedIn(db(), { role: "student", name });
      const answers = [{ questionId: g.ids.k1, answer: "x" }, ...(i > 0 ? [{ questionId: g.ids.k2, answer: "p" }] : [])];
      subs.push((await submitAnswers(t.app, s.token, g.quiz.id, answers)).submission.id);
    }
    const other = await signedIn(db(), { role: "student", name: `${tag} Dede` });
    await submitAnswers(t.app, other.token, g2.quiz.id, [{ questionId: g2.ids.k1, answer: "y" }]);
    await call(t.app, { method: "PUT", url: `/api/submissions/${subs[2]}/grade`, token: g.teacher.token, payload: { finalScore: 64 } });

    const list = (token: string, q: string) => call(t.app, { method: "GET", url: `/api/submissions?search=${encodeURIComponent(tag)}${q}`, token });
    const admin = await signedIn(db(), { role: "admin" });
    const all = await list(admin.token, "&sortBy=student");
    expect(all.status).toBe(200);
    expect(all.body.data.map((r: { user: { name: string } }) => r.user.name)).toEqual([...names, `${tag} Dede`]);
    expect(all.body.data[0]).toMatchObject({
      quiz: { id: g.quiz.id, title: g.quiz.title },
      course: { id: g.course.id },
      score: 50,
      graded: false,
      ungradedCount: 0,
    });
    // The teacher sees only the quiz of their course; filters and sorting in SQL.
    const mine = await list(g.teacher.token, "&sortBy=score&sortOrder=asc");
    expect(mine.body.data.map((r: { score: number }) => r.score)).toEqual([50, 64, 100]);
    expect(mine.body.pagination.total).toBe(3);
    expect((await list(g.teacher.token, "&sortBy=score")).body.data.map((r: { score: number }) => r.score)).toEqual([100, 64, 50]);
    expect((await list(admin.token, `&courseId=${g2.course.id}`)).body.data.map((r: { user: { name: string } }) => r.user.name)).toEqual([`${tag} Dede`]);
    expect((await list(admin.token, `&quizId=${g.quiz.id}&status=graded`)).body.data.map((r: { id: number }) => r.id)).toEqual([subs[2]]);
    expect((await list(admin.token, `&quizId=${g.quiz.id}&status=ungraded`)).body.pagination.total).toBe(2);
    const page2 = await list(admin.token, "&sortBy=student&limit=3&page=2");
    expect(page2.body.data.map((r: { user: { name: string } }) => r.user.name)).toEqual([`${tag} Dede`]);
    expect(page2.body.pagination).toEqual({ total: 4, page: 2, limit: 3 });
    expect((await list(admin.token, "&sortBy=teacher")).status).toBe(400);
    expect((await list(admin.token, "&courseId=0x1")).status).toBe(400);
    const student = await signedIn(db(), { role: "student" });
    expect((await list(student.token, "")).status).toBe(403);
  });

  it("edits a grade's score and deletes a grade with its record, keeping the student's other records right, audited", async () => {
    const g = await gradingQuiz(db(), { maxAttempts: null });
    const s = await signedIn(db(), { role: "student" });
    const first = (await submitAnswers(t.app, s.token, g.quiz.id, [{ questionId: g.ids.k1, answer: "x" }])).submission.id;
    const second = (await submitAnswers(t.app, s.token, g.quiz.id, [{ questionId: g.ids.k1, answer: "y" }])).submission.id;
    const edit = await call(t.app, { method: "PUT", url: `/api/submissions/${second}`, token: g.teacher.token, payload: { score: 88.25 } });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ score: 88.25, graded: true, passed: true, isPersonalBest: true, gradedBy: "final" });
    expect((await auditOf(db(), "submission", second))[0]).toMatchObject({ action: "update", before: { score: 0 }, after: { score: 88.25 } });
    expect((await call(t.app, { method: "PUT", url: `/api/submissions/${second}`, token: g.teacher.token, payload: { score: "lots" } })).status).toBe(400);
    const other = await signedIn(db(), { role: "teacher" });
    expect((await call(t.app, { method: "PUT", url: `/api/submissions/${second}`, token: other.token, payload: { score: 1 } })).status).toBe(403);
    expect((await call(t.app, { method: "DELETE", url: `/api/submissions/${first}`, token: other.token })).status).toBe(403);

    // Deleting the first grade: its record goes, and the second is now the student's first score (a personal best).
    await call(t.app, { method: "PUT", url: `/api/submissions/${second}`, token: g.teacher.token, payload: { score: 20 } });
    expect((await recordsOf(db(), s.user.id, g.quiz.id)).map((r) => r.isPersonalBest)).toEqual([true, false]);
    const del = await call(t.app, { method: "DELETE", url: `/api/submissions/${first}`, token: g.teacher.token });
    expect(del).toMatchObject({ status: 200, body: { ok: true } });
    const left = await recordsOf(db(), s.user.id, g.quiz.id);
    expect(left.map((r) => [r.submissionId, r.score, r.isPersonalBest])).toEqual([[second, 20, true]]);
    expect((await auditOf(db(), "submission", first))[0]).toMatchObject({ action: "delete", before: { score: 50, userId: s.user.id } });
    expect((await call(t.app, { method: "DELETE", url: `/api/submissions/${first}`, token: g.teacher.token })).status).toBe(404);
  });
});
