import { beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { eq, sql } from "drizzle-orm";
import { MOCK_MESSAGES, PaperMarksSchema } from "@adesua/domain";
import { mockMarks, submissions, users } from "../../db/schema";
import { call, expectSchema, useTestApp } from "../../../test/test-app";
import { api, marksPaper, mockBody, multipart, sittingPeople } from "./mock-fixture";

const t = useTestApp();
const http = api(t);
let p: Awaited<ReturnType<typeof sittingPeople>>;
let mock: { id: number; subjects: { name: string; papers: { id: number }[] }[] };
const url = (paperId: number, tail = "") => `/api/mocks/${mock.id}/papers/${paperId}/marks${tail}`;
const paperOf = (subject: number, paper = 0) => mock.subjects[subject].papers[paper].id;

beforeAll(async () => {
  p = await sittingPeople(t, ["Ama Owusu", "Kofi Mensah", "Yaw Boateng"]);
  await t.database.db.update(users).set({ stream: "B" }).where(eq(users.id, p.students[2].id));
  await t.database.db.update(users).set({ username: "kofi.mensah" }).where(eq(users.id, p.students[1].id));
  const body = mockBody("Marks mock", [{ name: "Mathematics" }, { name: "English Language", courseId: p.englishCourse.id }, { name: "Integrated Science" }]);
  body.subjects[1].papers[1] = marksPaper("Paper 2", 2, {
    outOf: 20,
    questions: [
      { label: "1", outOf: 8 },
      { label: "2", outOf: 12 },
    ],
  }) as never;
  body.subjects[2].papers[0] = { ...marksPaper("Paper 1", 3), kind: "quiz", quizId: p.quiz.id, outOf: 3 } as never;
  mock = (await http.post(p.admin.token, "/api/mocks", body)).body;
});

describe("marks entry", () => {
  it("saves and lists marks; per-question papers store the sum; ?class= narrows", async () => {
    const [ama, kofi, yaw] = p.students;
    const saved = await http.put(p.maths.token, url(paperOf(0)), {
      marks: [
        { studentId: ama.id, mark: 71.5 },
        { studentId: kofi.id, mark: 0 },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ saved: 2, missing: 1 });
    const q = await http.put(p.english.token, url(paperOf(1, 1)), {
      marks: [
        { studentId: yaw.id, questionMarks: [7, 11.5] },
        { studentId: ama.id, questionMarks: [3, null] },
      ],
    });
    expect(q.body).toEqual({ saved: 2, missing: 2 });
    const list = await http.get(p.english.token, url(paperOf(1, 1)));
    expectSchema(PaperMarksSchema, list.body);
    expect(
      list.body.students.map((s: { name: string; mark: number | null; questionMarks: unknown; percent: number | null; class: string }) => [
        s.name,
        s.class,
        s.mark,
        s.questionMarks,
        s.percent,
      ]),
    ).toEqual([
      ["Ama Owusu", "JHS 3", null, [3, null], null],
      ["Kofi Mensah", "JHS 3", null, null, null],
      ["Yaw Boateng", "JHS 3B", 18.5, [7, 11.5], 92.5],
    ]);
    expect(list.body.missing).toBe(2);
    const b = await http.get(p.admin.token, url(paperOf(1, 1), "?class=JHS%203B"));
    expect(b.body.students.map((s: { name: string }) => s.name)).toEqual(["Yaw Boateng"]);
    expect((await http.get(p.admin.token, url(paperOf(1, 1), "?class=Room%2012"))).status).toBe(400);
  });

  it("a quiz paper counts the best submitted score unless a mark is entered", async () => {
    const [ama, kofi] = p.students;
    await t.database.db.insert(submissions).values([
      { quizId: p.quiz.id, userId: ama.id, score: 40, correct: 1, total: 3 },
      { quizId: p.quiz.id, userId: ama.id, score: 66.67, manualScore: 80, correct: 2, total: 3 },
      { quizId: p.quiz.id, userId: kofi.id, score: 100, correct: 3, total: 3 },
    ]);
    await http.put(p.science.token, url(paperOf(2)), { marks: [{ studentId: kofi.id, mark: 1.5 }] });
    const list = await http.get(p.science.token, url(paperOf(2)));
    const rows = list.body.students.map((s: { quizScore: number | null; percent: number | null }) => [s.quizScore, s.percent]);
    expect(rows).toEqual([
      [80, 80],
      [100, 50],
      [null, null],
    ]);
    expect(list.body.missing).toBe(1);
  });

  it("refuses a mark out of range naming the student, and saves nothing of that request", async () => {
    const [ama, kofi] = p.students;
    const r = await http.put(p.maths.token, url(paperOf(0, 1)), {
      marks: [
        { studentId: ama.id, mark: 50 },
        { studentId: kofi.id, mark: 100.5 },
      ],
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: MOCK_MESSAGES.markRange("Kofi Mensah", 100) });
    expect(
      await t.database.db
        .select()
        .from(mockMarks)
        .where(eq(mockMarks.paperId, paperOf(0, 1))),
    ).toEqual([]);
    const cases: [number, object, string][] = [
      [paperOf(0, 1), { studentId: ama.id, mark: -1 }, MOCK_MESSAGES.markRange("Ama Owusu", 100)],
      [paperOf(1, 1), { studentId: ama.id, questionMarks: [9, 0] }, MOCK_MESSAGES.questionMarkRange("Ama Owusu", "1", 8)],
      [paperOf(1, 1), { studentId: ama.id, questionMarks: [1] }, MOCK_MESSAGES.questionMarksLength("Ama Owusu", 2)],
      [paperOf(1, 1), { studentId: ama.id, mark: 10 }, MOCK_MESSAGES.perQuestion],
      [paperOf(0, 1), { studentId: ama.id, questionMarks: [1, 2] }, MOCK_MESSAGES.notPerQuestion],
      [paperOf(0, 1), { studentId: p.jhs2.id, mark: 1 }, MOCK_MESSAGES.studentNotFound],
    ];
    for (const [paperId, entry, error] of cases) {
      const res = await http.put(p.admin.token, url(paperId), { marks: [entry] });
      expect([res.status, res.body.error], error).toEqual([400, error]);
    }
    const many = await http.put(p.admin.token, url(paperOf(0, 1)), { marks: Array.from({ length: 1001 }, () => ({ studentId: ama.id, mark: 1 })) });
    expect(many.body).toEqual({ error: MOCK_MESSAGES.tooManyMarks });
    expect((await http.put(p.admin.token, url(paperOf(0, 1)), { marks: "all" })).status).toBe(400);
  });

  it("refuses other teachers (403), students (404), no session (401); unknown paper 404", async () => {
    const body = { marks: [{ studentId: p.students[0].id, mark: 5 }] };
    expect((await http.put(p.other.token, url(paperOf(0)), body)).status).toBe(404); // the mock is none of theirs
    expect((await http.put(p.english.token, url(paperOf(0)), body)).body).toEqual({ error: MOCK_MESSAGES.notYourSubject });
    expect((await http.get(p.english.token, url(paperOf(0)))).status).toBe(403);
    expect((await http.put(p.students[0].token, url(paperOf(0)), body)).status).toBe(403);
    expect((await http.get(p.students[0].token, url(paperOf(0)))).status).toBe(403);
    expect((await http.put(undefined, url(paperOf(0)), body)).status).toBe(401);
    expect((await http.get(p.admin.token, url(999999))).body).toEqual({ error: MOCK_MESSAGES.paperNotFound });
  });

  it("two teachers saving different papers at once lose nothing; a partial save keeps the other marks", async () => {
    const [ama, kofi, yaw] = p.students;
    const a = (mark: number) => [ama, kofi, yaw].map((s, i) => ({ studentId: s.id, mark: mark + i }));
    const saves = await Promise.all([
      http.put(p.maths.token, url(paperOf(0, 1)), { marks: a(10) }),
      http.put(p.english.token, url(paperOf(1, 0)), { marks: a(20) }),
      http.put(p.admin.token, url(paperOf(0, 1)), { marks: [{ studentId: yaw.id, mark: 99 }] }),
    ]);
    expect(saves.map((s) => s.status)).toEqual([200, 200, 200]);
    await http.put(p.maths.token, url(paperOf(0, 1)), { marks: [{ studentId: ama.id, mark: 55 }] });
    const maths = (await http.get(p.maths.token, url(paperOf(0, 1)))).body.students.map((s: { mark: number }) => s.mark);
    expect(maths[0]).toBe(55);
    expect(maths[1]).toBe(11);
    expect([12, 99]).toContain(maths[2]);
    const english = (await http.get(p.english.token, url(paperOf(1, 0)))).body.students.map((s: { mark: number }) => s.mark);
    expect(english).toEqual([20, 21, 22]);
    await http.put(p.maths.token, url(paperOf(0, 1)), { marks: [{ studentId: ama.id, mark: null }] });
    const [{ n }] = (await t.database.db.execute(sql`select count(*)::int as n from mock_marks where paper_id = ${paperOf(0, 1)}`)).rows as { n: number }[];
    expect(n).toBe(2);
  });
});

describe("marks import", () => {
  it("saves the rows that read well from a CSV and lists the problems", async () => {
    const csv = ["Name,Username,Mark", "Ama Owusu,,61", ",kofi.mensah,70.5", "Nobody Here,,50", "Yaw Boateng,,130", "Yaw Boateng,,abc", ",,"].join("\r\n");
    const r = await call(t.app, { method: "POST", url: url(paperOf(0), "/import"), token: p.maths.token, ...multipart("marks.csv", csv) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.saved).toBe(2);
    expect(r.body.problems).toEqual([
      { row: 4, error: `${MOCK_MESSAGES.studentNotFound}: Nobody Here` },
      { row: 5, error: MOCK_MESSAGES.markRange("Yaw Boateng", 100) },
      { row: 6, error: "The mark for Yaw Boateng is not a number" },
    ]);
    const marks = (await http.get(p.maths.token, url(paperOf(0)))).body.students.map((s: { mark: number | null }) => s.mark);
    expect(marks.slice(0, 2)).toEqual([61, 70.5]);
  });

  it("reads an .xlsx with one column per question, by student id", async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Marks");
    ws.addRow(["Student ID", "Name", "Q1", "Q2"]);
    ws.addRow([p.students[0].id, "Ama Owusu", 8, 12]);
    ws.addRow([p.students[1].id, "Kofi Mensah", 2, 13]);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const r = await call(t.app, {
      method: "POST",
      url: url(paperOf(1, 1), "/import"),
      token: p.english.token,
      ...multipart("marks.xlsx", data, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ saved: 1, problems: [{ row: 3, error: MOCK_MESSAGES.questionMarkRange("Kofi Mensah", "2", 12) }] });
    const ama = (await http.get(p.english.token, url(paperOf(1, 1)))).body.students[0];
    expect([ama.mark, ama.questionMarks]).toEqual([20, [8, 12]]);
    expect(
      (await call(t.app, { method: "POST", url: url(paperOf(0), "/import"), token: p.english.token, ...multipart("m.csv", "Name,Mark\nAma Owusu,1") })).status,
    ).toBe(403);
    expect((await call(t.app, { method: "POST", url: url(paperOf(0), "/import"), token: p.maths.token, ...multipart("m.pdf", "%PDF-1.4 x") })).status).toBe(
      415,
    );
  });
});
