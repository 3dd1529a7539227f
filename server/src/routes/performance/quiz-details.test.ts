import { beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { call, expectSchema, useTestApp } from "../../../test/test-app";
import { buildCourse, buildQuiz, buildUser, signedIn } from "../../../test/factories";
import { QuizPerformanceDetailsSchema } from "@adesua/domain";
import { buildSubmission } from "../../../test/performance";
import { utcIso } from "../../services/performance/quiz-details.service";
import { auditLogs, questions as questionsTable, records, submissions, type QuestionRow, type QuizRow } from "../../db/schema";

/**
 * Quiz details with item analysis on a hand-computed class (decision 023). Five questions, options
 * Accra, Kumasi, Tamale, Ho; keys Q1 Accra, Q2 Kumasi (wrong: the strong students pick Tamale),
 * Q3 Ho, Q4 Accra, Q5 Accra. Ten students, submitted in this order (A Accra, K Kumasi, T Tamale, H Ho):
 *
 *   S1  a  T  H  A  A   80      S6  A  T  A  K  A   40
 *   S2  A  T  " HO "  A  A   80      S7  K  K  b  K  A   40
 *   S3  A  T  K  A  A   60      S8  T  K  H  K  K   40
 *   S4  A  K  H  A  K   80      S9  K  T  Cape Coast  K  K   0
 *   S5  K  K  H  A  K   60      S10 T  –  H  K  K   20
 *
 * ("a" and "b" are letters, " HO " is Ho with spaces, Cape Coast names no option, – is blank.)
 * By score, then submission order: S1 S2 S4 | S3 S5 S6 S7 | S8 S10 S9. n = 10, groups of ⌈2.7⌉ = 3:
 * upper S1 S2 S4, lower S8 S10 S9.
 *   Q1: right S1 S2 S3 S4 S6 = 5 → facility 0.5; upper 3, lower 0 → D = 1.
 *   Q2: right S4 S5 S7 S8 = 4 → 0.4; upper 1 (S4), lower 1 (S8) → D = 0; upper chose Tamale 2 > Kumasi 1 → wrongly keyed.
 *   Q3: right S1 S2 S4 S5 S8 S10 = 6 → 0.6; upper 3, lower 2 → D = 0.333; Cape Coast is "other".
 *   Q4: right 5 → 0.5, D = 1.  Q5: right S1 S2 S3 S6 S7 = 5 → 0.5; upper 2, lower 0 → D = 0.667.
 */
const OPTS = ["Accra", "Kumasi", "Tamale", "Ho"];
const A = "Accra",
  K = "Kumasi",
  T = "Tamale",
  H = "Ho";
const CLASS: (string | null)[][] = [
  ["a", T, H, A, A],
  [A, T, " HO ", A, A],
  [A, T, K, A, A],
  [A, K, H, A, K],
  [K, K, H, A, K],
  [A, T, A, K, A],
  [K, K, "b", K, A],
  [T, K, H, K, K],
  [K, T, "Cape Coast", K, K],
  [T, null, H, K, K],
];

const t = useTestApp();
let admin: string, teacher: string, otherTeacher: string, student: string;
let quiz: QuizRow;
let qs: QuestionRow[];
let studentIds: number[];

beforeAll(async () => {
  const db = t.database.db;
  const tt = await signedIn(db, { role: "teacher" });
  [admin, teacher, otherTeacher, student] = [
    (await signedIn(db, { role: "admin" })).token,
    tt.token,
    (await signedIn(db, { role: "teacher" })).token,
    (await signedIn(db, { role: "student" })).token,
  ];
  const course = await buildCourse(db, { teacherId: tt.user.id, title: "Social Studies" });
  const built = await buildQuiz(db, {
    courseId: course.id,
    teacherId: tt.user.id,
    title: "Regions of Ghana",
    passingScore: 50,
    questions: [A, K, H, A, A].map((answer, i) => ({ text: `Question ${i + 1}`, options: OPTS, answer })),
  });
  quiz = built.quiz;
  qs = built.questions;
  studentIds = [];
  for (const [i, answers] of CLASS.entries()) {
    const s = await buildUser(db, { name: `Student ${String(i + 1).padStart(2, "0")}` });
    studentIds.push(s.id);
    await buildSubmission(db, quiz, qs, s.id, answers, new Date(Date.UTC(2026, 0, 10, 9, i)));
  }
  // S9 tries again later and does better (60): their best counts in the list; the item analysis keeps first attempts.
  await buildSubmission(db, quiz, qs, studentIds[8], [A, K, H, K, K], new Date(Date.UTC(2026, 0, 11, 9, 0)));
});

const details = (token: string, id = quiz.id) => call(t.app, { method: "GET", url: `/api/performance/quiz-details/${id}`, token });

describe("GET /performance/quiz-details/{id}", () => {
  it("writes the students' last attempt times as Date#toISOString does (whole, tenths, microseconds)", () => {
    for (const [text, iso] of [
      ["2026-01-11 09:00:00", "2026-01-11T09:00:00.000Z"],
      ["2026-01-11 09:00:00.1", "2026-01-11T09:00:00.100Z"],
      ["2026-12-31 23:59:59.999999", "2026-12-31T23:59:59.999Z"],
    ]) {
      expect(utcIso(text)).toBe(iso);
      expect(utcIso(text)).toBe(new Date(`${text.replace(" ", "T").slice(0, 23)}Z`).toISOString());
    }
  });

  it("answers the quiz, its statistics, the students' best attempts and the distribution", async () => {
    const r = await details(teacher);
    expect(r.status).toBe(200);
    // The route writes its answer without re-validating it (builtAnswer): the schema is checked here.
    expectSchema(QuizPerformanceDetailsSchema, r.body);
    expect(r.body.quiz).toMatchObject({ id: quiz.id, title: "Regions of Ghana", course: "Social Studies", passingScore: 50, maxAttempts: null });
    // Best scores: 80 80 60 80 60 40 40 40 60 20 → mean 56, 6 of 10 reach 50.
    expect(r.body.statistics).toEqual({ totalStudents: 10, averageScore: 56, highestScore: 80, lowestScore: 20, passRate: 60 });
    expect(r.body.students).toHaveLength(10);
    expect(r.body.students[8]).toMatchObject({
      studentName: "Student 09",
      score: 60,
      correct: 3,
      total: 5,
      attempts: 2,
      lastAttempt: "2026-01-11T09:00:00.000Z",
    });
    expect(r.body.students[9]).toMatchObject({ studentName: "Student 10", score: 20, correct: 1, attempts: 1 });
    const bands = Object.fromEntries(r.body.distribution.map((d: { band: string; count: number }) => [d.band, d.count]));
    expect(r.body.distribution).toHaveLength(10);
    expect(bands).toMatchObject({ "20–29": 1, "40–49": 3, "60–69": 3, "80–89": 3, "90–100": 0 });
  });

  it("analyses each question: facility, upper-lower discrimination, option counts and flags", async () => {
    const r = await details(admin);
    expectSchema(QuizPerformanceDetailsSchema, r.body);
    expect(r.body.itemAnalysis).toEqual({ method: "upper-lower-27", students: 10, groupSize: 3 });
    const items = r.body.items;
    expect(items.map((i: { facility: number }) => i.facility)).toEqual([0.5, 0.4, 0.6, 0.5, 0.5]);
    expect(items.map((i: { discrimination: number }) => i.discrimination)).toEqual([1, 0, 0.333, 1, 0.667]);
    expect(items.map((i: { flags: string[] }) => i.flags)).toEqual([[], ["wrong_key", "non_discriminating"], [], [], []]);
    expect(items[0].options.map((o: any) => [o.text, o.count, o.upper, o.lower, o.isKey])).toEqual([
      ["Accra", 5, 3, 0, true],
      ["Kumasi", 3, 0, 1, false],
      ["Tamale", 2, 0, 2, false],
      ["Ho", 0, 0, 0, false],
    ]);
    expect(items[1]).toMatchObject({ key: "Kumasi", upperCorrect: 1, lowerCorrect: 1, blank: 1, other: 0 });
    expect(items[1].options.map((o: any) => [o.count, o.upper, o.lower])).toEqual([
      [0, 0, 0],
      [4, 1, 1],
      [5, 2, 1],
      [0, 0, 0],
    ]);
    expect(items[2]).toMatchObject({ key: "Ho", blank: 0, other: 1, upperCorrect: 3, lowerCorrect: 2 });
    expect(items[2].options.map((o: any) => o.count)).toEqual([1, 2, 0, 6]);
  });

  it("refuses a teacher of another course and students (403), and answers 404 for no quiz", async () => {
    expect((await details(otherTeacher)).status).toBe(403);
    expect((await details(otherTeacher)).body.error).toBe("You can only see the performance of your own courses' quizzes");
    expect((await details(student)).status).toBe(403);
    expect((await details(admin, 99999999)).status).toBe(404);
    expect((await call(t.app, { method: "GET", url: "/api/performance/quiz-details/0x6", token: admin })).status).toBe(400);
  });
});

describe("PUT /performance/quiz-details/{id}/items/{questionId}/key", () => {
  const fix = (token: string, questionId: number, answer: unknown, id = quiz.id) =>
    call(t.app, { method: "PUT", url: `/api/performance/quiz-details/${id}/items/${questionId}/key`, token, payload: { answer } as object });

  it("refuses other teachers, students, other quizzes' questions and keys that name no option", async () => {
    expect((await fix(otherTeacher, qs[1].id, "Tamale")).status).toBe(403);
    expect((await fix(student, qs[1].id, "Tamale")).status).toBe(403);
    const other = await buildQuiz(t.database.db);
    expect((await fix(admin, other.questions[0].id, "A")).status).toBe(404);
    const bad = await fix(teacher, qs[1].id, "Volta");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("The key must be one of the question's options (its text or its letter A–E)");
    expect((await fix(teacher, qs[1].id, "")).status).toBe(400);
    expect((await fix(teacher, qs[1].id, 5)).status).toBe(400);
    const [q] = await t.database.db.select().from(questionsTable).where(eq(questionsTable.id, qs[1].id));
    expect(q.answer).toBe("Kumasi");
  });

  it("fixes the key and re-grades every submission and record of the quiz in one go, audited", async () => {
    const r = await fix(teacher, qs[1].id, "c");
    expect(r.status).toBe(200);
    // Q2 flips for everyone who answered it: S1–S10 first attempts (S10 blank stays wrong) and S9's second.
    expect(r.body).toEqual({ questionId: qs[1].id, key: "Tamale", regraded: 10 });
    const subs = await t.database.db.select().from(submissions).where(eq(submissions.quizId, quiz.id)).orderBy(asc(submissions.id));
    expect(subs.map((s) => s.score)).toEqual([100, 100, 80, 60, 40, 60, 20, 20, 20, 20, 40]);
    const recs = await t.database.db.select().from(records).where(eq(records.quizId, quiz.id)).orderBy(asc(records.id));
    expect(recs.map((x) => x.score)).toEqual([100, 100, 80, 60, 40, 60, 20, 20, 20, 20, 40]);
    expect(recs.map((x) => x.passed)).toEqual([true, true, true, true, false, true, false, false, false, false, false]);
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "question"), eq(auditLogs.entityId, String(qs[1].id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "update", before: { answer: "Kumasi" }, after: { answer: "Tamale" } });
    const regrade = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "quiz"), eq(auditLogs.entityId, String(quiz.id)), eq(auditLogs.action, "regrade")));
    expect(regrade).toHaveLength(1);

    // The analysis follows: Q2 now discriminates and is no longer flagged.
    const after = (await details(teacher)).body.items[1];
    expect(after.key).toBe("Tamale");
    expect(after.flags).not.toContain("wrong_key");
  });
});

describe("GET /performance/student/{studentId}", () => {
  const history = (token: string, id: number) => call(t.app, { method: "GET", url: `/api/performance/student/${id}`, token });

  it("answers a student's quizzes, course averages and trend to their teacher and admins, not to others", async () => {
    const db = t.database.db;
    const s9 = studentIds[8];
    // A second quiz of the same course, later, scored 100: the best scores go 40 (after the re-key) → 100.
    const { quiz: later, questions: lq } = await buildQuiz(db, {
      courseId: quiz.courseId,
      teacherId: quiz.teacherId,
      title: "Rivers",
      questions: [{ text: "Q", options: OPTS, answer: A }],
    });
    await buildSubmission(db, later, lq, s9, [A], new Date(Date.UTC(2026, 1, 1)));
    const r = await history(teacher, s9);
    expect(r.status).toBe(200);
    expect(r.body.student).toMatchObject({ id: s9, name: "Student 09", studentType: "jhs1" });
    expect(r.body.history.map((h: any) => [h.quizTitle, h.score, h.attempts, h.passed])).toEqual([
      ["Regions of Ghana", 40, 2, false],
      ["Rivers", 100, 1, true],
    ]);
    expect(r.body.courses).toEqual([{ courseId: quiz.courseId, courseTitle: "Social Studies", average: 70, quizCount: 2 }]);
    expect(r.body.overall).toEqual({ average: 70, quizCount: 2 });
    expect(r.body.trend).toEqual({ slope: 60, direction: "improving" });
    expect((await history(admin, s9)).status).toBe(200);
    // Outside the teacher's scope the student is not found, as an unknown id (issue 25 item 7: was 403).
    expect((await history(otherTeacher, s9)).status).toBe(404);
    expect((await history(student, s9)).status).toBe(403);
    expect((await history(admin, 99999999)).status).toBe(404);
    const aTeacher = await buildUser(db, { role: "teacher" });
    expect((await history(admin, aTeacher.id)).status).toBe(404);
  });
});
