import { beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, buildQuiz, buildUser, signedIn } from "../../../test/factories";
import { buildScore } from "../../../test/performance";

/**
 * The quiz dashboard and its export on a known school (decision 023):
 *   Algebra (Mathematics, expired, created 5 Jan): Ama 80, Kofi 30 then 60, Esi 40 → 3 students, 4 attempts,
 *     over the best scores mean 60, min 40, max 80, 2 of 3 pass → 66.67%, medium.
 *   Biology (Science, active, created 10 Feb): Ama 90, Kofi 70, Esi waiting for a grade → 3 students, 3 attempts, mean 80, high.
 *   Chemistry (Science, upcoming, created 1 Mar): nothing yet.
 *   Drama (another teacher's, expired): Ama 100, high.
 */
const t = useTestApp();
let admin: string, teacher: string, otherTeacher: string, student: string;
let ids: Record<"algebra" | "biology" | "chemistry" | "drama", number>;
let mathsId: number;
const DAY = 86_400_000;

beforeAll(async () => {
  const db = t.database.db;
  const tt = await signedIn(db, { role: "teacher" });
  const ot = await signedIn(db, { role: "teacher" });
  [admin, teacher, otherTeacher, student] = [
    (await signedIn(db, { role: "admin" })).token,
    tt.token,
    ot.token,
    (await signedIn(db, { role: "student" })).token,
  ];
  const maths = await buildCourse(db, { teacherId: tt.user.id, title: "Mathematics" });
  const science = await buildCourse(db, { teacherId: tt.user.id, title: "Science" });
  mathsId = maths.id;
  const now = Date.now();
  const expired = { openTime: new Date(now - 3 * DAY), closeTime: new Date(now - DAY) };
  const mk = async (title: string, courseId: number, teacherId: number, window: object, createdAt: string) =>
    (await buildQuiz(db, { title, courseId, teacherId, passingScore: 50, maxAttempts: 3, ...window, createdAt: new Date(createdAt) })).quiz.id;
  ids = {
    algebra: await mk("Algebra", maths.id, tt.user.id, expired, "2026-01-05T10:00:00Z"),
    biology: await mk("Biology", science.id, tt.user.id, { openTime: new Date(now - DAY), closeTime: new Date(now + DAY) }, "2026-02-10T23:30:00Z"),
    chemistry: await mk("Chemistry", science.id, tt.user.id, { openTime: new Date(now + DAY) }, "2026-03-01T08:00:00Z"),
    drama: await mk("Drama", (await buildCourse(db, { teacherId: ot.user.id, title: "Arts" })).id, ot.user.id, expired, "2026-01-20T08:00:00Z"),
  };
  const ama = (await buildUser(db, { name: "Ama Owusu", email: "ama@test.school" })).id;
  const kofi = (await buildUser(db, { name: "Kofi Mensah" })).id;
  const esi = (await buildUser(db, { name: "=Esi Quaye" })).id;
  await buildScore(db, ids.algebra, ama, 80);
  await buildScore(db, ids.algebra, kofi, 30);
  await buildScore(db, ids.algebra, kofi, 60);
  await buildScore(db, ids.algebra, esi, 40);
  await buildScore(db, ids.biology, ama, 90);
  await buildScore(db, ids.biology, kofi, 70);
  await buildScore(db, ids.biology, esi, 55, { graded: false });
  await buildScore(db, ids.drama, ama, 100);
});

const dashboard = (token: string, query = "") => call(t.app, { method: "GET", url: `/api/performance/dashboard${query}`, token });
const titles = (body: { data: { quizTitle: string }[] }) => body.data.map((r) => r.quizTitle);

describe("GET /performance/dashboard", () => {
  it("answers every quiz row, the summary and the pagination, sorted by title", async () => {
    const r = await dashboard(teacher);
    expect(r.status).toBe(200);
    expect(titles(r.body)).toEqual(["Algebra", "Biology", "Chemistry"]);
    expect(r.body.data[0]).toMatchObject({
      quizId: ids.algebra,
      quizTitle: "Algebra",
      createdAt: "2026-01-05T10:00:00.000Z",
      courseTitle: "Mathematics",
      totalStudents: 3,
      completedAttempts: 4,
      avgScore: 60,
      minScore: 40,
      maxScore: 80,
      passRate: 66.67,
      maxAttempts: 3,
      status: "expired",
      performanceRating: "medium",
    });
    expect(r.body.data[1]).toMatchObject({ totalStudents: 3, completedAttempts: 3, avgScore: 80, passRate: 100, status: "active", performanceRating: "high" });
    expect(r.body.data[2]).toMatchObject({
      totalStudents: 0,
      completedAttempts: 0,
      avgScore: null,
      passRate: null,
      status: "upcoming",
      performanceRating: null,
    });
    // Every student's best graded score over the three quizzes: (80 + 60 + 40 + 90 + 70) / 5.
    expect(r.body.summary).toEqual({ totalQuizzes: 3, totalCompletedAttempts: 7, averageScore: 68, highPerformanceQuizzes: 1 });
    expect(r.body.pagination).toEqual({ currentPage: 1, itemsPerPage: 20, totalItems: 3, totalPages: 1 });
    const all = await dashboard(admin);
    expect(titles(all.body)).toEqual(["Algebra", "Biology", "Chemistry", "Drama"]);
    expect(all.body.summary).toEqual({ totalQuizzes: 4, totalCompletedAttempts: 8, averageScore: 73.33, highPerformanceQuizzes: 2 });
  });

  it("filters by title, course (admins only), status and creation dates", async () => {
    expect(titles((await dashboard(teacher, "?searchTitle=ALG")).body)).toEqual(["Algebra"]);
    expect(titles((await dashboard(admin, `?courseId=${mathsId}`)).body)).toEqual(["Algebra"]);
    expect(titles((await dashboard(otherTeacher, `?courseId=${mathsId}`)).body)).toEqual(["Drama"]);
    expect(titles((await dashboard(admin, "?status=expired")).body)).toEqual(["Algebra", "Drama"]);
    expect(titles((await dashboard(teacher, "?status=upcoming")).body)).toEqual(["Chemistry"]);
    expect(titles((await dashboard(teacher, "?dateFrom=2026-02-01")).body)).toEqual(["Biology", "Chemistry"]);
    // dateTo includes the whole day.
    expect(titles((await dashboard(teacher, "?dateTo=2026-02-10")).body)).toEqual(["Algebra", "Biology"]);
    const none = await dashboard(teacher, "?searchTitle=zzz");
    expect(none.body).toEqual({
      data: [],
      summary: { totalQuizzes: 0, totalCompletedAttempts: 0, averageScore: null, highPerformanceQuizzes: 0 },
      pagination: { currentPage: 1, itemsPerPage: 20, totalItems: 0, totalPages: 0 },
    });
  });

  it("sorts by any column either way (no figures last) and pages", async () => {
    expect(titles((await dashboard(teacher, "?sortBy=avgScore&sortOrder=desc")).body)).toEqual(["Biology", "Algebra", "Chemistry"]);
    expect(titles((await dashboard(teacher, "?sortBy=avgScore&sortOrder=asc")).body)).toEqual(["Algebra", "Biology", "Chemistry"]);
    expect(titles((await dashboard(teacher, "?sortBy=createdAt&sortOrder=desc")).body)).toEqual(["Chemistry", "Biology", "Algebra"]);
    expect(titles((await dashboard(teacher, "?sortBy=completedAttempts&sortOrder=desc")).body)).toEqual(["Algebra", "Biology", "Chemistry"]);
    expect(titles((await dashboard(admin, "?sortBy=courseTitle")).body)).toEqual(["Drama", "Algebra", "Biology", "Chemistry"]);
    const p2 = await dashboard(teacher, "?limit=2&page=2");
    expect(titles(p2.body)).toEqual(["Chemistry"]);
    expect(p2.body.pagination).toEqual({ currentPage: 2, itemsPerPage: 2, totalItems: 3, totalPages: 2 });
    expect(p2.body.summary.totalQuizzes).toBe(3);
  });

  it("refuses students and malformed filters", async () => {
    expect((await dashboard(student)).status).toBe(403);
    for (const q of ["?status=closed", "?sortBy=teacher", "?sortOrder=up", "?dateFrom=2026-13-40", "?dateTo=yesterday", "?page=0", "?limit=101"]) {
      expect((await dashboard(admin, q)).status, q).toBe(400);
    }
  });
});

describe("GET /performance/export", () => {
  const exportCall = (token: string, query: string) =>
    t.app.inject({ method: "GET", url: `/api/performance/export${query}`, headers: { authorization: `Bearer ${token}` } });

  it("asks for a selection first", async () => {
    for (const q of ["", "?quizIds=", "?quizIds=&format=excel"]) {
      const r = await exportCall(teacher, q);
      expect(r.statusCode, q).toBe(400);
      expect(r.json().error).toBe("Please select at least one quiz to export");
    }
    expect((await exportCall(teacher, "?quizIds=1,abc")).statusCode).toBe(400);
    expect((await exportCall(teacher, "?quizIds=1&format=pdf")).statusCode).toBe(400);
  });

  it("writes quiz_performance.csv with the quizzes' figures, or one row per student with details", async () => {
    const r = await exportCall(teacher, `?quizIds=${ids.biology},${ids.algebra}&format=csv`);
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(r.headers["content-disposition"]).toContain('filename="quiz_performance.csv"');
    const rows = Papa.parse<string[]>(r.body.replace(/^\ufeff/, ""), { skipEmptyLines: true }).data;
    expect(rows[0]).toEqual([
      "Quiz ID",
      "Quiz Title",
      "Course",
      "Created",
      "Total Students",
      "Completed Attempts",
      "Average Score",
      "Min Score",
      "Max Score",
      "Pass Rate",
      "Max Attempts",
      "Status",
      "Performance Rating",
    ]);
    expect(rows.slice(1)).toEqual([
      [String(ids.algebra), "Algebra", "Mathematics", "2026-01-05T10:00:00.000Z", "3", "4", "60", "40", "80", "66.67", "3", "expired", "medium"],
      [String(ids.biology), "Biology", "Science", "2026-02-10T23:30:00.000Z", "3", "3", "80", "70", "90", "100", "3", "active", "high"],
    ]);

    const d = await exportCall(teacher, `?quizIds=${ids.algebra}&includeStudentDetails=true`);
    const lines = Papa.parse<string[]>(d.body.replace(/^\ufeff/, ""), { skipEmptyLines: true }).data;
    expect(lines[0]).toEqual([
      "Quiz ID",
      "Quiz Title",
      "Course",
      "Student",
      "Email",
      "Level",
      "Score",
      "Correct",
      "Total",
      "Attempts",
      "Last Attempt",
      "Passed",
      "Marks",
      "Marks Available",
    ]);
    // By name; a name that a spreadsheet would run as a formula is quoted.
    expect(lines.slice(1).map((l) => [l[3], l[6], l[9], l[11]])).toEqual([
      ["'=Esi Quaye", "40", "1", "No"],
      ["Ama Owusu", "80", "1", "Yes"],
      ["Kofi Mensah", "60", "2", "Yes"],
    ]);
    // Teachers see names and levels only (decision 017, issue 24): the Email column is empty for them, filled for admins.
    expect(lines[2][4]).toBe("");
    const a = await exportCall(admin, `?quizIds=${ids.algebra}&includeStudentDetails=true`);
    expect(Papa.parse<string[]>(a.body.replace(/^\ufeff/, ""), { skipEmptyLines: true }).data[2][4]).toBe("ama@test.school");
  });

  it("writes a real quiz_performance.xlsx with a Summary sheet and a Students sheet", async () => {
    const r = await exportCall(admin, `?quizIds=${ids.algebra},${ids.biology},${ids.drama}&format=excel&includeStudentDetails=true`);
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(r.headers["content-disposition"]).toContain('filename="quiz_performance.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(["Summary", "Students"]);
    const values = (name: string) =>
      wb
        .getWorksheet(name)!
        .getSheetValues()
        .slice(1)
        .map((row) => (row as unknown[]).slice(1));
    const summary = values("Summary");
    expect(summary[0][1]).toBe("Quiz Title");
    expect(summary.slice(1).map((row) => [row[1], row[6], row[9], row[12]])).toEqual([
      ["Algebra", 60, 66.67, "medium"],
      ["Biology", 80, 100, "high"],
      ["Drama", 100, 100, "high"],
    ]);
    const students = values("Students");
    expect(students).toHaveLength(1 + 3 + 3 + 1);
    expect(students.slice(1).map((row) => [row[1], row[3], row[6], row[11]])).toEqual([
      ["Algebra", "'=Esi Quaye", 40, "No"],
      ["Algebra", "Ama Owusu", 80, "Yes"],
      ["Algebra", "Kofi Mensah", 60, "Yes"],
      // Esi waits for a grade on Biology: the automatic part of her score, and no verdict yet.
      ["Biology", "'=Esi Quaye", 55, "Pending"],
      ["Biology", "Ama Owusu", 90, "Yes"],
      ["Biology", "Kofi Mensah", 70, "Yes"],
      ["Drama", "Ama Owusu", 100, "Yes"],
    ]);
    const noDetails = await exportCall(admin, `?quizIds=${ids.algebra}&format=excel`);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(noDetails.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets.map((w) => w.name)).toEqual(["Summary"]);
  });

  it("refuses another teacher's quiz (403), an unknown quiz (404) and students", async () => {
    expect((await exportCall(teacher, `?quizIds=${ids.algebra},${ids.drama}`)).statusCode).toBe(403);
    expect((await exportCall(teacher, `?quizIds=${ids.algebra},99999999`)).statusCode).toBe(404);
    expect((await exportCall(student, `?quizIds=${ids.algebra}`)).statusCode).toBe(403);
    expect((await exportCall(otherTeacher, `?quizIds=${ids.drama}`)).statusCode).toBe(200);
  });
});
