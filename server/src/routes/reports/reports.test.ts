import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { unzipSync, strFromU8 } from "fflate";
import { attemptAnswers, attempts, practiceResults, questions, records, submissions } from "../../db/schema";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, buildQuiz, buildUser, signedIn } from "../../../test/factories";
import type { Db } from "../../db/client";

const t = useTestApp({ SCHOOL_NAME: "Adenta Junior High" });
type Who = { user: { id: number }; token: string };
let admin: Who, teacherA: Who, teacherB: Who, student: Who;
let quizA: number, quizB: number;
let s1: number, s2: number, s3: number;
let qIds: number[];

const attemptNo = new Map<string, number>();
/** One graded attempt: attempt, submission and record, `daysAgo` days ago, with the given answers. */
async function addResult(db: Db, quizId: number, userId: number, score: number, daysAgo: number, answers: Record<number, string> = {}) {
  const k = `${quizId}:${userId}`;
  const n = (attemptNo.get(k) ?? 0) + 1;
  attemptNo.set(k, n);
  const at = new Date(Date.now() - daysAgo * 24 * 3600_000);
  const [a] = await db.insert(attempts).values({ quizId, userId, attemptNumber: n, status: "submitted", startedAt: at, submittedAt: at }).returning();
  const given = Object.entries(answers).map(([questionId, answer]) => ({ attemptId: a.id, questionId: Number(questionId), answer }));
  if (given.length) await db.insert(attemptAnswers).values(given);
  const [s] = await db.insert(submissions).values({ attemptId: a.id, quizId, userId, score, correct: 0, total: 3, createdAt: at }).returning();
  await db.insert(records).values({ userId, quizId, submissionId: s.id, score, correct: 0, total: 3, passed: score >= 50, userAttempts: n, createdAt: at });
}

beforeAll(async () => {
  const db = t.database.db;
  admin = await signedIn(db, { role: "admin" });
  teacherA = await signedIn(db, { role: "teacher" });
  teacherB = await signedIn(db, { role: "teacher" });
  student = await signedIn(db, { role: "student" });
  const maths = await buildCourse(db, { title: "Mathematics", teacherId: teacherA.user.id });
  const science = await buildCourse(db, { title: "Integrated Science", teacherId: teacherB.user.id });
  const qa = await buildQuiz(db, { title: "Fractions test", courseId: maths.id, teacherId: teacherA.user.id, passingScore: 50 });
  quizA = qa.quiz.id;
  qIds = qa.questions.map((q) => q.id);
  // Options of question i are [2i, 2i+1, 2i+2, 2i+3], the key 2i (factories.sampleQuestions).
  await db.update(questions).set({ topic: "Fractions" }).where(eq(questions.id, qIds[0]));
  await db.update(questions).set({ topic: "Fractions" }).where(eq(questions.id, qIds[1]));
  await db.update(questions).set({ topic: "Algebra" }).where(eq(questions.id, qIds[2]));
  quizB = (await buildQuiz(db, { title: "Matter", courseId: science.id, teacherId: teacherB.user.id })).quiz.id;
  s1 = (await buildUser(db, { name: "Abena Falling" })).id;
  s2 = (await buildUser(db, { name: "Kojo Below" })).id;
  s3 = (await buildUser(db, { name: "Esi Mixed" })).id;
  // Each attempt: question 1 right (by text, or by letter "A"), question 2 wrong, question 3 right.
  const answers = (letter: boolean) => ({ [qIds[0]]: letter ? "a" : "2", [qIds[1]]: "5", [qIds[2]]: "6" });
  await addResult(db, quizA, s1, 90, 3, answers(false));
  await addResult(db, quizA, s1, 80, 2, answers(true));
  await addResult(db, quizA, s1, 70, 1, answers(false));
  await addResult(db, quizA, s2, 40, 2, answers(true));
  await addResult(db, quizA, s3, 60, 2, answers(false));
  await addResult(db, quizB, s3, 30, 1);
  // Practice of Mathematics by s1: 40%, three Geometry questions of which one right.
  const bank = await db
    .insert(questions)
    .values(
      [1, 2, 3].map((i) => ({
        position: i,
        text: `Angle ${i}`,
        options: ["a", "b"],
        answer: "a",
        year: 2022,
        subject: "mathematics",
        section: "A",
        topic: "Geometry",
      })),
    )
    .returning();
  await db.insert(practiceResults).values({
    userId: s1,
    year: 2022,
    subject: "mathematics",
    section: "A",
    score: 2,
    total: 5,
    percentage: 40,
    answers: bank.map((q, i) => ({ questionId: q.id, answer: i === 0 ? "a" : "b", correctAnswer: "a", correct: i === 0 })),
  });
});

const get = (url: string, who: Who) => call(t.app, { method: "GET", url, token: who.token });
const cols = (r: { rows: Record<string, unknown>[] }, key: string) => r.rows.map((x) => x[key]);

function docxText(raw: Buffer): { xml: string; media: string[]; cells: string[] } {
  const files = unzipSync(new Uint8Array(raw));
  const xml = strFromU8(files["word/document.xml"]);
  const cells = [...xml.matchAll(/<w:tc>([\s\S]*?)<\/w:tc>/g)].map((m) => [...m[1].matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((x) => x[1]).join(""));
  return { xml, media: Object.keys(files).filter((f) => f.startsWith("word/media/")), cells };
}

describe("GET /api/reports", () => {
  it("lists the report definitions with their paths and pickers", async () => {
    const r = await get("/api/reports", teacherA);
    expect(r.status).toBe(200);
    expect(r.body.map((d: { id: string }) => d.id).sort()).toEqual(
      ["beceReadiness", "courseEngagement", "libraryStats", "quizAnalytics", "studentPerformance", "studentsAtRisk"].sort(),
    );
    expect(r.body.find((d: { id: string }) => d.id === "quizAnalytics")).toMatchObject({ path: "/api/reports/quiz-analytics/{quizId}", needs: "quiz" });
    expect(r.body.find((d: { id: string }) => d.id === "studentPerformance")).toMatchObject({
      path: "/api/reports/student-performance/{userId}",
      needs: "user",
    });
    expect((await get("/api/reports", student)).status).toBe(403);
  });
});

describe("quiz analytics", () => {
  it("counts submissions, the average and the spread of one quiz", async () => {
    const r = await get(`/api/reports/quiz-analytics/${quizA}`, teacherA);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: "quizAnalytics", totalSubmissions: 5, averageScore: 68 });
    expect(r.body.summary.find((s: { key: string }) => s.key === "passRate").value).toBe(80);
    const bands = Object.fromEntries(r.body.rows.map((x: { range: string; submissions: number }) => [x.range, x.submissions]));
    expect(bands).toMatchObject({ "40–49": 1, "50–59": 0, "60–69": 1, "70–79": 1, "80–89": 1, "90–100": 1 });
    expect(r.body.chart.bars).toHaveLength(10);
  });

  it("hides another teacher's quiz (404) and answers 404 for a missing one", async () => {
    expect((await get(`/api/reports/quiz-analytics/${quizA}`, teacherB)).status).toBe(404);
    expect((await get(`/api/reports/quiz-analytics/999999`, admin)).status).toBe(404);
    expect((await get(`/api/reports/quiz-analytics/abc`, admin)).status).toBe(400);
  });
});

describe("student performance", () => {
  it("lists a student's results, only of the teacher's own quizzes for a teacher", async () => {
    const all = await get(`/api/reports/student-performance/${s3}`, admin);
    expect(all.status).toBe(200);
    expect(all.body.rows).toEqual([
      { quizTitle: "Matter", courseTitle: "Integrated Science", score: 30, date: expect.any(String) },
      { quizTitle: "Fractions test", courseTitle: "Mathematics", score: 60, date: expect.any(String) },
    ]);
    const mine = await get(`/api/reports/student-performance/${s3}`, teacherA);
    expect(cols(mine.body, "quizTitle")).toEqual(["Fractions test"]);
  });

  it("answers 404 for a user who is not a student", async () => {
    expect((await get(`/api/reports/student-performance/${teacherB.user.id}`, teacherA)).status).toBe(404);
    expect((await get(`/api/reports/student-performance/999999`, admin)).status).toBe(404);
  });
});

describe("course engagement", () => {
  it("counts submissions per course, most first; a teacher sees their own courses", async () => {
    const all = await get("/api/reports/course-engagement", admin);
    expect(all.body.rows.slice(0, 2)).toEqual([
      { courseTitle: "Mathematics", quizzes: 1, submissions: 5, students: 3, averageScore: 68 },
      { courseTitle: "Integrated Science", quizzes: 1, submissions: 1, students: 1, averageScore: 30 },
    ]);
    const mine = await get("/api/reports/course-engagement", teacherA);
    expect(cols(mine.body, "courseTitle")).toEqual(["Mathematics"]);
  });
});

describe("BECE readiness", () => {
  it("gives per level and subject the average, pass rate and weakest topics from quizzes and practice", async () => {
    const r = await get("/api/reports/bece-readiness", admin);
    expect(r.status).toBe(200);
    const maths = r.body.rows.find((x: { subject: string }) => x.subject === "Mathematics" || x.subject === "mathematics");
    // Quizzes: 90, 80, 70, 40, 60 (4 of 5 passed); practice: 40 (not passed): 380 / 6.
    expect(maths).toMatchObject({ level: "JHS 1", results: 6, averageScore: 63.33, passRate: 66.67, quizAverage: 68, practiceAverage: 40 });
    expect(maths.weakestTopics).toBe("Geometry (33.33%); Fractions (50%); Algebra (100%)");
    const science = r.body.rows.find((x: { subject: string }) => x.subject === "Integrated Science");
    expect(science).toMatchObject({ results: 1, averageScore: 30, passRate: 0, weakestTopics: "Not enough topic data" });
  });

  it("covers only a teacher's own courses (and their students' practice in those subjects)", async () => {
    const a = await get("/api/reports/bece-readiness", teacherA);
    expect(a.body.rows).toHaveLength(1);
    expect(a.body.rows[0]).toMatchObject({ results: 6, averageScore: 63.33 });
    const b = await get("/api/reports/bece-readiness", teacherB);
    expect(cols(b.body, "subject")).toEqual(["Integrated Science"]);
  });
});

describe("students at risk", () => {
  it("names students below the pass mark on average or falling over their last three results", async () => {
    const r = await get("/api/reports/students-at-risk", admin);
    expect(r.body.rows.map((x: { student: string; reason: string }) => [x.student, x.reason])).toEqual([
      ["Kojo Below", "Below pass mark"],
      ["Esi Mixed", "Below pass mark"],
      ["Abena Falling", "Falling"],
    ]);
    expect(r.body.rows[2]).toMatchObject({ averageScore: 80, lastScores: "90 → 80 → 70", quizzesTaken: 3 });
    // Teacher A sees only Mathematics: Esi's 60 there is above the pass mark.
    const mine = await get("/api/reports/students-at-risk", teacherA);
    expect(cols(mine.body, "student")).toEqual(["Kojo Below", "Abena Falling"]);
  });
});

describe("library statistics", () => {
  it("counts the documents by type", async () => {
    const r = await get("/api/reports/library-stats", admin);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      totalItems: 0,
      byType: [
        { type: "material", count: 0 },
        { type: "quiz-pdf", count: 0 },
      ],
    });
  });
});

describe("exports", () => {
  it("downloads a report as CSV named with the report's name and ISO date", async () => {
    const r = await call(t.app, { method: "GET", url: "/api/reports/students-at-risk?format=csv", token: admin.token });
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toMatch(/^text\/csv/);
    const day = new Date().toISOString().slice(0, 10);
    expect(r.headers["content-disposition"]).toContain(`students-at-risk-${day}.csv`);
    const lines = r.raw
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Student,Level,Results,Average score,Pass mark,Last three scores,Why");
    expect(lines[1]).toBe("Kojo Below,JHS 1,1,40,50,40,Below pass mark");
    expect(lines).toHaveLength(4);
  });

  it("downloads BECE readiness as a Word document with the school, title, date, chart and table", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/reports/bece-readiness?format=docx", headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    const day = new Date().toISOString().slice(0, 10);
    expect(res.headers["content-disposition"]).toContain(`bece-readiness-${day}.docx`);
    const { xml, media, cells } = docxText(res.rawPayload);
    expect(xml).toContain("Adenta Junior High");
    expect(xml).toContain("BECE Readiness");
    expect(xml).toContain(`Date: ${day}`);
    expect(media.some((m) => m.endsWith(".png"))).toBe(true);
    expect(cells.slice(0, 8)).toEqual(["Level", "Subject", "Results", "Average score", "Pass rate (%)", "Quiz average", "Practice average", "Weakest topics"]);
    const mathsRow = cells.indexOf("Mathematics") >= 0 ? cells.indexOf("Mathematics") : cells.indexOf("mathematics");
    expect(cells.slice(mathsRow - 1, mathsRow + 7)).toEqual([
      "JHS 1",
      cells[mathsRow],
      "6",
      "63.33",
      "66.67",
      "68",
      "40",
      "Geometry (33.33%); Fractions (50%); Algebra (100%)",
    ]);
    // Scores are shaded: 63.33 yellow (≥ 60).
    expect(xml).toContain('w:fill="FFF3BF"');
  });

  it("exports the teacher's own view and refuses a bad format", async () => {
    const r = await call(t.app, { method: "GET", url: "/api/reports/course-engagement?format=csv", token: teacherA.token });
    expect(r.raw).not.toContain("Integrated Science");
    expect((await call(t.app, { method: "GET", url: "/api/reports/course-engagement?format=pdf", token: admin.token })).status).toBe(400);
  });

  it("refuses students every report", async () => {
    for (const url of ["/api/reports/bece-readiness", `/api/reports/quiz-analytics/${quizA}`, `/api/reports/student-performance/${student.user.id}`]) {
      expect((await get(url, student)).status).toBe(403);
    }
  });
});
