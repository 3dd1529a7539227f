import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createSession } from "../../auth/sessions";
import { attemptAnswers, attempts, auditLogs, files, questions, quizzes, records, submissions } from "../../db/schema";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, buildQuiz, buildUser, sampleQuestions, signedIn } from "../../../test/factories";
import { form, pdfBytes, pngBytes, QUIZ_FORM_SETTINGS } from "../../../test/uploads";

const t = useTestApp();

const db = () => t.database.db;
const DAY = 24 * 3600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs);
const auditOf = (id: number) =>
  db()
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entityType, "quiz"), eq(auditLogs.entityId, String(id))));
const PDF = { pdf: { name: "paper.pdf", bytes: pdfBytes() } };

/** The quiz form as the web sends it, valid unless overridden. */
const fields = (courseId: number, over: Record<string, unknown> = {}) => ({
  title: "Fractions test",
  courseId,
  studentType: "jhs1",
  ...QUIZ_FORM_SETTINGS,
  ...over,
});

async function teacherWithCourse() {
  const teacher = await signedIn(db(), { role: "teacher" });
  const course = await buildCourse(db(), { teacherId: teacher.user.id });
  return { ...teacher, course };
}

const createQuiz = (token: string, payload: FormData | object) => call(t.app, { method: "POST", url: "/api/quizzes", token, payload: payload as never });
const updateQuiz = (token: string, id: number, payload: FormData | object) =>
  call(t.app, { method: "PUT", url: `/api/quizzes/${id}`, token, payload: payload as never });
const getQuiz = (token: string, id: number) => call(t.app, { method: "GET", url: `/api/quizzes/${id}`, token });
const list = (token: string, query = "") => call(t.app, { method: "GET", url: `/api/quizzes${query}`, token });
const ids = (r: { body: { data: { id: number }[] } }) => r.body.data.map((q) => q.id);

/** Recursively true when any object in the JSON has an `answer` key. */
function hasAnswerKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasAnswerKey);
  if (value && typeof value === "object") return Object.entries(value).some(([k, v]) => k === "answer" || hasAnswerKey(v));
  return false;
}

describe("POST /api/quizzes", () => {
  it("creates a quiz for a course the teacher teaches, with the form's defaults, and audits it", async () => {
    const teacher = await teacherWithCourse();
    const r = await createQuiz(
      teacher.token,
      form({ title: "Fractions test", courseId: teacher.course.id, studentType: "jhs2", timeLimit: "", maxAttempts: "" }, PDF),
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      title: "Fractions test",
      courseId: teacher.course.id,
      course: { id: teacher.course.id, title: teacher.course.title, teacherId: teacher.user.id },
      teacherId: teacher.user.id,
      studentType: "jhs2",
      openTime: null,
      closeTime: null,
      timeLimit: null,
      maxAttempts: null,
      questionsPerPage: 10,
      resetTimerOnAttempt: true,
      passingScore: 50,
      timedSections: [],
      pdf: { name: "paper.pdf", size: pdfBytes().length },
      questionCount: 0,
      questions: [],
      status: "active",
    });
    const audit = await auditOf(r.body.id);
    expect(audit.map((a) => a.action)).toEqual(["create"]);
    expect(audit[0].after).toMatchObject({ title: "Fractions test", studentType: "jhs2" });
  });

  it("stores every setting, timed sections and questions sent with the form", async () => {
    const teacher = await teacherWithCourse();
    const open = at(DAY).toISOString();
    const close = at(2 * DAY).toISOString();
    const sections = [
      { name: "Section A", startIndex: 0, endIndex: 4, timeLimit: 5 },
      { name: "Section B", startIndex: 5, endIndex: 9, timeLimit: 5 },
    ];
    const r = await createQuiz(
      teacher.token,
      form(
        fields(teacher.course.id, {
          openTime: open,
          closeTime: close,
          timeLimit: "600",
          maxAttempts: "10",
          questionsPerPage: "50",
          resetTimerOnAttempt: "false",
          passingScore: "65.5",
          timedSections: sections,
          questions: sampleQuestions(10),
        }),
        PDF,
      ),
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      openTime: open,
      closeTime: close,
      timeLimit: 600,
      maxAttempts: 10,
      questionsPerPage: 50,
      resetTimerOnAttempt: false,
      passingScore: 65.5,
      status: "upcoming",
      questionCount: 10,
    });
    expect(r.body.timedSections).toEqual(sections);
    expect(r.body.questions[3]).toMatchObject({
      position: 3,
      text: sampleQuestions(10)[3].text,
      answer: sampleQuestions(10)[3].answer,
      options: sampleQuestions(10)[3].options,
    });
  });

  it("lets an admin create a quiz in any course; the quiz belongs to the course's teacher", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const course = await buildCourse(db());
    const r = await createQuiz(admin.token, form(fields(course.id), PDF));
    expect(r.status).toBe(201);
    expect(r.body.teacherId).toBe(course.teacherId);
  });

  it("answers every rule of the quiz form with the spec's message", async () => {
    const teacher = await teacherWithCourse();
    const c = teacher.course.id;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "" }, "Title is required"],
      [{ title: "   " }, "Title is required"],
      [{ title: undefined }, "Title is required"],
      [{ title: "x".repeat(201) }, "Title must be at most 200 characters"],
      [{ courseId: "" }, "Course selection is required"],
      [{ courseId: undefined }, "Course selection is required"],
      [{ courseId: "maths" }, "Course selection is required"],
      [{ studentType: "" }, "Student type is required"],
      [{ studentType: undefined }, "Student type is required"],
      [{ studentType: "shs1" }, "Student type must be jhs1, jhs2 or jhs3"],
      [{ openTime: "2026-05-02T10:00:00Z", closeTime: "2026-05-02T09:00:00Z" }, "Close time must be after open time"],
      [{ openTime: "2026-05-02T10:00:00Z", closeTime: "2026-05-02T10:00:00Z" }, "Close time must be after open time"],
      [{ openTime: "next week" }, "Open time is not a valid date"],
      [{ closeTime: "soon" }, "Close time is not a valid date"],
      [{ timeLimit: "0" }, "Time limit must be between 1 and 600 minutes"],
      [{ timeLimit: "601" }, "Time limit must be between 1 and 600 minutes"],
      [{ timeLimit: "1.5" }, "Time limit must be between 1 and 600 minutes"],
      [{ timeLimit: "ten" }, "Time limit must be between 1 and 600 minutes"],
      [{ maxAttempts: "0" }, "Max attempts must be between 1 and 10"],
      [{ maxAttempts: "11" }, "Max attempts must be between 1 and 10"],
      [{ questionsPerPage: "0" }, "Questions per page must be between 1 and 50"],
      [{ questionsPerPage: "51" }, "Questions per page must be between 1 and 50"],
      [{ passingScore: "101" }, "Passing score must be between 0 and 100"],
      [{ resetTimerOnAttempt: "maybe" }, "Reset timer on attempt must be true or false"],
      [{ timedSections: "not json" }, "Timed sections must be a list of sections"],
      [{ timedSections: [{ name: "", startIndex: 0, endIndex: 1, timeLimit: 5 }] }, "Section 1: Section name is required"],
      [{ timedSections: [{ name: "A", startIndex: 0, endIndex: 1, timeLimit: 0 }] }, "Section 1: Section time limit must be between 1 and 600 minutes"],
      [{ timedSections: [{ name: "A", startIndex: 0, endIndex: 1, timeLimit: 601 }] }, "Section 1: Section time limit must be between 1 and 600 minutes"],
      [
        { timedSections: [{ name: "A", startIndex: -1, endIndex: 1, timeLimit: 5 }] },
        "Section 1: Section start and end must be question positions (0 or more)",
      ],
      [{ timedSections: [{ name: "A", startIndex: 3, endIndex: 1, timeLimit: 5 }] }, "Section 1: A section cannot end before it starts"],
      [
        {
          timedSections: [
            { name: "A", startIndex: 0, endIndex: 4, timeLimit: 5 },
            { name: "B", startIndex: 4, endIndex: 9, timeLimit: 5 },
          ],
        },
        "Section 2: Timed sections must be in order and must not overlap",
      ],
      [
        {
          timedSections: [
            { name: "B", startIndex: 5, endIndex: 9, timeLimit: 5 },
            { name: "A", startIndex: 0, endIndex: 4, timeLimit: 5 },
          ],
        },
        "Section 2: Timed sections must be in order and must not overlap",
      ],
      [
        { questions: sampleQuestions(3), timedSections: [{ name: "Section A", startIndex: 0, endIndex: 3, timeLimit: 5 }] },
        'Section "Section A" goes past the last question (the quiz has 3 questions)',
      ],
      [{ questions: [{ text: "Only one option", options: ["A"], answer: "A" }] }, "Question 1: A question needs 2 to 5 options"],
    ];
    for (const [over, message] of cases) {
      const r = await createQuiz(teacher.token, form(fields(c, over), PDF));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.error, JSON.stringify(over)).toBe(message);
    }
    // The limits themselves are allowed.
    for (const over of [
      { timeLimit: "1", maxAttempts: "1", questionsPerPage: "1", passingScore: "0" },
      { timeLimit: "600", maxAttempts: "10", questionsPerPage: "50", passingScore: "100" },
    ]) {
      expect((await createQuiz(teacher.token, form(fields(c, over), PDF))).status).toBe(201);
    }
  });

  it("needs a PDF or at least one question on create; a PDF is judged by its content, at most 10 MB", async () => {
    const teacher = await teacherWithCourse();
    const none = await createQuiz(teacher.token, form(fields(teacher.course.id)));
    expect(none.status).toBe(400);
    expect(none.body.error).toBe("Add questions or attach the question paper (PDF)");
    const emptyList = await createQuiz(teacher.token, form(fields(teacher.course.id, { questions: "[]" })));
    expect(emptyList.status).toBe(400);
    expect(emptyList.body.error).toBe("Add questions or attach the question paper (PDF)");
    const png = await createQuiz(teacher.token, form(fields(teacher.course.id), { pdf: { name: "scan.pdf", bytes: pngBytes(), type: "application/pdf" } }));
    expect(png.status).toBe(415);
    expect(png.body.error).toBe("The quiz file must be a PDF file");
    const big = await createQuiz(teacher.token, form(fields(teacher.course.id), { pdf: { name: "big.pdf", bytes: pdfBytes(10 * 1024 * 1024) } }));
    expect(big.status).toBe(413);
    expect(big.body.error).toBe("File is too large (10 MB at most)");
    const quizzesOfCourse = await db().select().from(quizzes).where(eq(quizzes.courseId, teacher.course.id));
    expect(quizzesOfCourse).toHaveLength(0);
  });

  it("creates a quiz from typed-in questions without a PDF", async () => {
    const teacher = await teacherWithCourse();
    const r = await createQuiz(teacher.token, form(fields(teacher.course.id, { questions: JSON.stringify(sampleQuestions(2)) })));
    expect(r.status).toBe(201);
    expect(r.body.pdf).toBeNull();
    expect(r.body.questionCount).toBe(2);
    expect(r.body.questions.map((q: { text: string }) => q.text)).toEqual(sampleQuestions(2).map((q) => q.text));
  });

  it("refuses a form field over the multipart limit with 413 rather than cutting it", async () => {
    const teacher = await teacherWithCourse();
    const r = await createQuiz(teacher.token, form(fields(teacher.course.id, { title: "x".repeat(1024 * 1024 + 10) }), PDF));
    expect(r.status).toBe(413);
    expect(r.body.error).toBe('The form field "title" is too large');
  });

  it("refuses a teacher with no course with the spec's hint", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    const course = await buildCourse(db());
    const r = await createQuiz(teacher.token, form(fields(course.id), PDF));
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("You are not assigned to any course. Please contact your administrator.");
  });

  it("refuses a course the teacher does not teach, and an unknown course", async () => {
    const teacher = await teacherWithCourse();
    const other = await buildCourse(db());
    const r = await createQuiz(teacher.token, form(fields(other.id), PDF));
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("You can only add quizzes to courses you teach");
    const unknown = await createQuiz(teacher.token, form(fields(999999), PDF));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("The selected course does not exist");
  });

  it("refuses students and anonymous callers", async () => {
    const course = await buildCourse(db());
    const student = await signedIn(db());
    expect((await createQuiz(student.token, form(fields(course.id), PDF))).status).toBe(403);
    expect((await call(t.app, { method: "POST", url: "/api/quizzes", payload: form(fields(course.id), PDF) as never })).status).toBe(401);
  });
});

describe("GET /api/quizzes", () => {
  it("gives a student only quizzes of their own level, newest first, with their attempt info", async () => {
    const course = await buildCourse(db());
    const a = await buildQuiz(db(), { courseId: course.id, studentType: "jhs2", maxAttempts: 2 });
    const b = await buildQuiz(db(), { courseId: course.id, studentType: "jhs2" });
    const other = await buildQuiz(db(), { courseId: course.id, studentType: "jhs3" });
    const student = await signedIn(db(), { studentType: "jhs2" });
    await db()
      .insert(attempts)
      .values([
        { quizId: a.quiz.id, userId: student.user.id, attemptNumber: 1, status: "submitted" },
        { quizId: a.quiz.id, userId: student.user.id, attemptNumber: 2, status: "submitted" },
      ]);
    await db().insert(submissions).values({ quizId: a.quiz.id, userId: student.user.id, correct: 1, total: 3, score: 33.33 });
    const r = await list(student.token, `?courseId=${course.id}`);
    expect(r.status).toBe(200);
    expect(ids(r)).toEqual([b.quiz.id, a.quiz.id]);
    expect(ids(r)).not.toContain(other.quiz.id);
    expect(r.body.meta).toEqual({ total: 2, page: 1, limit: 12 });
    const [itemB, itemA] = r.body.data;
    expect(itemA.attemptInfo).toEqual({ canAttempt: false, currentAttempts: 2, maxAttempts: 2, inProgress: null, bestScore: 33.33 });
    expect(itemA.hasSubmission).toBe(true);
    expect(itemB.attemptInfo).toEqual({ canAttempt: true, currentAttempts: 0, maxAttempts: null, inProgress: null, bestScore: null });
    expect(itemB.hasSubmission).toBe(false);
    expect(itemA).not.toHaveProperty("questions");
    expect(itemA.questionCount).toBe(3);
    expect(hasAnswerKey(r.body)).toBe(false);
  });

  it("orders a student's list in SQL: in progress, open closing soonest, upcoming opening soonest, then closed; pages follow it", async () => {
    const course = await buildCourse(db());
    const mk = (over: object) => buildQuiz(db(), { courseId: course.id, studentType: "jhs2", ...over }).then((b) => b.quiz);
    const closedLongAgo = await mk({ closeTime: at(-5 * DAY) });
    const openNeverCloses = await mk({});
    const upcomingLater = await mk({ openTime: at(5 * DAY) });
    const openClosingLater = await mk({ closeTime: at(3 * DAY) });
    const closedRecently = await mk({ closeTime: at(-DAY) });
    const upcomingSoon = await mk({ openTime: at(DAY) });
    const openClosingSoon = await mk({ closeTime: at(DAY) });
    const inProgress = await mk({ closeTime: at(4 * DAY), timeLimit: 30 });
    const student = await signedIn(db(), { studentType: "jhs2" });
    const started = await call(t.app, { method: "POST", url: `/api/quizzes/${inProgress.id}/attempts`, token: student.token });
    expect(started.status).toBe(201);
    const expected = [inProgress, openClosingSoon, openClosingLater, openNeverCloses, upcomingSoon, upcomingLater, closedRecently, closedLongAgo].map(
      (q) => q.id,
    );
    const all = await list(student.token, `?courseId=${course.id}`);
    expect(ids(all)).toEqual(expected);
    expect(all.body.data[0].attemptInfo).toMatchObject({ currentAttempts: 1, inProgress: { attemptNumber: 1, deadline: started.body.deadline } });
    expect(all.body.data[1].attemptInfo.inProgress).toBeNull();
    expect(Math.abs(Date.parse(all.body.serverNow) - Date.now())).toBeLessThan(60_000);
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(...ids(await list(student.token, `?courseId=${course.id}&limit=3&page=${page}`)));
    expect(pages).toEqual(expected);
  });

  it("never shows a student another level, whatever the filters say", async () => {
    const course = await buildCourse(db());
    await buildQuiz(db(), { courseId: course.id, studentType: "jhs3" });
    const student = await signedIn(db(), { studentType: "jhs1" });
    const r = await list(student.token, `?courseId=${course.id}&studentType=jhs3`);
    expect(r.body.data).toEqual([]);
    expect(r.body.meta.total).toBe(0);
  });

  it("gives a teacher the quizzes they made or whose course they teach, never another teacher's", async () => {
    const teacher = await teacherWithCourse();
    const mineByCourse = await buildQuiz(db(), { courseId: teacher.course.id, teacherId: null });
    const otherCourse = await buildCourse(db());
    const mineByAuthor = await buildQuiz(db(), { courseId: otherCourse.id, teacherId: teacher.user.id });
    const notMine = await buildQuiz(db(), { courseId: otherCourse.id });
    const r = await list(teacher.token, "?limit=100");
    expect(ids(r).sort()).toEqual([mineByCourse.quiz.id, mineByAuthor.quiz.id].sort());
    expect(ids(r)).not.toContain(notMine.quiz.id);
    expect(r.body.meta.total).toBe(2);
    expect(r.body.data[0].attemptInfo).toBeNull();
    expect(r.body.data[0].hasSubmission).toBeNull();
  });

  it("gives an admin every quiz, filtered by course, level and status in SQL", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const course = await buildCourse(db());
    const upcoming = await buildQuiz(db(), { courseId: course.id, openTime: at(DAY), studentType: "jhs1" });
    const active = await buildQuiz(db(), { courseId: course.id, openTime: at(-DAY), closeTime: at(DAY), studentType: "jhs2" });
    const closed = await buildQuiz(db(), { courseId: course.id, closeTime: at(-DAY), studentType: "jhs3" });
    const always = await buildQuiz(db(), { courseId: course.id, studentType: "jhs1" });
    const all = await list(admin.token, `?courseId=${course.id}`);
    expect(ids(all)).toEqual([always.quiz.id, closed.quiz.id, active.quiz.id, upcoming.quiz.id]);
    expect(all.body.data.map((q: { status: string }) => q.status)).toEqual(["active", "closed", "active", "upcoming"]);
    expect(ids(await list(admin.token, `?courseId=${course.id}&status=upcoming`))).toEqual([upcoming.quiz.id]);
    expect(ids(await list(admin.token, `?courseId=${course.id}&status=active`))).toEqual([always.quiz.id, active.quiz.id]);
    expect(ids(await list(admin.token, `?courseId=${course.id}&status=closed`))).toEqual([closed.quiz.id]);
    expect(ids(await list(admin.token, `?courseId=${course.id}&studentType=jhs1`))).toEqual([always.quiz.id, upcoming.quiz.id]);
  });

  it("paginates with meta.total and refuses bad parameters", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const course = await buildCourse(db());
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await buildQuiz(db(), { courseId: course.id, questions: [] })).quiz.id);
    const p2 = await list(admin.token, `?courseId=${course.id}&limit=2&page=2`);
    expect(ids(p2)).toEqual([made[2], made[1]]);
    expect(p2.body.meta).toEqual({ total: 5, page: 2, limit: 2 });
    const past = await list(admin.token, `?courseId=${course.id}&limit=2&page=9`);
    expect(past.body).toEqual({ data: [], meta: { total: 5, page: 9, limit: 2 }, serverNow: expect.any(String) });
    const student = await signedIn(db(), { studentType: "jhs3" });
    const pastAsStudent = await list(student.token, `?courseId=${course.id}&limit=2&page=9`);
    expect(pastAsStudent.body).toEqual({ data: [], meta: { total: 0, page: 9, limit: 2 }, serverNow: expect.any(String) });
    // The separate count past the last page applies the same scope and filters as the page query.
    const teacher = await createSession(db(), course.teacherId!, 3600_000);
    expect((await list(teacher.token, `?courseId=${course.id}&limit=2&page=9`)).body.meta.total).toBe(5);
    expect((await list(admin.token, `?courseId=${course.id}&status=active&limit=2&page=9`)).body.meta.total).toBe(5);
    expect((await list(admin.token, `?courseId=${course.id}&status=closed&limit=2&page=9`)).body.meta.total).toBe(0);
    expect((await list(admin.token, "?limit=101")).body.error).toBe("limit must be between 1 and 100");
    expect((await list(admin.token, "?status=soon")).body.error).toBe("status must be upcoming, active or closed");
    expect((await list(admin.token, "?courseId=x")).status).toBe(400);
  });

  it("refuses anonymous callers", async () => {
    expect((await call(t.app, { method: "GET", url: "/api/quizzes" })).status).toBe(401);
  });
});

describe("GET /api/quizzes/:id", () => {
  it("shows a student the quiz's information and never its questions, before, during or after an attempt", async () => {
    const { quiz, questions: qs } = await buildQuiz(db(), { studentType: "jhs1", maxAttempts: 3, questions: sampleQuestions(4) });
    const student = await signedIn(db(), { studentType: "jhs1" });
    const noTexts = (raw: string) => {
      for (const q of qs) {
        expect(raw).not.toContain(q.text);
        for (const o of q.options) expect(raw).not.toContain(JSON.stringify(o));
      }
      expect(raw).not.toContain('"questions"');
      expect(raw).not.toContain('"answer"');
    };
    const before = await getQuiz(student.token, quiz.id);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ questionCount: 4, status: "active", course: { title: expect.any(String) } });
    expect(before.body.attemptInfo).toEqual({ canAttempt: true, currentAttempts: 0, maxAttempts: 3, inProgress: null, bestScore: null });
    expect(Date.parse(before.body.serverNow)).not.toBeNaN();
    noTexts(before.raw);
    const started = await call(t.app, { method: "POST", url: `/api/quizzes/${quiz.id}/attempts`, token: student.token });
    expect(started.status).toBe(201);
    const during = await getQuiz(student.token, quiz.id);
    expect(during.body.attemptInfo).toMatchObject({ currentAttempts: 1, inProgress: { attemptNumber: 1, deadline: started.body.deadline } });
    noTexts(during.raw);
    await call(t.app, { method: "POST", url: `/api/attempts/${started.body.attemptId}/submit`, token: student.token, payload: { answers: [] } });
    const after = await getQuiz(student.token, quiz.id);
    expect(after.body.attemptInfo).toMatchObject({ currentAttempts: 1, inProgress: null, bestScore: 0 });
    noTexts(after.raw);
  });

  it("gives a student no questions of a quiz that has not opened yet, only how many", async () => {
    const { quiz } = await buildQuiz(db(), { studentType: "jhs1", openTime: at(3 * DAY) });
    const student = await signedIn(db(), { studentType: "jhs1" });
    const r = await getQuiz(student.token, quiz.id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: "upcoming", questionCount: 3 });
    expect(r.body).not.toHaveProperty("questions");
  });

  it("answers 404 to a student for a quiz of another level", async () => {
    const { quiz } = await buildQuiz(db(), { studentType: "jhs2" });
    const student = await signedIn(db(), { studentType: "jhs1" });
    const r = await getQuiz(student.token, quiz.id);
    expect(r.status).toBe(404);
    expect(r.body.error).toBe("Quiz not found");
  });

  it("shows staff the answers: the quiz's teacher, the course's teacher and admins; never another teacher", async () => {
    const author = await signedIn(db(), { role: "teacher" });
    const courseTeacher = await teacherWithCourse();
    const { quiz } = await buildQuiz(db(), { courseId: courseTeacher.course.id, teacherId: author.user.id });
    const admin = await signedIn(db(), { role: "admin" });
    for (const token of [author.token, courseTeacher.token, admin.token]) {
      const r = await getQuiz(token, quiz.id);
      expect(r.status).toBe(200);
      expect(r.body.questions[0].answer).toBe(sampleQuestions(3)[0].answer);
    }
    const stranger = await signedIn(db(), { role: "teacher" });
    const r = await getQuiz(stranger.token, quiz.id);
    expect(r.status).toBe(404);
    expect(r.raw).not.toContain(quiz.title);
  });

  it("answers 404 for an unknown quiz", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    expect((await getQuiz(admin.token, 999999)).status).toBe(404);
  });
});

describe("GET /api/quizzes/:id/pdf", () => {
  it("lets whoever may see the quiz download its PDF, a student only inside their running attempt, and nobody else", async () => {
    const teacher = await teacherWithCourse();
    const created = await createQuiz(
      teacher.token,
      form(fields(teacher.course.id, { studentType: "jhs3" }), { pdf: { name: "BECE 2019 Maths.pdf", bytes: pdfBytes(10) } }),
    );
    const url = `/api/quizzes/${created.body.id}/pdf`;
    const student = await signedIn(db(), { studentType: "jhs3" });
    // Open, but the paper is the questions: not before the student's clock runs (issue 25 item 4, decision 043).
    const before = await call(t.app, { method: "GET", url, token: student.token });
    expect(before.status).toBe(403);
    expect(before.body).toEqual({ error: "The question paper is given only during your attempt, or once the quiz has closed" });
    expect((await call(t.app, { method: "POST", url: `/api/quizzes/${created.body.id}/attempts`, token: student.token })).status).toBe(201);
    const ok = await call(t.app, { method: "GET", url, token: student.token });
    expect(ok.status).toBe(200);
    expect(ok.headers["content-type"]).toBe("application/pdf");
    expect(ok.headers["content-disposition"]).toContain('filename="BECE 2019 Maths.pdf"');
    expect(ok.raw.startsWith("%PDF-")).toBe(true);
    const wrongLevel = await signedIn(db(), { studentType: "jhs1" });
    expect((await call(t.app, { method: "GET", url, token: wrongLevel.token })).status).toBe(404);
    const stranger = await signedIn(db(), { role: "teacher" });
    expect((await call(t.app, { method: "GET", url, token: stranger.token })).status).toBe(404);
    expect((await call(t.app, { method: "GET", url, token: teacher.token })).status).toBe(200);
  });

  it("refuses a student the PDF of a scheduled quiz before it opens (403) and while it is open, and gives it once closed", async () => {
    const teacher = await teacherWithCourse();
    const created = await createQuiz(
      teacher.token,
      form(fields(teacher.course.id, { studentType: "jhs2", openTime: at(DAY).toISOString(), closeTime: at(2 * DAY).toISOString() }), PDF),
    );
    expect(created.status).toBe(201);
    const url = `/api/quizzes/${created.body.id}/pdf`;
    const student = await signedIn(db(), { studentType: "jhs2" });
    const early = await call(t.app, { method: "GET", url, token: student.token });
    expect(early.status).toBe(403);
    expect(early.body).toEqual({ error: "Quiz is not open yet" });
    // Staff prepare the paper before it opens.
    expect((await call(t.app, { method: "GET", url, token: teacher.token })).status).toBe(200);
    t.clock.set(at(DAY + 60_000));
    expect((await call(t.app, { method: "GET", url, token: student.token })).status).toBe(403);
    t.clock.set(at(2 * DAY + 60_000));
    expect((await call(t.app, { method: "GET", url, token: student.token })).status).toBe(200);
    t.clock.set(null);
  });

  it("answers 404 when the quiz has no PDF", async () => {
    const { quiz } = await buildQuiz(db());
    const admin = await signedIn(db(), { role: "admin" });
    const r = await call(t.app, { method: "GET", url: `/api/quizzes/${quiz.id}/pdf`, token: admin.token });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe("This quiz has no PDF");
  });
});

describe("GET /api/submissions/quiz/:id/attempts", () => {
  it("counts the calling student's attempts against the limit", async () => {
    const { quiz } = await buildQuiz(db(), { studentType: "jhs1", maxAttempts: 2 });
    const student = await signedIn(db(), { studentType: "jhs1" });
    const classmate = await buildUser(db(), { studentType: "jhs1" });
    const url = `/api/submissions/quiz/${quiz.id}/attempts`;
    expect((await call(t.app, { method: "GET", url, token: student.token })).body).toEqual({
      canAttempt: true,
      currentAttempts: 0,
      maxAttempts: 2,
      inProgress: null,
      bestScore: null,
    });
    await db()
      .insert(attempts)
      .values([
        { quizId: quiz.id, userId: student.user.id, attemptNumber: 1, status: "submitted" },
        { quizId: quiz.id, userId: classmate.id, attemptNumber: 1, status: "submitted" },
      ]);
    expect((await call(t.app, { method: "GET", url, token: student.token })).body).toEqual({
      canAttempt: true,
      currentAttempts: 1,
      maxAttempts: 2,
      inProgress: null,
      bestScore: null,
    });
    await db().insert(attempts).values({ quizId: quiz.id, userId: student.user.id, attemptNumber: 2 });
    // The attempt in progress counts as used; it is resumed, not started again.
    expect((await call(t.app, { method: "GET", url, token: student.token })).body).toEqual({
      canAttempt: false,
      currentAttempts: 2,
      maxAttempts: 2,
      inProgress: { attemptNumber: 2, deadline: null },
      bestScore: null,
    });
  });

  it("reports unlimited attempts as maxAttempts null, and 404s for another level", async () => {
    const { quiz } = await buildQuiz(db(), { studentType: "jhs1" });
    const student = await signedIn(db(), { studentType: "jhs1" });
    const r = await call(t.app, { method: "GET", url: `/api/submissions/quiz/${quiz.id}/attempts`, token: student.token });
    expect(r.body).toEqual({ canAttempt: true, currentAttempts: 0, maxAttempts: null, inProgress: null, bestScore: null });
    const other = await signedIn(db(), { studentType: "jhs2" });
    expect((await call(t.app, { method: "GET", url: `/api/submissions/quiz/${quiz.id}/attempts`, token: other.token })).status).toBe(404);
  });
});

describe("PUT /api/quizzes/:id", () => {
  it("updates the settings and replaces the PDF, and audits the change", async () => {
    const teacher = await teacherWithCourse();
    const created = await createQuiz(teacher.token, form(fields(teacher.course.id, { questions: sampleQuestions(10) }), PDF));
    const oldPdfId = (await db().select().from(quizzes).where(eq(quizzes.id, created.body.id)))[0].pdfFileId!;
    const sections = [
      { name: "Section A", startIndex: 0, endIndex: 4, timeLimit: 5 },
      { name: "Section B", startIndex: 5, endIndex: 9, timeLimit: 5 },
    ];
    const r = await updateQuiz(
      teacher.token,
      created.body.id,
      form(fields(teacher.course.id, { title: "Fractions (revised)", maxAttempts: "", timedSections: sections }), {
        pdf: { name: "v2.pdf", bytes: pdfBytes(5) },
      }),
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ title: "Fractions (revised)", maxAttempts: null, timedSections: sections, pdf: { name: "v2.pdf" }, questionCount: 10 });
    expect(await db().select().from(files).where(eq(files.id, oldPdfId))).toHaveLength(0);
    const update = (await auditOf(created.body.id)).find((a) => a.action === "update")!;
    expect(update.before).toMatchObject({ title: "Fractions test", maxAttempts: 3 });
    expect(update.after).toMatchObject({ title: "Fractions (revised)", maxAttempts: null });
    expect(JSON.stringify(update)).not.toContain('"answer"');
  });

  it("accepts JSON when the PDF does not change, and keeps the PDF", async () => {
    const teacher = await teacherWithCourse();
    const created = await createQuiz(teacher.token, form(fields(teacher.course.id), PDF));
    const r = await updateQuiz(teacher.token, created.body.id, {
      title: "Renamed",
      courseId: teacher.course.id,
      studentType: "jhs1",
      timeLimit: 45,
      maxAttempts: null,
      resetTimerOnAttempt: false,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ title: "Renamed", timeLimit: 45, maxAttempts: null, resetTimerOnAttempt: false, pdf: { name: "paper.pdf" } });
  });

  it("validates like create", async () => {
    const teacher = await teacherWithCourse();
    const { quiz } = await buildQuiz(db(), { courseId: teacher.course.id, questions: sampleQuestions(3) });
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "" }, "Title is required"],
      [{ timeLimit: "700" }, "Time limit must be between 1 and 600 minutes"],
      [{ maxAttempts: "20" }, "Max attempts must be between 1 and 10"],
      [{ openTime: "2026-01-02T00:00:00Z", closeTime: "2026-01-01T00:00:00Z" }, "Close time must be after open time"],
      [{ timedSections: [{ name: "A", startIndex: 0, endIndex: 5, timeLimit: 5 }] }, 'Section "A" goes past the last question (the quiz has 3 questions)'],
    ];
    for (const [over, message] of cases) {
      const r = await updateQuiz(teacher.token, quiz.id, form(fields(teacher.course.id, over)));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.error).toBe(message);
    }
    const png = await updateQuiz(teacher.token, quiz.id, form(fields(teacher.course.id), { pdf: { name: "x.pdf", bytes: pngBytes() } }));
    expect(png.status).toBe(415);
  });

  it("refuses moving a quiz to a course the teacher does not teach", async () => {
    const teacher = await teacherWithCourse();
    const { quiz } = await buildQuiz(db(), { courseId: teacher.course.id });
    const other = await buildCourse(db());
    const r = await updateQuiz(teacher.token, quiz.id, form(fields(other.id)));
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("You can only add quizzes to courses you teach");
  });

  it("answers 404 to another teacher and 403 to students", async () => {
    const { quiz } = await buildQuiz(db(), { studentType: "jhs1" });
    const stranger = await teacherWithCourse();
    expect((await updateQuiz(stranger.token, quiz.id, form(fields(quiz.courseId)))).status).toBe(404);
    const student = await signedIn(db(), { studentType: "jhs1" });
    expect((await updateQuiz(student.token, quiz.id, form(fields(quiz.courseId)))).status).toBe(403);
  });
});

describe("PUT /api/quizzes/:id/questions", () => {
  const putQuestions = (token: string, id: number, payload: object) => call(t.app, { method: "PUT", url: `/api/quizzes/${id}/questions`, token, payload });

  it("replaces the questions in order, keeping the ones sent with their id (and students' saved answers)", async () => {
    const teacher = await teacherWithCourse();
    const { quiz, questions: qs } = await buildQuiz(db(), { courseId: teacher.course.id, questions: sampleQuestions(3) });
    const student = await buildUser(db());
    const [attempt] = await db().insert(attempts).values({ quizId: quiz.id, userId: student.id, attemptNumber: 1, status: "submitted" }).returning();
    await db().insert(attemptAnswers).values({ attemptId: attempt.id, questionId: qs[1].id, answer: qs[1].options[0] });
    const r = await putQuestions(teacher.token, quiz.id, {
      questions: [
        { id: qs[1].id, text: "Edited: what is 2 + 2?", options: ["4", "5", "6", "7"], answer: "4" },
        { text: "Which region is Kumasi in?", options: ["Ashanti", "Volta", "Central", "Bono"], answer: "Ashanti", section: "Section B" },
        { text: "An essay question", options: ["Yes", "No"], answer: null },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.questions.map((q: { text: string }) => q.text)).toEqual(["Edited: what is 2 + 2?", "Which region is Kumasi in?", "An essay question"]);
    expect(r.body.questions[0].id).toBe(qs[1].id);
    expect(r.body.questions.map((q: { position: number }) => q.position)).toEqual([0, 1, 2]);
    expect(r.body.questions[1].section).toBe("Section B");
    expect(r.body.questions[2].answer).toBeNull();
    expect(r.body.questionCount).toBe(3);
    expect(await db().select().from(questions).where(eq(questions.id, qs[0].id))).toHaveLength(0);
    expect(await db().select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attempt.id))).toHaveLength(1);
    expect((await auditOf(quiz.id)).map((a) => a.action)).toContain("update");
  });

  it("refuses to remove or replace questions while a student is in an attempt, and keeps their saved answers (issue 8)", async () => {
    const teacher = await teacherWithCourse();
    const { quiz, questions: qs } = await buildQuiz(db(), { courseId: teacher.course.id, questions: sampleQuestions(4) });
    const s = await signedIn(db(), { role: "student", studentType: "jhs1" });
    const a = await call(t.app, { method: "POST", url: `/api/quizzes/${quiz.id}/attempts`, token: s.token });
    expect(a.status).toBe(201);
    const answers = qs.map((q) => ({ questionId: q.id, answer: q.options[0] }));
    expect((await call(t.app, { method: "PUT", url: `/api/attempts/${a.body.attemptId}/answers`, token: s.token, payload: { answers } })).status).toBe(200);
    const TAKING = { status: 409, body: { error: "Students are taking this quiz; change the questions after their attempts end" } };
    // Without ids (a replacement), and with one question left out (a removal): both refused, on both routes.
    expect(await putQuestions(teacher.token, quiz.id, { questions: sampleQuestions(4) })).toMatchObject(TAKING);
    const kept = qs.slice(0, 3).map((q) => ({ id: q.id, text: q.text, options: q.options, answer: q.answer }));
    expect(await putQuestions(teacher.token, quiz.id, { questions: kept })).toMatchObject(TAKING);
    expect(await updateQuiz(teacher.token, quiz.id, { ...fields(teacher.course.id), questions: sampleQuestions(2) })).toMatchObject(TAKING);
    expect(await db().select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, a.body.attemptId))).toHaveLength(4);
    // Correcting a text in place is fine during the attempt.
    const all = qs.map((q) => ({ id: q.id, text: `${q.text} (corrected)`, options: q.options, answer: q.answer }));
    expect((await putQuestions(teacher.token, quiz.id, { questions: all })).status).toBe(200);
    const done = await call(t.app, { method: "POST", url: `/api/attempts/${a.body.attemptId}/submit`, token: s.token, payload: {} });
    expect(done.body).toMatchObject({ correct: 4, total: 4 });
    // Once the attempt has ended, questions may be removed.
    expect((await putQuestions(teacher.token, quiz.id, { questions: all.slice(0, 2) })).status).toBe(200);
  });

  it("re-grades submissions and records when a key is corrected, keeping every saved answer, and audits it", async () => {
    const teacher = await teacherWithCourse();
    const { quiz, questions: qs } = await buildQuiz(db(), { courseId: teacher.course.id, questions: sampleQuestions(2), maxAttempts: 2 });
    const s = await signedIn(db(), { role: "student", studentType: "jhs1" });
    const sit = async (answers: string[]) => {
      const a = await call(t.app, { method: "POST", url: `/api/quizzes/${quiz.id}/attempts`, token: s.token });
      const payload = { answers: answers.map((answer, i) => ({ questionId: qs[i].id, answer })) };
      return (await call(t.app, { method: "POST", url: `/api/attempts/${a.body.attemptId}/submit`, token: s.token, payload })).body;
    };
    // First sitting: both right by the old key (100); second: first right, second answered "5" (50).
    const one = await sit([qs[0].options[0], qs[1].options[0]]);
    const two = await sit([qs[0].options[0], qs[1].options[1]]);
    expect([one.score, two.score]).toEqual([100, 50]);
    // The second key was wrong: the right answer is the second option.
    const corrected = qs.map((q, i) => ({ id: q.id, text: q.text, options: q.options, answer: i === 1 ? q.options[1] : q.answer }));
    expect((await putQuestions(teacher.token, quiz.id, { questions: corrected })).status).toBe(200);
    const subs = await db().select().from(submissions).where(eq(submissions.quizId, quiz.id)).orderBy(submissions.id);
    expect(subs.map((x) => [x.score, x.correct])).toEqual([
      [50, 1],
      [100, 2],
    ]);
    const recs = await db().select().from(records).where(eq(records.quizId, quiz.id)).orderBy(records.id);
    expect(recs.map((r) => [r.score, r.passed, r.isPersonalBest])).toEqual([
      [50, true, true],
      [100, true, true],
    ]);
    expect(await db().select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, subs[0].attemptId!))).toHaveLength(2);
    const regrade = (await auditOf(quiz.id)).find((x) => x.action === "regrade");
    expect(regrade?.after).toMatchObject({ regraded: 2 });
    // The student's result follows the new grade.
    const again = await call(t.app, { method: "GET", url: `/api/attempts/${one.attemptId}`, token: s.token });
    expect(again.body.result).toMatchObject({ score: 50, correct: 1 });
  });

  it("updates the timed sections with the questions", async () => {
    const teacher = await teacherWithCourse();
    const { quiz } = await buildQuiz(db(), { courseId: teacher.course.id, questions: sampleQuestions(2) });
    const sections = [{ name: "Section A", startIndex: 0, endIndex: 4, timeLimit: 10 }];
    const tooShort = await putQuestions(teacher.token, quiz.id, { questions: sampleQuestions(3), timedSections: sections });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.error).toBe('Section "Section A" goes past the last question (the quiz has 3 questions)');
    const ok = await putQuestions(teacher.token, quiz.id, { questions: sampleQuestions(5), timedSections: sections });
    expect(ok.status).toBe(200);
    expect(ok.body.timedSections).toEqual(sections);
  });

  it("names the question in every validation message", async () => {
    const teacher = await teacherWithCourse();
    const { quiz } = await buildQuiz(db(), { courseId: teacher.course.id });
    const other = await buildQuiz(db());
    const good = { text: "Good question", options: ["A", "B"], answer: "A" };
    const cases: [object, string][] = [
      [{ questions: [] }, "Add at least one question"],
      [{}, "Questions must be a list"],
      [{ questions: [good, { ...good, text: " " }] }, "Question 2: Question text is required"],
      [{ questions: [{ ...good, options: ["A"] }] }, "Question 1: A question needs 2 to 5 options"],
      [{ questions: [{ ...good, options: ["A", "B", "C", "D", "E", "F"] }] }, "Question 1: A question needs 2 to 5 options"],
      [{ questions: [{ ...good, options: ["A", ""] }] }, "Question 1: Options cannot be empty"],
      [{ questions: [{ ...good, options: ["A", "A"] }] }, "Question 1: Options must all be different"],
      [{ questions: [good, good, { ...good, answer: "C" }] }, "Question 3: The answer must be one of the options"],
      [{ questions: [{ ...good, id: other.questions[0].id }] }, "Question 1: it does not belong to this quiz"],
    ];
    for (const [payload, message] of cases) {
      const r = await putQuestions(teacher.token, quiz.id, payload);
      expect(r.status, JSON.stringify(payload)).toBe(400);
      expect(r.body.error, JSON.stringify(payload)).toBe(message);
    }
  });

  it("answers 404 to another teacher and 403 to students", async () => {
    const { quiz } = await buildQuiz(db());
    const stranger = await teacherWithCourse();
    const payload = { questions: sampleQuestions(1) };
    expect((await putQuestions(stranger.token, quiz.id, payload)).status).toBe(404);
    const student = await signedIn(db());
    expect((await putQuestions(student.token, quiz.id, payload)).status).toBe(403);
    expect((await db().select().from(questions).where(eq(questions.quizId, quiz.id))).map((q) => q.text)).toEqual(sampleQuestions(3).map((q) => q.text));
  });
});

describe("POST /api/quizzes/from-questions", () => {
  const fromQuestions = (token: string, payload: object) => call(t.app, { method: "POST", url: "/api/quizzes/from-questions", token, payload });

  it("creates an always-open quiz from parsed questions and returns its id", async () => {
    const teacher = await teacherWithCourse();
    const r = await fromQuestions(teacher.token, {
      title: "BECE 2018 Science",
      courseId: teacher.course.id,
      studentType: "jhs3",
      questions: sampleQuestions(12),
    });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ id: expect.any(Number) });
    const quiz = await getQuiz(teacher.token, r.body.id);
    expect(quiz.body).toMatchObject({
      title: "BECE 2018 Science",
      studentType: "jhs3",
      teacherId: teacher.user.id,
      questionCount: 12,
      openTime: null,
      closeTime: null,
      pdf: null,
    });
    expect(quiz.body.questions[11].answer).toBe(sampleQuestions(12)[11].answer);
    expect((await auditOf(r.body.id)).map((a) => a.action)).toEqual(["create"]);
  });

  it("answers the upload screen's rules with its messages", async () => {
    const teacher = await teacherWithCourse();
    const base = { title: "Parsed quiz", courseId: teacher.course.id, studentType: "jhs1", questions: sampleQuestions(2) };
    const cases: [object, string][] = [
      [{ ...base, title: "" }, "Provide title"],
      [{ ...base, title: undefined }, "Provide title"],
      [{ ...base, studentType: "" }, "Student type is required"],
      [{ ...base, studentType: undefined }, "Student type is required"],
      [{ ...base, courseId: undefined }, "Course selection is required"],
      [{ ...base, questions: [] }, "Add at least one question"],
      [{ ...base, questions: [{ text: "Q", options: ["A", "B"], answer: "Z" }] }, "Question 1: The answer must be one of the options"],
    ];
    for (const [payload, message] of cases) {
      const r = await fromQuestions(teacher.token, payload);
      expect(r.status, JSON.stringify(payload)).toBe(400);
      expect(r.body.error, JSON.stringify(payload)).toBe(message);
    }
  });

  it("refuses a teacher without a course, another teacher's course, and students", async () => {
    const course = await buildCourse(db());
    const payload = { title: "X", courseId: course.id, studentType: "jhs1", questions: sampleQuestions(1) };
    const lonely = await signedIn(db(), { role: "teacher" });
    const r = await fromQuestions(lonely.token, payload);
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("You are not assigned to any course. Please contact your administrator.");
    const teacher = await teacherWithCourse();
    expect((await fromQuestions(teacher.token, payload)).body.error).toBe("You can only add quizzes to courses you teach");
    const student = await signedIn(db());
    expect((await fromQuestions(student.token, payload)).status).toBe(403);
  });
});

describe("DELETE /api/quizzes/:id", () => {
  it("lets the teacher delete their quiz with its questions, and audits it", async () => {
    const teacher = await teacherWithCourse();
    const created = await createQuiz(teacher.token, form(fields(teacher.course.id, { questions: sampleQuestions(2) }), PDF));
    const r = await call(t.app, { method: "DELETE", url: `/api/quizzes/${created.body.id}`, token: teacher.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true });
    expect(await db().select().from(quizzes).where(eq(quizzes.id, created.body.id))).toHaveLength(0);
    expect(await db().select().from(questions).where(eq(questions.quizId, created.body.id))).toHaveLength(0);
    expect((await auditOf(created.body.id)).map((a) => a.action).sort()).toEqual(["create", "delete"]);
    expect((await call(t.app, { method: "DELETE", url: `/api/quizzes/${created.body.id}`, token: teacher.token })).status).toBe(404);
  });

  it("answers 404 to another teacher, 403 to students, and lets admins delete any", async () => {
    const { quiz } = await buildQuiz(db());
    const stranger = await teacherWithCourse();
    expect((await call(t.app, { method: "DELETE", url: `/api/quizzes/${quiz.id}`, token: stranger.token })).status).toBe(404);
    const student = await signedIn(db());
    expect((await call(t.app, { method: "DELETE", url: `/api/quizzes/${quiz.id}`, token: student.token })).status).toBe(403);
    const admin = await signedIn(db(), { role: "admin" });
    expect((await call(t.app, { method: "DELETE", url: `/api/quizzes/${quiz.id}`, token: admin.token })).status).toBe(200);
  });
});

describe("POST /api/quizzes/:id/release-answers", () => {
  const release = (token: string | undefined, id: number | string) => call(t.app, { method: "POST", url: `/api/quizzes/${id}/release-answers`, token });

  it("lets the quiz's teacher release the answers once, audited", async () => {
    const teacher = await teacherWithCourse();
    const { quiz } = await buildQuiz(db(), { courseId: teacher.course.id });
    const r = await release(teacher.token, quiz.id);
    expect(r.status).toBe(200);
    expect(Number.isNaN(Date.parse(r.body.answersReleasedAt))).toBe(false);
    const again = await release(teacher.token, quiz.id);
    expect(again.body.answersReleasedAt).toBe(r.body.answersReleasedAt);
    expect((await auditOf(quiz.id)).filter((a) => a.action === "release_answers")).toHaveLength(1);
    expect((await getQuiz(teacher.token, quiz.id)).body.answersReleasedAt).toBe(r.body.answersReleasedAt);
  });

  it("lets an admin release any quiz's answers", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const { quiz } = await buildQuiz(db());
    expect((await release(admin.token, quiz.id)).status).toBe(200);
  });

  it("answers 401 anonymous, 403 students, 404 other teachers and unknown quizzes, 400 bad ids", async () => {
    const { quiz } = await buildQuiz(db());
    expect((await release(undefined, quiz.id)).status).toBe(401);
    const student = await signedIn(db(), { role: "student", studentType: "jhs1" });
    expect((await release(student.token, quiz.id)).status).toBe(403);
    const stranger = await teacherWithCourse();
    expect((await release(stranger.token, quiz.id)).status).toBe(404);
    expect((await release(stranger.token, 999999)).status).toBe(404);
    expect((await release(stranger.token, "abc")).status).toBe(400);
    expect((await db().select().from(quizzes).where(eq(quizzes.id, quiz.id)))[0].answersReleasedAt).toBeNull();
  });
});

describe("showAnswers on the quiz form", () => {
  it("defaults to after_close and allows after_last_attempt only for a practice quiz", async () => {
    const teacher = await teacherWithCourse();
    const plain = await createQuiz(teacher.token, form(fields(teacher.course.id), PDF));
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ showAnswers: "after_close", practice: false, answersReleasedAt: null });
    const refused = await createQuiz(teacher.token, form(fields(teacher.course.id, { showAnswers: "after_last_attempt" }), PDF));
    expect(refused).toMatchObject({ status: 400, body: { error: "Answers after the last attempt are only for practice quizzes" } });
    const bad = await createQuiz(teacher.token, form(fields(teacher.course.id, { showAnswers: "sometimes" }), PDF));
    expect(bad).toMatchObject({ status: 400, body: { error: "showAnswers must be after_close, never or after_last_attempt" } });
    const practice = await createQuiz(teacher.token, form(fields(teacher.course.id, { showAnswers: "after_last_attempt", practice: "true" }), PDF));
    expect(practice.status).toBe(201);
    expect(practice.body).toMatchObject({ showAnswers: "after_last_attempt", practice: true });
  });
});
