import { describe, expect, it } from "vitest";
import { attempts, records, submissions } from "../../db/schema";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, buildQuiz, buildUser, signedIn } from "../../../test/factories";

const t = useTestApp();

const db = () => t.database.db;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const home = (token: string) => call(t.app, { method: "GET", url: "/api/teachers/me/home", token });
const insights = (token: string, query: string) => call(t.app, { method: "GET", url: `/api/teachers/me/insights?${query}`, token });

/**
 * A small school whose figures are worked out by hand (decision 024's rules):
 *   A  Q2 80, Q1 95, Q2 92 (in that order) → average of bests (95 + 92) / 2 = 93.5: top; last result 9 days ago
 *   B  Q1 40, Q5 45 (pass marks 50 and 60)  → 42.5 below its pass mark 55: support; active (1–2 days ago)
 *   C  Q1 90, Q2 80, Q3 70 (in that order)  → falling by 20: support (average 80 is above 50)
 *   D  Q1 80, Q2 78, Q3 75; Q7 (another teacher's) 10 → falls by only 5: not falling; an attempt open on Q6 → active
 *   E  only an attempt in progress on Q1 started 2 days ago → active, no scored result
 *   F  an ungraded result on Q4 three days ago → active, one submission to grade, no scored result
 *   G  a result on another teacher's quiz only → not the teacher's student
 *   H  Q1 50 then 100 (5 days ago), Q2 60 → average 80, active; two quizzes cannot be falling
 *   a teacher's own result on Q1 → never counted
 */
async function school() {
  const teacher = await signedIn(db(), { role: "teacher", name: "Mr Asante" });
  const other = await buildUser(db(), { role: "teacher" });
  const tid = teacher.user.id;
  const [algebra, biology, chemistry] = [
    await buildCourse(db(), { title: "Algebra", teacherId: tid }),
    await buildCourse(db(), { title: "Biology", teacherId: tid }),
    await buildCourse(db(), { title: "Chemistry", teacherId: tid }),
  ];
  await buildCourse(db(), { title: "Drama", teacherId: tid });
  const theirs = await buildCourse(db(), { title: "Their course", teacherId: other.id });
  const inDays = (d: number) => new Date(Date.now() + d * DAY);
  const quiz = async (title: string, courseId: number, closeTime: Date | null, passingScore = 50, teacherId: number | null = tid) =>
    (await buildQuiz(db(), { title, courseId, closeTime, passingScore, teacherId })).quiz;
  const q1 = await quiz("Q1 Fractions", algebra.id, inDays(1));
  const q2 = await quiz("Q2 Ratios", algebra.id, inDays(3));
  const q3 = await quiz("Q3 Sets", algebra.id, inDays(2));
  const q4 = await quiz("Q4 Graphs", algebra.id, ago(1));
  const q5 = await quiz("Q5 Cells", biology.id, inDays(10), 60);
  const q6 = await quiz("Q6 Guest quiz", theirs.id, null);
  const q7 = await quiz("Q7 Not mine", theirs.id, inDays(1), 50, other.id);

  const s = async (name: string) => buildUser(db(), { name, role: "student", studentType: "jhs2" });
  const [A, B, C, D, E, F, G, H] = [
    await s("Abena"),
    await s("Baffour"),
    await s("Comfort"),
    await s("Dede"),
    await s("Ekow"),
    await s("Fiifi"),
    await s("Gifty"),
    await s("Hawa"),
  ];
  const rec = (user: { id: number }, quiz: { id: number }, score: number | null, daysAgo: number) => ({
    userId: user.id,
    quizId: quiz.id,
    score,
    correct: 0,
    total: 3,
    passed: score === null ? null : score >= 50,
    createdAt: ago(daysAgo),
  });
  /** One student's records: [quiz, score, days ago] each. */
  const recs = (user: { id: number }, ...rows: [{ id: number }, number | null, number][]) =>
    rows.map(([quiz, score, daysAgo]) => rec(user, quiz, score, daysAgo));
  await db()
    .insert(records)
    .values([
      ...recs(A, [q1, 95, 10], [q2, 80, 11], [q2, 92, 9]),
      ...recs(B, [q1, 40, 2], [q5, 45, 1]),
      ...recs(C, [q1, 90, 20], [q2, 80, 15], [q3, 70, 10]),
      ...recs(D, [q1, 80, 30], [q2, 78, 25], [q3, 75, 20], [q7, 10, 1]),
      ...recs(F, [q4, null, 3]),
      ...recs(G, [q7, 99, 1]),
      ...recs(H, [q1, 50, 30], [q2, 60, 20], [q1, 100, 5]),
      ...recs(teacher.user, [q1, 100, 1]),
    ]);
  await db()
    .insert(attempts)
    .values([
      { quizId: q6.id, userId: D.id, attemptNumber: 1, status: "in_progress", startedAt: new Date(Date.now() - 3600_000) },
      { quizId: q1.id, userId: E.id, attemptNumber: 1, status: "in_progress", startedAt: ago(2) },
      // Started long ago and still open: not this week's activity.
      { quizId: q2.id, userId: G.id, attemptNumber: 1, status: "in_progress", startedAt: ago(8) },
    ]);
  await db().insert(submissions).values({ quizId: q4.id, userId: F.id, score: null, correct: 0, total: 3, graded: false });
  return { teacher, students: { A, B, C, D, E, F, G, H }, quizzes: { q1, q2, q3, q5 }, courses: { algebra, biology, chemistry } };
}

describe("GET /teachers/me/home", () => {
  it("computes the stat cards, deadlines, course averages and insights from the data", async () => {
    const { teacher, quizzes, courses } = await school();
    const r = await home(teacher.token);
    expect(r.status).toBe(200);
    // Scored student results on the teacher's quizzes: 267 + 85 + 240 + 233 + 210 = 1035 over 14 → 73.9.
    expect(r.body.stats).toEqual({ courses: 4, totalQuizzes: 6, activeQuizzes: 5, students: 5, toGrade: 1, averageScore: 73.9 });
    expect(r.body.deadlines.map((d: { quizId: number }) => d.quizId)).toEqual([quizzes.q1.id, quizzes.q3.id, quizzes.q2.id]);
    expect(r.body.deadlines[0]).toMatchObject({ title: "Q1 Fractions", courseTitle: "Algebra", submissions: 0 });
    // Algebra: 990 over 13 results → 76.2; Biology: 45; Chemistry: no quiz yet.
    expect(r.body.courses).toEqual([
      { id: courses.algebra.id, title: "Algebra", quizCount: 4, results: 13, averageScore: 76.2 },
      { id: courses.biology.id, title: "Biology", quizCount: 1, results: 1, averageScore: 45 },
      { id: courses.chemistry.id, title: "Chemistry", quizCount: 0, results: 0, averageScore: null },
    ]);
    expect(r.body.insights).toEqual({ top: 1, support: 2, active: 5 });
  });

  it("names the students behind each insight, by name and paginated", async () => {
    const { teacher, students } = await school();
    const top = await insights(teacher.token, "kind=top");
    expect(top.status).toBe(200);
    expect(top.body.data).toEqual([
      {
        studentId: students.A.id,
        name: "Abena",
        studentType: "jhs2",
        averageScore: 93.5,
        passMark: 50,
        quizCount: 2,
        recentScores: [80, 95, 92],
        belowPassMark: false,
        falling: false,
        lastActivity: expect.any(String),
      },
    ]);
    const support = await insights(teacher.token, "kind=support");
    expect(support.body.data.map((s: { name: string }) => s.name)).toEqual(["Baffour", "Comfort"]);
    expect(support.body.data[0]).toMatchObject({ averageScore: 42.5, passMark: 55, belowPassMark: true, falling: false });
    expect(support.body.data[1]).toMatchObject({ averageScore: 80, recentScores: [90, 80, 70], belowPassMark: false, falling: true });
    const active = await insights(teacher.token, "kind=active&limit=2&page=2");
    expect(active.body.pagination).toEqual({ total: 5, page: 2, limit: 2 });
    expect(active.body.data.map((s: { name: string }) => s.name)).toEqual(["Ekow", "Fiifi"]);
    const ekow = active.body.data[0];
    expect(ekow).toMatchObject({ averageScore: null, quizCount: 0, recentScores: [] });
    expect(Date.now() - Date.parse(ekow.lastActivity)).toBeGreaterThan(DAY);
    const all = await insights(teacher.token, "kind=active&limit=100");
    expect(all.body.data.map((s: { name: string }) => s.name)).toEqual(["Baffour", "Dede", "Ekow", "Fiifi", "Hawa"]);
    expect((await insights(teacher.token, "kind=active&page=9")).body).toEqual({ data: [], pagination: { total: 5, page: 9, limit: 20 } });
  });

  it("answers zeros and empty lists to a teacher with nothing yet", async () => {
    const fresh = await signedIn(db(), { role: "teacher" });
    const r = await home(fresh.token);
    expect(r.body).toMatchObject({
      stats: { courses: 0, totalQuizzes: 0, activeQuizzes: 0, students: 0, toGrade: 0, averageScore: null },
      deadlines: [],
      courses: [],
      insights: { top: 0, support: 0, active: 0 },
    });
  });

  it("is the teacher's own: admins and students are refused (403), anonymous callers 401, a bad kind 400", async () => {
    for (const role of ["admin", "student"] as const) {
      const u = await signedIn(db(), { role });
      expect((await home(u.token)).status, role).toBe(403);
      expect((await insights(u.token, "kind=top")).status, role).toBe(403);
    }
    expect((await call(t.app, { method: "GET", url: "/api/teachers/me/home" })).status).toBe(401);
    const teacher = await signedIn(db(), { role: "teacher" });
    const bad = await insights(teacher.token, "kind=everyone");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("kind must be top, support or active");
  });
});
