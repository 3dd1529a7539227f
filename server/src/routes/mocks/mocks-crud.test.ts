import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { MOCK_MESSAGES, MockListSchema, MockSchema } from "@adesua/domain";
import { auditLogs, mockMarks } from "../../db/schema";
import { expectAdminOnly } from "../../../test/roles";
import { expectSchema, useTestApp } from "../../../test/test-app";
import { api, at, marksPaper, mockBody, sittingPeople } from "./mock-fixture";

const t = useTestApp();
const http = api(t);
let p: Awaited<ReturnType<typeof sittingPeople>>;

beforeAll(async () => {
  p = await sittingPeople(t, ["Ama Owusu", "Kofi Mensah"]);
});

const SIX = () => [
  { name: "English Language", courseId: p.englishCourse.id },
  { name: "Mathematics" },
  { name: "Integrated Science" },
  { name: "Social Studies" },
  { name: "French" },
  { name: "ICT" },
];

describe("POST /api/mocks", () => {
  it("creates a mock: core from the school's subjects, a quiz paper out of the quiz's marks, audited", async () => {
    const body = mockBody("JHS 3 First Mock", SIX());
    body.subjects[2].papers[0] = { ...marksPaper("Paper 1", 3), kind: "quiz", quizId: p.quiz.id, outOf: undefined } as never;
    const r = await http.post(p.admin.token, "/api/mocks", body);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expectSchema(MockSchema, r.body);
    expect(r.body.subjects.map((s: { core: boolean }) => s.core)).toEqual([true, true, true, true, false, false]);
    const quizPaper = r.body.subjects[2].papers[0];
    expect(quizPaper).toMatchObject({ kind: "quiz", quizId: p.quiz.id, outOf: 3, quiz: { id: p.quiz.id } });
    expect(r.body).toMatchObject({ level: "jhs3", grading: "bands", released: false, students: 2, startsAt: at(1), endsAt: "2027-03-06T14:30:00.000Z" });
    expect(r.body.bands[0]).toEqual({ min: 90, grade: 1 });
    const logs = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "mock"), eq(auditLogs.entityId, String(r.body.id))));
    expect(logs.map((l) => l.action)).toEqual(["create"]);
  });

  it("refuses bad input with each message (400)", async () => {
    const ok = mockBody("M", [{ name: "Mathematics" }]);
    const paper = (extra: object) => ({ ...ok, subjects: [{ name: "Mathematics", papers: [{ ...ok.subjects[0].papers[0], ...extra }] }] });
    const cases: [object, string][] = [
      [{ ...ok, title: " " }, MOCK_MESSAGES.title],
      [{ ...ok, title: "x".repeat(201) }, MOCK_MESSAGES.titleTooLong],
      [{ ...ok, subjects: [] }, MOCK_MESSAGES.subjects],
      [{ ...ok, subjects: [ok.subjects[0], { ...ok.subjects[0], name: " MATHEMATICS" }] }, MOCK_MESSAGES.subjectTwice],
      [{ ...ok, subjects: [{ name: "Mathematics", papers: [] }] }, MOCK_MESSAGES.papers],
      [{ ...ok, subjects: [{ ...ok.subjects[0], name: "" }] }, MOCK_MESSAGES.subjectName],
      [paper({ name: "" }), MOCK_MESSAGES.paperName],
      [paper({ kind: "oral" }), MOCK_MESSAGES.kind],
      [paper({ kind: "quiz" }), MOCK_MESSAGES.quizNeeded],
      [paper({ quizId: p.quiz.id }), MOCK_MESSAGES.quizNotAllowed],
      [paper({ kind: "quiz", quizId: 999999 }), MOCK_MESSAGES.quizNotFound],
      [paper({ outOf: 0 }), MOCK_MESSAGES.outOf],
      [paper({ weight: 101 }), MOCK_MESSAGES.weight],
      [paper({ startsAt: "next week" }), MOCK_MESSAGES.startsAt],
      [paper({ durationMinutes: 0 }), MOCK_MESSAGES.duration],
      [paper({ outOf: 50, questions: [{ label: "1", outOf: 20 }] }), MOCK_MESSAGES.questions],
      [{ ...ok, subjects: [{ ...ok.subjects[0], courseId: 999999 }] }, MOCK_MESSAGES.courseNotFound],
    ];
    for (const [body, error] of cases) {
      const r = await http.post(p.admin.token, "/api/mocks", body);
      expect(r.status, error).toBe(400);
      expect(r.body.error, error).toBe(error);
    }
    const jhs2 = await http.post(p.admin.token, "/api/mocks", { ...paper({ kind: "quiz", quizId: p.quiz.id }), level: "jhs2" });
    expect(jhs2.body).toEqual({ error: MOCK_MESSAGES.quizLevel });
  });

  it("401 without a session; 403 for a teacher or a student on every write", async () => {
    expect((await http.post(undefined, "/api/mocks", mockBody("M", [{ name: "Mathematics" }]))).status).toBe(401);
    expect((await http.get(undefined, "/api/mocks")).status).toBe(401);
    const made = await http.post(p.admin.token, "/api/mocks", mockBody("Role mock", [{ name: "Mathematics" }]));
    const url = `/api/mocks/${made.body.id}`;
    await expectAdminOnly(
      t,
      { method: "POST", url: "/api/mocks", payload: mockBody("M", [{ name: "Mathematics" }]) },
      { method: "PUT", url, payload: mockBody("M", [{ name: "Mathematics" }]) },
      { method: "DELETE", url },
      { method: "PUT", url: `${url}/grading`, payload: { grading: "stanine" } },
      { method: "POST", url: `${url}/release` },
      { method: "DELETE", url: `${url}/release` },
    );
  });
});

describe("who reads which mock", () => {
  it("admins all; teachers the mocks of their subjects (course, quiz or title); students their level's", async () => {
    const maths = await http.post(p.admin.token, "/api/mocks", mockBody("Maths only", [{ name: "Mathematics" }]));
    const english = await http.post(p.admin.token, "/api/mocks", mockBody("English only", [{ name: "English Language", courseId: p.englishCourse.id }]));
    const jhs2 = await http.post(p.admin.token, "/api/mocks", mockBody("JHS 2 mock", [{ name: "Mathematics" }], "jhs2"));
    const ids = async (token: string) => (await http.get(token, "/api/mocks?limit=100")).body.data.map((m: { id: number }) => m.id);
    expect(await ids(p.admin.token)).toEqual(expect.arrayContaining([maths.body.id, english.body.id, jhs2.body.id]));
    expect(await ids(p.maths.token)).toEqual(expect.arrayContaining([maths.body.id, jhs2.body.id]));
    expect(await ids(p.maths.token)).not.toContain(english.body.id);
    expect(await ids(p.english.token)).toContain(english.body.id);
    expect(await ids(p.other.token)).not.toEqual(expect.arrayContaining([maths.body.id]));
    const student = await ids(p.students[0].token);
    expect(student).toEqual(expect.arrayContaining([maths.body.id, english.body.id]));
    expect(student).not.toContain(jhs2.body.id);
    expect(await ids(p.jhs2.token)).toContain(jhs2.body.id);
    const list = await http.get(p.students[0].token, "/api/mocks");
    expectSchema(MockListSchema, list.body);

    expect((await http.get(p.other.token, `/api/mocks/${maths.body.id}`)).body).toEqual({ error: MOCK_MESSAGES.notFound });
    expect((await http.get(p.jhs2.token, `/api/mocks/${maths.body.id}`)).status).toBe(404);
    const seen = await http.get(p.students[0].token, `/api/mocks/${maths.body.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.subjects[0].papers[0].marked).toBeUndefined();
    expect(seen.body.subjects[0].canEnterMarks).toBeUndefined();
    const teacher = await http.get(p.maths.token, `/api/mocks/${maths.body.id}`);
    expect(teacher.body.subjects[0]).toMatchObject({ canEnterMarks: true, papers: [{ marked: 0 }, { marked: 0 }] });
    expect((await http.get(p.admin.token, "/api/mocks/999999")).status).toBe(404);
    expect((await http.get(p.admin.token, "/api/mocks/abc")).status).toBe(400);
  });
});

describe("PUT and DELETE /api/mocks/{id}", () => {
  it("keeps the papers sent with their id, and their marks; drops the others; deletes with everything", async () => {
    const made = await http.post(p.admin.token, "/api/mocks", mockBody("Changing", [{ name: "Mathematics" }, { name: "French" }]));
    const id = made.body.id;
    const keep = made.body.subjects[0].papers[0];
    const drop = made.body.subjects[1].papers[0];
    for (const paper of [keep, drop])
      expect((await http.put(p.admin.token, `/api/mocks/${id}/papers/${paper.id}/marks`, { marks: [{ studentId: p.students[0].id, mark: 40 }] })).status).toBe(
        200,
      );
    const body = {
      title: "Changed",
      level: "jhs3",
      subjects: [
        { id: made.body.subjects[0].id, name: "Mathematics", papers: [{ ...marksPaper("Paper One", 2), id: keep.id }] },
        { name: "ICT", papers: [marksPaper("Paper 1", 4)] },
      ],
    };
    const r = await http.put(p.admin.token, `/api/mocks/${id}`, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.title).toBe("Changed");
    expect(r.body.subjects.map((s: { name: string }) => s.name)).toEqual(["Mathematics", "ICT"]);
    expect(r.body.subjects[0].papers).toMatchObject([{ id: keep.id, name: "Paper One", marked: 1 }]);
    const marks = await t.database.db.select().from(mockMarks).where(eq(mockMarks.paperId, keep.id));
    expect(marks.map((m) => m.mark)).toEqual([40]);
    expect((await t.database.db.select().from(mockMarks).where(eq(mockMarks.paperId, drop.id))).length).toBe(0);
    const stray = { ...body, subjects: [{ name: "Mathematics", papers: [{ ...marksPaper("P", 1), id: 999999 }] }] };
    expect((await http.put(p.admin.token, `/api/mocks/${id}`, stray)).body).toEqual({ error: MOCK_MESSAGES.paperIdNotFound });
    expect((await http.put(p.admin.token, "/api/mocks/999999", body)).status).toBe(404);

    expect((await http.del(p.admin.token, `/api/mocks/${id}`)).body).toEqual({ ok: true });
    expect((await http.get(p.admin.token, `/api/mocks/${id}`)).status).toBe(404);
    const logs = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "mock"), eq(auditLogs.entityId, String(id))));
    expect(logs.map((l) => l.action).sort()).toEqual(["create", "delete", "update"]);
  });
});
