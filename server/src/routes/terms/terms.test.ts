import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { TERM_MESSAGES } from "@adesua/domain";
import { auditLogs, gradebooks, mockPapers, mocks, mockSubjects, settings } from "../../db/schema";
import { useTestApp } from "../../../test/test-app";
import { buildCourse, buildQuiz, signedIn } from "../../../test/factories";
import { api, marksComponent, studentsOf, termBody } from "../../../test/terms";

const t = useTestApp();
const db = () => t.database.db;
const audits = (type: string, id: number) =>
  db()
    .select({ action: auditLogs.action })
    .from(auditLogs)
    .where(and(eq(auditLogs.entityType, type), eq(auditLogs.entityId, String(id))))
    .orderBy(auditLogs.id);

describe("terms CRUD", () => {
  it("creates with the school's weights, reads, lists, updates and deletes, each audited; staff read, students do not", async () => {
    const a = api(t);
    const admin = await signedIn(db(), { role: "admin" });
    const teacher = await signedIn(db(), { role: "teacher" });
    const student = await signedIn(db(), { role: "student" });
    const made = await a.createTerm(admin.token, {
      nextTermBegins: "2027-01-12",
      attendanceDays: 62,
      subjects: [{ level: "jhs1", name: "Mathematics", components: [marksComponent("exam", "Exam")] }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      name: "Term 1 2026/27",
      number: 1,
      classWeight: 30,
      examWeight: 70,
      positionScope: "class",
      attendanceDays: 62,
      nextTermBegins: "2027-01-12",
    });
    expect(made.body.subjects).toMatchObject([
      { level: "jhs1", name: "Mathematics", canEdit: true, components: [{ part: "exam", kind: "marks", outOf: 100, weight: 1 }] },
    ]);
    const id = made.body.id;

    expect((await a.req("GET", `/api/terms/${id}`, teacher.token)).body.subjects[0].canEdit).toBe(false);
    expect((await a.req("GET", "/api/terms", teacher.token)).body.data.map((x: { id: number }) => x.id)).toContain(id);
    expect((await a.req("GET", "/api/terms", student.token)).body.data.map((x: { id: number }) => x.id)).not.toContain(id);
    expect((await a.req("GET", `/api/terms/${id}`, student.token)).status).toBe(404);
    expect((await a.req("GET", "/api/terms")).status).toBe(401);

    const updated = await a.req(
      "PUT",
      `/api/terms/${id}`,
      admin.token,
      termBody({ name: "First Term", number: 3, classWeight: 50, examWeight: 50, positionScope: "level" }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "First Term", number: 3, classWeight: 50, examWeight: 50, positionScope: "level", attendanceDays: 62 });
    expect(updated.body.subjects).toHaveLength(1);
    for (const token of [teacher.token, student.token]) {
      expect((await a.createTerm(token)).status).toBe(403);
      expect((await a.req("PUT", `/api/terms/${id}`, token, termBody())).status).toBe(403);
      expect((await a.req("DELETE", `/api/terms/${id}`, token)).status).toBe(403);
    }
    expect((await a.req("DELETE", `/api/terms/${id}`, admin.token)).body).toEqual({ ok: true });
    expect((await a.req("GET", `/api/terms/${id}`, admin.token)).status).toBe(404);
    expect((await a.req("PUT", `/api/terms/${id}`, admin.token, termBody())).status).toBe(404);
    expect((await a.req("DELETE", `/api/terms/${id}`, admin.token)).status).toBe(404);
    expect((await audits("term", id)).map((x) => x.action)).toEqual(["create", "update", "delete"]);
  });

  it("takes its default weights and position scope from the school's settings", async () => {
    const a = api(t);
    const admin = await signedIn(db(), { role: "admin" });
    await db()
      .insert(settings)
      .values({ id: 1, assessment: { classWeight: 40, examWeight: 60, positionScope: "level" } })
      .onConflictDoUpdate({ target: settings.id, set: { assessment: { classWeight: 40, examWeight: 60, positionScope: "level" } } });
    const made = await a.createTerm(admin.token);
    await db().update(settings).set({ assessment: null });
    expect(made.body).toMatchObject({ classWeight: 40, examWeight: 60, positionScope: "level" });
  });

  it("refuses a bad term with the field's message", async () => {
    const a = api(t);
    const admin = await signedIn(db(), { role: "admin" });
    const cases: [object, string][] = [
      [{ name: " " }, TERM_MESSAGES.name],
      [{ name: "x".repeat(121) }, TERM_MESSAGES.nameTooLong],
      [{ number: 4 }, TERM_MESSAGES.number],
      [{ startsOn: "2026-02-30" }, TERM_MESSAGES.date("startsOn")],
      [{ endsOn: "soon" }, TERM_MESSAGES.date("endsOn")],
      [{ endsOn: "2026-09-01" }, TERM_MESSAGES.endsAfter],
      [{ classWeight: 40, examWeight: 70 }, TERM_MESSAGES.weights],
      [{ classWeight: 30 }, TERM_MESSAGES.weights],
      [{ classWeight: 130, examWeight: -30 }, TERM_MESSAGES.weight],
      [{ positionScope: "school" }, TERM_MESSAGES.positionScope],
      [{ attendanceDays: 400 }, TERM_MESSAGES.attendanceDays],
      [{ subjects: [{ level: "jhs1", name: "" }] }, TERM_MESSAGES.subjectName],
    ];
    for (const [over, message] of cases) {
      const r = await a.createTerm(admin.token, over);
      expect([r.status, r.body.error], JSON.stringify(over)).toEqual([400, message]);
    }
  });
});

describe("subjects and components", () => {
  it("adds, changes (keeping marks of kept components) and removes subjects; the course teacher changes components only", async () => {
    const a = api(t);
    const admin = await signedIn(db(), { role: "admin" });
    const other = await signedIn(db(), { role: "teacher" });
    const teacher = await signedIn(db(), { role: "teacher" });
    const course = await buildCourse(db(), { teacherId: teacher.user.id });
    const term = (await a.createTerm(admin.token)).body;
    const made = await a.addSubject(admin.token, term.id, {
      level: "jhs2",
      name: "Science",
      courseId: course.id,
      components: [marksComponent("class", "CA", 20), marksComponent("exam", "Exam")],
    });
    expect(made.status).toBe(201);
    const [ca, exam] = made.body.components;
    const { quiz } = await buildQuiz(db(), { studentType: "jhs2" });
    const body = (components: object[], over: object = {}) => ({ level: "jhs2", name: "Integrated Science", courseId: course.id, components, ...over });

    const [pupil] = await studentsOf(db(), "jhs2", "S", ["Pupil One"]);
    expect((await a.marks(teacher.token, term.id, ca.id, [{ studentId: pupil.id, mark: 18 }])).status).toBe(200);
    const stranger = await a.putSubject(admin.token, term.id, made.body.id, body([{ ...marksComponent("exam", "E"), id: 999999 }]));
    expect([stranger.status, stranger.body.error]).toEqual([400, TERM_MESSAGES.componentNotFound]);
    const changed = await a.putSubject(
      teacher.token,
      term.id,
      made.body.id,
      body([
        { ...marksComponent("class", "CA 1", 25), id: ca.id },
        { part: "class", kind: "quiz", name: "Quiz 1", quizId: quiz.id, weight: 2 },
      ]),
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ name: "Integrated Science", canEdit: true });
    expect(changed.body.components.map((c: { id: number; name: string; outOf: number }) => [c.id === ca.id, c.name, c.outOf])).toEqual([
      [true, "CA 1", 25],
      [false, "Quiz 1", 100],
    ]);
    expect(changed.body.components.some((c: { id: number }) => c.id === exam.id)).toBe(false);
    const kept = await a.req("GET", `/api/terms/${term.id}/components/${ca.id}/marks?class=JHS%202S`, teacher.token);
    expect(kept.body.students).toEqual([{ studentId: pupil.id, name: "Pupil One", class: "JHS 2S", mark: 18 }]);
    expect((await a.req("GET", `/api/terms/${term.id}/components/${exam.id}/marks`, teacher.token)).status).toBe(404);

    expect(await a.putSubject(other.token, term.id, made.body.id, body([]))).toMatchObject({ status: 403, body: { error: TERM_MESSAGES.notYourSubject } });
    expect(await a.putSubject(teacher.token, term.id, made.body.id, body([], { level: "jhs3" }))).toMatchObject({
      status: 403,
      body: { error: TERM_MESSAGES.notYourSubject },
    });
    expect((await a.addSubject(teacher.token, term.id, body([]))).status).toBe(403);
    expect((await a.req("DELETE", `/api/terms/${term.id}/subjects/${made.body.id}`, teacher.token)).status).toBe(403);
    expect(await a.addSubject(admin.token, term.id, body([], { name: "integrated science" }))).toMatchObject({
      status: 409,
      body: { error: TERM_MESSAGES.subjectTwice },
    });
    expect((await a.putSubject(admin.token, term.id, 999999, body([]))).status).toBe(404);
    expect((await a.putSubject(admin.token, 999999, made.body.id, body([]))).status).toBe(404);

    expect((await a.req("DELETE", `/api/terms/${term.id}/subjects/${made.body.id}`, admin.token)).body).toEqual({ ok: true });
    expect((await a.req("DELETE", `/api/terms/${term.id}/subjects/${made.body.id}`, admin.token)).status).toBe(404);
    expect((await audits("term_subject", made.body.id)).map((x) => x.action)).toEqual(["create", "update", "delete"]);
  });

  it("refuses components without their source, from elsewhere, or from another level", async () => {
    const a = api(t);
    const admin = await signedIn(db(), { role: "admin" });
    const term = (await a.createTerm(admin.token)).body;
    const { quiz: jhs1Quiz } = await buildQuiz(db(), { studentType: "jhs1" });
    const [table] = await db()
      .insert(gradebooks)
      .values({
        name: "CA",
        studentType: "jhs3",
        columns: [
          { key: "c1", name: "Student", type: "text", outOf: null },
          { key: "c2", name: "Test", type: "number", outOf: 20 },
        ],
      })
      .returning();
    const [mock] = await db().insert(mocks).values({ title: "Mock", studentType: "jhs1" }).returning();
    const [ms] = await db().insert(mockSubjects).values({ mockId: mock.id, name: "English" }).returning();
    const [paper] = await db()
      .insert(mockPapers)
      .values({ mockId: mock.id, subjectId: ms.id, name: "Paper 2", kind: "marks", startsAt: new Date(), durationMinutes: 90 })
      .returning();
    const subject = (c: object, level = "jhs2") => a.addSubject(admin.token, term.id, { level, name: `S ${Math.random()}`, components: [c] });
    const cases: [object, string][] = [
      [{ part: "mid", kind: "marks", name: "x" }, TERM_MESSAGES.part],
      [{ part: "class", kind: "essay", name: "x" }, TERM_MESSAGES.kind],
      [{ part: "class", kind: "marks", name: " " }, TERM_MESSAGES.componentName],
      [{ part: "class", kind: "quiz", name: "x" }, TERM_MESSAGES.quizNeeded],
      [{ part: "class", kind: "gradebook", name: "x", gradebookId: table.id }, TERM_MESSAGES.gradebookNeeded],
      [{ part: "exam", kind: "mock", name: "x" }, TERM_MESSAGES.mockNeeded],
      [{ part: "class", kind: "marks", name: "x", outOf: 0 }, TERM_MESSAGES.outOf],
      [{ part: "class", kind: "marks", name: "x", weight: 101 }, TERM_MESSAGES.weight],
      [{ part: "class", kind: "quiz", name: "x", quizId: 999999 }, TERM_MESSAGES.sourceNotFound],
      [{ part: "class", kind: "gradebook", name: "x", gradebookId: table.id, columnKey: "c9" }, TERM_MESSAGES.sourceNotFound],
      [{ part: "class", kind: "gradebook", name: "x", gradebookId: table.id, columnKey: "c1" }, TERM_MESSAGES.sourceNotFound],
      [{ part: "exam", kind: "mock", name: "x", mockPaperId: 999999 }, TERM_MESSAGES.sourceNotFound],
      [{ part: "class", kind: "quiz", name: "x", quizId: jhs1Quiz.id }, TERM_MESSAGES.sourceLevel],
      [{ part: "class", kind: "gradebook", name: "x", gradebookId: table.id, columnKey: "c2" }, TERM_MESSAGES.sourceLevel],
      [{ part: "exam", kind: "mock", name: "x", mockPaperId: paper.id }, TERM_MESSAGES.sourceLevel],
    ];
    for (const [c, message] of cases) {
      const r = await subject(c);
      expect([r.status, r.body.error], JSON.stringify(c)).toEqual([400, message]);
    }
    // The same sources of the right level are taken.
    expect((await subject({ part: "class", kind: "quiz", name: "Q", quizId: jhs1Quiz.id }, "jhs1")).status).toBe(201);
    expect((await subject({ part: "class", kind: "gradebook", name: "G", gradebookId: table.id, columnKey: "c2" }, "jhs3")).status).toBe(201);
    expect((await subject({ part: "exam", kind: "mock", name: "M", mockPaperId: paper.id }, "jhs1")).status).toBe(201);
  });
});
