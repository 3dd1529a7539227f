import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLogs, quizzes } from "../../db/schema";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, buildQuiz, signedIn } from "../../../test/factories";
import { form } from "../../../test/uploads";

/** Issue 24 §3, decision 040: a draft is invisible to students until its teacher publishes it. */

const t = useTestApp();

const db = () => t.database.db;
const HOUR = 3600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs);

async function teacherWithCourse() {
  const teacher = await signedIn(db(), { role: "teacher" });
  const course = await buildCourse(db(), { teacherId: teacher.user.id });
  return { ...teacher, course };
}

const questionsJson = [{ text: "2 + 2 = ?", options: ["3", "4"], answer: "4" }];
const get = (token: string, url: string) => call(t.app, { method: "GET", url, token });
const post = (token: string | undefined, url: string, payload?: object) => call(t.app, { method: "POST", url, token, payload: payload as never });
const ids = (r: { body: { data: { id: number }[] } }) => r.body.data.map((q) => q.id);
const auditOf = (id: number, action: string) =>
  db()
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entityType, "quiz"), eq(auditLogs.entityId, String(id)), eq(auditLogs.action, action)));

/** A level of its own per test, so counts are exact. */
let levelTurn = 0;
const LEVELS = ["jhs1", "jhs2", "jhs3"] as const;

describe("creating a quiz as a draft", () => {
  it("publishes a quiz created without status (the spec's API) and keeps a draft when asked", async () => {
    const teacher = await teacherWithCourse();
    const base = { title: "Fractions", courseId: teacher.course.id, studentType: "jhs1", questions: JSON.stringify(questionsJson) };
    const plain = await post(teacher.token, "/api/quizzes", form(base));
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ publication: "published", showScore: "after_attempt", status: "active" });
    const draft = await post(teacher.token, "/api/quizzes", form({ ...base, status: "draft" }));
    expect(draft.status).toBe(201);
    expect(draft.body.publication).toBe("draft");
    // The upload screen's JSON route takes it too.
    const fromQuestions = await post(teacher.token, "/api/quizzes/from-questions", {
      title: "From the bank",
      courseId: teacher.course.id,
      studentType: "jhs1",
      questions: questionsJson,
      status: "draft",
    });
    expect(fromQuestions.status).toBe(201);
    expect((await get(teacher.token, `/api/quizzes/${fromQuestions.body.id}`)).body.publication).toBe("draft");
    const fromQuestionsPlain = await post(teacher.token, "/api/quizzes/from-questions", {
      title: "From the bank",
      courseId: teacher.course.id,
      studentType: "jhs1",
      questions: questionsJson,
    });
    expect((await get(teacher.token, `/api/quizzes/${fromQuestionsPlain.body.id}`)).body.publication).toBe("published");
  });

  it("refuses a status that is neither draft nor published with 400", async () => {
    const teacher = await teacherWithCourse();
    const r = await post(teacher.token, "/api/quizzes/from-questions", {
      title: "X",
      courseId: teacher.course.id,
      studentType: "jhs1",
      questions: questionsJson,
      status: "hidden",
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toContain("status must be draft or published");
  });

  it("keeps the publication when PUT /quizzes/{id} leaves status out", async () => {
    const teacher = await teacherWithCourse();
    const { quiz } = await buildQuiz(db(), { courseId: teacher.course.id, teacherId: teacher.user.id, status: "draft" });
    const r = await call(t.app, {
      method: "PUT",
      url: `/api/quizzes/${quiz.id}`,
      token: teacher.token,
      payload: { title: "Renamed", courseId: teacher.course.id, studentType: "jhs1" },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ title: "Renamed", publication: "draft" });
  });
});

describe("students never see drafts", () => {
  it("leaves drafts out of a student's list, its total, the detail, the attempt counter and the start, while staff see them marked", async () => {
    const level = LEVELS[levelTurn++ % 3];
    const teacher = await teacherWithCourse();
    const student = await signedIn(db(), { role: "student", studentType: level });
    const admin = await signedIn(db(), { role: "admin" });
    const published = (await buildQuiz(db(), { courseId: teacher.course.id, teacherId: teacher.user.id, studentType: level })).quiz;
    const draft = (await buildQuiz(db(), { courseId: teacher.course.id, teacherId: teacher.user.id, studentType: level, status: "draft" })).quiz;

    const list = await get(student.token, "/api/quizzes?limit=100");
    expect(list.status).toBe(200);
    expect(ids(list)).toContain(published.id);
    expect(ids(list)).not.toContain(draft.id);
    expect(list.body.data.every((q: { publication: string }) => q.publication === "published")).toBe(true);
    // The total counts what the student may see (the level's kept count less its drafts).
    const [{ n }] = await db()
      .select({ n: quizzes.id })
      .from(quizzes)
      .where(and(eq(quizzes.studentType, level), eq(quizzes.status, "published")))
      .then((rows) => [{ n: rows.length }]);
    expect(list.body.meta.total).toBe(n);
    // Filtered lists (a course, a time status) leave it out too.
    expect(ids(await get(student.token, `/api/quizzes?courseId=${teacher.course.id}`))).toEqual([published.id]);
    expect(ids(await get(student.token, `/api/quizzes?status=active&limit=100`))).not.toContain(draft.id);

    expect((await get(student.token, `/api/quizzes/${draft.id}`)).status).toBe(404);
    expect((await get(student.token, `/api/submissions/quiz/${draft.id}/attempts`)).status).toBe(404);
    const start = await post(student.token, `/api/quizzes/${draft.id}/attempts`);
    expect(start.status).toBe(404);
    expect((await get(student.token, `/api/quizzes/${draft.id}/pdf`)).status).toBe(404);

    // Staff: listed, readable, marked, and they may try it (a preview).
    const staffList = await get(teacher.token, "/api/quizzes?limit=100");
    expect(staffList.body.data.find((q: { id: number }) => q.id === draft.id)?.publication).toBe("draft");
    expect((await get(admin.token, `/api/quizzes/${draft.id}`)).body.publication).toBe("draft");
    expect((await post(teacher.token, `/api/quizzes/${draft.id}/attempts`)).status).toBe(201);
  });

  it("counts only published quizzes on the student home", async () => {
    const level = LEVELS[levelTurn++ % 3];
    const student = await signedIn(db(), { role: "student", studentType: level });
    const before = (await get(student.token, "/api/students/me/summary")).body.totalQuizzes;
    await buildQuiz(db(), { studentType: level, status: "draft" });
    await buildQuiz(db(), { studentType: level, status: "draft" });
    const after = await get(student.token, "/api/students/me/summary");
    expect(after.status).toBe(200);
    expect(after.body.totalQuizzes).toBe(before);
    await buildQuiz(db(), { studentType: level });
    expect((await get(student.token, "/api/students/me/summary")).body.totalQuizzes).toBe(before + 1);
  });

  it("leaves a draft's window off the student's calendar and calendar feed, and marks it on the teacher's", async () => {
    const level = LEVELS[levelTurn++ % 3];
    const teacher = await teacherWithCourse();
    const student = await signedIn(db(), { role: "student", studentType: level });
    const window = { openTime: at(HOUR), closeTime: at(3 * HOUR) };
    const draft = (await buildQuiz(db(), { courseId: teacher.course.id, teacherId: teacher.user.id, studentType: level, status: "draft", ...window })).quiz;
    const published = (await buildQuiz(db(), { courseId: teacher.course.id, teacherId: teacher.user.id, studentType: level, ...window })).quiz;
    const range = `from=${encodeURIComponent(at(-HOUR).toISOString())}&to=${encodeURIComponent(at(24 * HOUR).toISOString())}`;

    const mine = await get(student.token, `/api/schedules?${range}`);
    expect(mine.status).toBe(200);
    const quizIds = mine.body.data.map((o: { quizId: number | null }) => o.quizId);
    expect(quizIds).toContain(published.id);
    expect(quizIds).not.toContain(draft.id);

    const staff = await get(teacher.token, `/api/schedules?${range}`);
    const drafted = staff.body.data.find((o: { quizId: number | null }) => o.quizId === draft.id);
    expect(drafted.title).toBe(`Quiz: ${draft.title} (draft)`);

    const made = await post(student.token, "/api/schedules/feed-token");
    const path = new URL(made.body.url).pathname;
    const feed = await call(t.app, { method: "GET", url: path });
    expect(feed.status).toBe(200);
    expect(feed.raw).toContain(`quiz-${published.id}-window@`);
    expect(feed.raw).not.toContain(`quiz-${draft.id}-`);
  });

  it("leaves drafts out of the teacher home's active quizzes and deadlines, but counts them among the teacher's quizzes", async () => {
    const teacher = await teacherWithCourse();
    const home = () => get(teacher.token, "/api/teachers/me/home");
    const before = (await home()).body;
    const draft = (await buildQuiz(db(), { courseId: teacher.course.id, teacherId: teacher.user.id, status: "draft", closeTime: at(HOUR) })).quiz;
    const after = await home();
    expect(after.status).toBe(200);
    expect(after.body.stats.totalQuizzes).toBe(before.stats.totalQuizzes + 1);
    expect(after.body.stats.activeQuizzes).toBe(before.stats.activeQuizzes);
    expect(after.body.deadlines.map((d: { quizId: number }) => d.quizId)).not.toContain(draft.id);
  });
});

describe("POST /api/quizzes/{id}/publish and /unpublish", () => {
  it("publishes a draft for the quiz's teacher: students then see it, and it is audited", async () => {
    const level = LEVELS[levelTurn++ % 3];
    const teacher = await teacherWithCourse();
    const student = await signedIn(db(), { role: "student", studentType: level });
    const draft = (await buildQuiz(db(), { courseId: teacher.course.id, teacherId: teacher.user.id, studentType: level, status: "draft" })).quiz;
    expect((await get(student.token, `/api/quizzes/${draft.id}`)).status).toBe(404);

    const r = await post(teacher.token, `/api/quizzes/${draft.id}/publish`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: draft.id, publication: "published" });
    expect(r.body.questions).toHaveLength(3);
    const audit = await auditOf(draft.id, "publish");
    expect(audit).toHaveLength(1);
    expect(audit[0].userId).toBe(teacher.user.id);

    expect((await get(student.token, `/api/quizzes/${draft.id}`)).status).toBe(200);
    expect(ids(await get(student.token, "/api/quizzes?limit=100"))).toContain(draft.id);
    // Publishing again changes nothing and records nothing more.
    expect((await post(teacher.token, `/api/quizzes/${draft.id}/publish`)).status).toBe(200);
    expect(await auditOf(draft.id, "publish")).toHaveLength(1);
  });

  it("lets an admin unpublish a quiz nobody has started, hiding it again (audited)", async () => {
    const level = LEVELS[levelTurn++ % 3];
    const admin = await signedIn(db(), { role: "admin" });
    const student = await signedIn(db(), { role: "student", studentType: level });
    const { quiz } = await buildQuiz(db(), { studentType: level });
    expect((await get(student.token, `/api/quizzes/${quiz.id}`)).status).toBe(200);
    const r = await post(admin.token, `/api/quizzes/${quiz.id}/unpublish`);
    expect(r.status).toBe(200);
    expect(r.body.publication).toBe("draft");
    expect(await auditOf(quiz.id, "unpublish")).toHaveLength(1);
    expect((await get(student.token, `/api/quizzes/${quiz.id}`)).status).toBe(404);
  });

  it("refuses to unpublish a quiz a student has started (409), while a staff try-out does not count", async () => {
    const level = LEVELS[levelTurn++ % 3];
    const teacher = await teacherWithCourse();
    const student = await signedIn(db(), { role: "student", studentType: level });
    const { quiz } = await buildQuiz(db(), { courseId: teacher.course.id, teacherId: teacher.user.id, studentType: level });
    expect((await post(teacher.token, `/api/quizzes/${quiz.id}/attempts`)).status).toBe(201);
    expect((await post(teacher.token, `/api/quizzes/${quiz.id}/unpublish`)).status).toBe(200);
    expect((await post(teacher.token, `/api/quizzes/${quiz.id}/publish`)).status).toBe(200);
    expect((await post(student.token, `/api/quizzes/${quiz.id}/attempts`)).status).toBe(201);
    const r = await post(teacher.token, `/api/quizzes/${quiz.id}/unpublish`);
    expect(r.status).toBe(409);
    expect(r.body).toEqual({ error: "Students have already started this quiz" });
    expect((await get(teacher.token, `/api/quizzes/${quiz.id}`)).body.publication).toBe("published");
  });

  it("applies the same guard to PUT /quizzes/{id} with status draft, and records the change in the update's audit", async () => {
    const level = LEVELS[levelTurn++ % 3];
    const teacher = await teacherWithCourse();
    const student = await signedIn(db(), { role: "student", studentType: level });
    const fields = { title: "Edited", courseId: teacher.course.id, studentType: level, status: "draft" };
    const put = (id: number) => call(t.app, { method: "PUT", url: `/api/quizzes/${id}`, token: teacher.token, payload: fields });

    const untouched = (await buildQuiz(db(), { courseId: teacher.course.id, teacherId: teacher.user.id, studentType: level })).quiz;
    const back = await put(untouched.id);
    expect(back.status).toBe(200);
    expect(back.body.publication).toBe("draft");
    const [update] = await auditOf(untouched.id, "update");
    expect(update.before).toMatchObject({ publication: "published" });
    expect(update.after).toMatchObject({ publication: "draft" });

    const started = (await buildQuiz(db(), { courseId: teacher.course.id, teacherId: teacher.user.id, studentType: level })).quiz;
    expect((await post(student.token, `/api/quizzes/${started.id}/attempts`)).status).toBe(201);
    const refused = await put(started.id);
    expect(refused).toMatchObject({ status: 409, body: { error: "Students have already started this quiz" } });
    const still = await get(teacher.token, `/api/quizzes/${started.id}`);
    expect(still.body).toMatchObject({ publication: "published", title: started.title });
  });

  it("refuses students (403), teachers who do not manage the quiz (404), unknown (404) and malformed ids (400), and anonymous callers (401)", async () => {
    const teacher = await teacherWithCourse();
    const other = await signedIn(db(), { role: "teacher" });
    const student = await signedIn(db(), { role: "student" });
    const { quiz } = await buildQuiz(db(), { courseId: teacher.course.id, teacherId: teacher.user.id, status: "draft" });
    for (const action of ["publish", "unpublish"]) {
      expect((await post(student.token, `/api/quizzes/${quiz.id}/${action}`)).status).toBe(403);
      expect((await post(other.token, `/api/quizzes/${quiz.id}/${action}`)).status).toBe(404);
      expect((await post(teacher.token, `/api/quizzes/999999/${action}`)).status).toBe(404);
      for (const bad of ["abc", "0", "-1", "1.5", "99999999999"]) {
        const r = await post(teacher.token, `/api/quizzes/${bad}/${action}`);
        expect(r.status, `${action} ${bad}`).toBe(400);
        expect(typeof r.body.error).toBe("string");
      }
      expect((await post(undefined, `/api/quizzes/${quiz.id}/${action}`)).status).toBe(401);
    }
    expect((await get(teacher.token, `/api/quizzes/${quiz.id}`)).body.publication).toBe("draft");
  });
});
