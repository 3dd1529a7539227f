import { beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, buildQuiz, buildUser, signedIn } from "../../../test/factories";
import { buildScore, buildSubmission } from "../../../test/performance";
import { attempts, courses, questions, quizzes, submissions, type QuestionRow, type QuizRow } from "../../db/schema";
import { itemAnalysis } from "../../services/performance/item-analysis.service";
import { drainSummaries, drainSummariesWhenIdle } from "../../services/performance/summary-backlog";

/**
 * The summaries the database keeps for the performance screens (decision 030: quiz_student_scores and
 * quiz_score_shards, kept by a trigger on submissions; item analysis stored per version) must always
 * equal a from-scratch aggregation of the submissions: after submits, grades, a key fix's re-grade, grade
 * edits, deleted submissions, attempts, students and quizzes. Each step compares the tables, the
 * dashboard's HTTP figures and the stored item analysis with the from-scratch figures. Decision 036 adds
 * student_scope_scores (each student's sums per course and quiz teacher), compared the same way, also after
 * questions are added and removed and a quiz moves to another course and teacher.
 */
const OPTS = ["Accra", "Kumasi", "Tamale", "Ho"];
const [A, K, T, H] = OPTS;

const t = useTestApp();
let admin: string;
let quiz: QuizRow, other: QuizRow;
let qs: QuestionRow[], otherQs: QuestionRow[];
const students: number[] = [];

type Pair = { quiz_id: number; user_id: number; submissions: number; best: number | null };
type Total = { quiz_id: number; students: number; submissions: number; scored: number; score_sum: number };

/** An admin's key fix of one question (PUT /performance/quiz-details/{quiz}/items/{question}/key). */
const setKey = (quizId: number, questionId: number, answer: string) =>
  call(t.app, { method: "PUT", url: `/api/performance/quiz-details/${quizId}/items/${questionId}/key`, token: admin, payload: { answer } });

async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return (await t.database.db.execute(q)).rows as T[];
}

const backlog = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from summary_backlog`))[0].n;

/**
 * Every (quiz, student) pair and every quiz's totals, kept and from scratch. Both databases leave the
 * summaries to the backlog until a read drains it (decisions 038 and 053), so the tables are compared
 * after a drain, as every screen reads them.
 */
async function expectTablesExact() {
  await drainSummaries(t.database.db);
  expect(await backlog()).toBe(0);
  const kept = await rows<Pair>(sql`select quiz_id, user_id, submissions, best::float8 as best from quiz_student_scores order by 1, 2`);
  const scratch = await rows<Pair>(
    sql`select quiz_id, user_id, count(*)::int as submissions, (max(score) filter (where graded))::float8 as best from submissions group by 1, 2 order by 1, 2`,
  );
  expect(kept).toEqual(scratch);
  const keptTotals = await rows<Total>(
    sql`select quiz_id, sum(students)::int as students, sum(submissions)::int as submissions, sum(scored)::int as scored, sum(score_sum)::float8 as score_sum
        from quiz_score_shards group by 1 having sum(submissions) > 0 order by 1`,
  );
  const scratchTotals = await rows<Total>(
    sql`select quiz_id, count(*)::int as students, sum(n)::int as submissions, count(best)::int as scored, coalesce(sum(best), 0)::float8 as score_sum
        from (select quiz_id, user_id, count(*) as n, max(score) filter (where graded) as best from submissions group by 1, 2) p group by 1 order by 1`,
  );
  expect(keptTotals).toEqual(scratchTotals);
  // No shard or pair outlives its quiz.
  const orphans = await rows<{ n: number }>(
    sql`select (select count(*) from quiz_score_shards s where not exists (select 1 from quizzes q where q.id = s.quiz_id))::int
             + (select count(*) from quiz_student_scores p where not exists (select 1 from quizzes q where q.id = p.quiz_id))::int as n`,
  );
  expect(orphans[0].n).toBe(0);
  type Scope = {
    user_id: number;
    course_id: number;
    quiz_teacher: number;
    quizzes: number;
    best_sum: number;
    best_max: number;
    weighted_sum: number;
    questions: number;
  };
  const keptScopes = await rows<Scope>(
    sql`select user_id, course_id, quiz_teacher, quizzes, best_sum::float8 as best_sum, best_max::float8 as best_max,
               weighted_sum::float8 as weighted_sum, questions from student_scope_scores order by 1, 2, 3`,
  );
  const scratchScopes = await rows<Scope>(sql`
    with b as (select quiz_id, user_id, max(score) filter (where graded) as best from submissions group by 1, 2),
         n as (select quiz_id, count(*)::int as n from questions where quiz_id is not null group by 1)
    select b.user_id, q.course_id, coalesce(q.teacher_id, 0) as quiz_teacher, count(*)::int as quizzes, sum(b.best)::float8 as best_sum,
           max(b.best)::float8 as best_max, sum(b.best * coalesce(n.n, 0))::float8 as weighted_sum, sum(coalesce(n.n, 0))::int as questions
    from b join quizzes q on q.id = b.quiz_id left join n on n.quiz_id = q.id
    where b.best is not null group by 1, 2, 3 order by 1, 2, 3`);
  expect(keptScopes).toEqual(scratchScopes);
  // Each student's totals over every course and teacher (decision 037).
  type StudentTotal = Omit<Scope, "course_id" | "quiz_teacher">;
  const keptStudentTotals = await rows<StudentTotal>(
    sql`select user_id, quizzes, best_sum::float8 as best_sum, best_max::float8 as best_max, weighted_sum::float8 as weighted_sum, questions
        from student_totals order by 1`,
  );
  const scratchStudentTotals = await rows<StudentTotal>(sql`
    with b as (select quiz_id, user_id, max(score) filter (where graded) as best from submissions group by 1, 2),
         n as (select quiz_id, count(*)::int as n from questions where quiz_id is not null group by 1)
    select b.user_id, count(*)::int as quizzes, sum(b.best)::float8 as best_sum, max(b.best)::float8 as best_max,
           sum(b.best * coalesce(n.n, 0))::float8 as weighted_sum, sum(coalesce(n.n, 0))::int as questions
    from b join quizzes q on q.id = b.quiz_id left join n on n.quiz_id = q.id
    where b.best is not null group by 1 order by 1`);
  expect(keptStudentTotals).toEqual(scratchStudentTotals);
  type Results = {
    user_id: number;
    teacher_id: number;
    quizzes: number;
    best_sum: number;
    pass_sum: number;
    scored: number;
    score_sum: number;
    last_at: string;
    recent: number[];
  };
  const keptResults = await rows<Results>(
    sql`select user_id, teacher_id, quizzes, best_sum::float8 as best_sum, pass_sum::float8 as pass_sum, scored, score_sum::float8 as score_sum,
               last_at::text as last_at,
               recent::float8[] as recent from student_teacher_results order by 1, 2`,
  );
  // A teacher's quizzes: the ones they set and the ones of their courses (each quiz once per teacher).
  const scratchResults = await rows<Results>(sql`
    with tq as (select q.teacher_id as t, q.id as quiz_id from quizzes q where q.teacher_id is not null
                union select c.teacher_id, q.id from quizzes q join courses c on c.id = q.course_id where c.teacher_id is not null),
         rr as (select r.user_id, tq.t, r.quiz_id, r.id, r.score, r.created_at, q.passing_score
                from records r join tq on tq.quiz_id = r.quiz_id join quizzes q on q.id = r.quiz_id),
         pq as (select user_id, t, quiz_id, max(score) as best, max(passing_score) as ps from rr group by 1, 2, 3)
    select k.user_id, k.t as teacher_id,
           (select count(best) from pq where (pq.user_id, pq.t) = (k.user_id, k.t))::int as quizzes,
           (select coalesce(sum(best), 0) from pq where (pq.user_id, pq.t) = (k.user_id, k.t))::float8 as best_sum,
           (select coalesce(sum(ps) filter (where best is not null), 0) from pq where (pq.user_id, pq.t) = (k.user_id, k.t))::float8 as pass_sum,
           count(k.score)::int as scored, coalesce(sum(k.score), 0)::float8 as score_sum, max(k.created_at)::text as last_at,
           coalesce((select array_agg(x.score order by x.created_at desc, x.id desc) from (
              select score, created_at, id from rr where (rr.user_id, rr.t) = (k.user_id, k.t) and score is not null
              order by created_at desc, id desc limit 3) x), '{}')::float8[] as recent
    from rr k group by 1, 2 order by 1, 2`);
  expect(keptResults).toEqual(scratchResults);
}

/** The students' list (GET /performance/students, each strategy) against decision 023's rules over the submissions. */
async function expectStudentsExact(token: string, teacherId?: number) {
  const scope =
    teacherId === undefined ? sql`true` : sql`(q.teacher_id = ${teacherId} or q.course_id in (select id from courses where teacher_id = ${teacherId}))`;
  for (const strategy of ["standard", "highest", "weighted"] as const) {
    const r = await call(t.app, { method: "GET", url: `/api/performance/students?strategy=${strategy}&limit=100&sortBy=name`, token });
    expect(r.status).toBe(200);
    const scratch = await rows<{ userId: number; quizCount: number; score: number }>(sql`
      with b as (select s.quiz_id, s.user_id, max(s.score) as best, (select count(*) from questions x where x.quiz_id = s.quiz_id) as n
                 from submissions s join quizzes q on q.id = s.quiz_id where s.graded and s.score is not null and ${scope} group by 1, 2)
      select user_id as "userId", count(*)::int as "quizCount",
             (case ${strategy} when 'standard' then round(avg(best), 2) when 'highest' then max(best)
                   else round(sum(best * n) / nullif(sum(n), 0), 2) end)::float8 as score
      from b group by 1 order by 1`);
    const got = (r.body.data as { userId: number; quizCount: number; computedScore: number }[])
      .map((d) => ({ userId: d.userId, quizCount: d.quizCount, score: d.computedScore }))
      .sort((a, b) => a.userId - b.userId);
    expect(got).toEqual(scratch.map((x) => ({ ...x, score: x.score ?? 0 })));
  }
}

/** The dashboard's figures over HTTP against the from-scratch aggregation decision 023 describes. */
async function expectDashboardExact() {
  const r = await call(t.app, { method: "GET", url: "/api/performance/dashboard?limit=100", token: admin });
  expect(r.status).toBe(200);
  const scratch = await rows<Record<string, number | null>>(sql`
    with ps as (select quiz_id, user_id, count(*) as n, max(score) filter (where graded) as best from submissions group by 1, 2)
    select q.id as "quizId", count(ps.user_id)::int as "totalStudents", coalesce(sum(ps.n), 0)::int as "completedAttempts",
           round(avg(ps.best), 2)::float8 as "avgScore", min(ps.best)::float8 as "minScore", max(ps.best)::float8 as "maxScore",
           round(100.0 * count(*) filter (where ps.best >= q.passing_score) / nullif(count(ps.best), 0), 2)::float8 as "passRate"
    from quizzes q left join ps on ps.quiz_id = q.id group by q.id order by q.id`);
  const got = (r.body.data as Record<string, number | null>[])
    .map((d) => ({
      quizId: d.quizId,
      totalStudents: d.totalStudents,
      completedAttempts: d.completedAttempts,
      avgScore: d.avgScore,
      minScore: d.minScore,
      maxScore: d.maxScore,
      passRate: d.passRate,
    }))
    .sort((a, b) => Number(a.quizId) - Number(b.quizId));
  expect(got).toEqual(scratch);
  const [summary] = await rows<{ attempts: number; average: number | null }>(sql`
    select (select count(*) from submissions)::int as attempts,
           (select round(avg(best), 2)::float8 from (select max(score) filter (where graded) as best from submissions group by quiz_id, user_id) p) as average`);
  expect(r.body.summary).toMatchObject({ totalCompletedAttempts: summary.attempts, averageScore: summary.average });
}

/** The stored item analysis (the HTTP answer) equals one computed from the submissions now. */
async function expectItemsExact(q: QuizRow) {
  const r = await call(t.app, { method: "GET", url: `/api/performance/quiz-details/${q.id}`, token: admin });
  expect(r.status).toBe(200);
  const fresh = await itemAnalysis(t.database.db, q.id, { fresh: true });
  expect(r.body.items).toEqual(fresh.items);
  expect(r.body.itemAnalysis).toMatchObject({ students: fresh.students, groupSize: fresh.groupSize });
  return r.body.items as { questionId: number; facility: number | null; flags: string[] }[];
}

async function expectAllExact() {
  await expectTablesExact();
  await expectStudentsExact(admin);
  expect((await rows<{ n: number }>(sql`select count(*)::int as n from student_teacher_results`))[0].n).toBeGreaterThan(0);
  await expectDashboardExact();
  for (const q of [quiz, other]) {
    const [exists] = await rows<{ n: number }>(sql`select count(*)::int as n from quizzes where id = ${q.id}`);
    if (exists.n) await expectItemsExact(q);
  }
}

beforeAll(async () => {
  const db = t.database.db;
  admin = (await signedIn(db, { role: "admin" })).token;
  const tt = await signedIn(db, { role: "teacher" });
  const course = await buildCourse(db, { teacherId: tt.user.id, title: "Social Studies" });
  // Q2 has no key: those submissions stay ungraded until a teacher grades them or the key is fixed.
  ({ quiz, questions: qs } = await buildQuiz(db, {
    courseId: course.id,
    teacherId: tt.user.id,
    title: "Regions",
    passingScore: 50,
    questions: [A, null, H, A, K].map((answer, i) => ({ text: `Q${i + 1}`, options: OPTS, answer })),
  }));
  ({ quiz: other, questions: otherQs } = await buildQuiz(db, {
    courseId: course.id,
    teacherId: tt.user.id,
    title: "Capitals",
    passingScore: 60,
    questions: [A, K, T].map((answer, i) => ({ text: `C${i + 1}`, options: OPTS, answer })),
  }));
  for (let i = 0; i < 8; i++) students.push((await buildUser(db, { name: `Student ${i + 1}` })).id);
});

describe("the performance summaries (decision 030) equal a from-scratch aggregation", () => {
  it("after submits, retakes and scores without attempts", async () => {
    const db = t.database.db;
    const sheets: (string | null)[][] = [
      [A, K, H, A, K],
      [A, T, H, A, A],
      [K, K, H, K, K],
      [A, null, A, A, K],
      [T, H, K, K, A],
      [A, K, H, A, K],
      [H, K, T, A, K],
      [A, A, H, A, null],
    ];
    for (const [i, s] of sheets.entries()) await buildSubmission(db, quiz, qs, students[i], s, new Date(Date.UTC(2026, 0, 5, 9, i)));
    // Retakes: one better, one worse.
    await buildSubmission(db, quiz, qs, students[2], [A, K, H, A, K]);
    await buildSubmission(db, quiz, qs, students[0], [T, T, T, T, T]);
    for (const [i, s] of [
      [A, K, T],
      [A, K, K],
      [K, K, T],
      [A, A, A],
      [A, K, T],
      [H, H, H],
    ].entries())
      await buildSubmission(db, other, otherQs, students[i], s);
    await buildScore(db, other.id, students[6], 55.5);
    await buildScore(db, other.id, students[7], null, { graded: false });
    await expectAllExact();
  });

  it("are left to the backlog by a submit and brought up to date by the next read (decisions 038 and 053)", async () => {
    const db = t.database.db;
    await drainSummaries(db);
    const [before] = await rows<Pair>(
      sql`select quiz_id, user_id, submissions from quiz_student_scores where quiz_id = ${other.id} and user_id = ${students[5]}`,
    );
    await buildSubmission(db, other, otherQs, students[5], [A, K, T]);
    expect(await rows(sql`select quiz_id, user_id from summary_backlog`)).toEqual([{ quiz_id: other.id, user_id: students[5] }]);
    const [still] = await rows<Pair>(
      sql`select quiz_id, user_id, submissions from quiz_student_scores where quiz_id = ${other.id} and user_id = ${students[5]}`,
    );
    expect(still).toEqual(before);
    // The dashboard drains before it reads: its figures and the tables are then exact.
    await expectDashboardExact();
    expect(await backlog()).toBe(0);
    await expectAllExact();
  });

  it.runIf(!!process.env.DATABASE_URL)(
    "on PostgreSQL, the background drain waits until no pair has been added for a second, and skips its turn while another server drains (decision 053)",
    async () => {
      const db = t.database.db;
      await drainSummaries(db);
      await buildSubmission(db, other, otherQs, students[4], [A, K, T]);
      // The burst is still on: nothing is drained in the background.
      expect(await drainSummariesWhenIdle(db, 32)).toBe(0);
      expect(await backlog()).toBe(1);
      await new Promise((r) => setTimeout(r, 1100));
      // Another app server is draining (it holds the drain's lock): this one leaves it alone.
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(1096041299)`);
        expect(await drainSummariesWhenIdle(db, 32)).toBe(0);
      });
      expect(await backlog()).toBe(1);
      expect(await drainSummariesWhenIdle(db, 32)).toBe(1);
      expect(await backlog()).toBe(0);
      await expectAllExact();
    },
  );

  it("after concurrent submits of the same students (on PostgreSQL, from several connections at once)", async () => {
    const db = t.database.db;
    const made = await Promise.all(
      Array.from({ length: 30 }, (_, i) => buildScore(db, other.id, students[i % 3], i % 7 === 0 ? null : 40 + i, { graded: i % 7 !== 0 })),
    );
    await expectTablesExact();
    // And deleted again, concurrently, three at a time.
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        db.delete(submissions).where(
          inArray(
            submissions.id,
            made.slice(i * 3, i * 3 + 3).map((m) => m.id),
          ),
        ),
      ),
    );
    await expectAllExact();
  });

  it("after a teacher's grade and a grade edit", async () => {
    const [ungraded] = await t.database.db.select().from(submissions).where(eq(submissions.quizId, quiz.id)).orderBy(submissions.id).limit(1);
    expect(ungraded.graded).toBe(false);
    const g = await call(t.app, { method: "PUT", url: `/api/submissions/${ungraded.id}/grade`, token: admin, payload: { finalScore: 95 } });
    expect(g.status).toBe(200);
    await expectAllExact();
    const e = await call(t.app, { method: "PUT", url: `/api/submissions/${ungraded.id}`, token: admin, payload: { score: 12.25 } });
    expect(e.status).toBe(200);
    await expectAllExact();
  });

  it("after a key fix re-grades the quiz (the stored item analysis is replaced)", async () => {
    const before = await expectItemsExact(other);
    const r = await setKey(other.id, otherQs[2].id, "Ho");
    expect(r.status).toBe(200);
    const after = await expectItemsExact(other);
    expect(after[2].facility).not.toBe(before[2].facility);
    // A key set on the question without one (no score moves for graded-by-teacher work, but the items do).
    const k = await setKey(quiz.id, qs[1].id, "B");
    expect(k.status).toBe(200);
    await expectAllExact();
  });

  it("after deleted submissions and attempts", async () => {
    const db = t.database.db;
    const subs = await db.select().from(submissions).where(eq(submissions.quizId, quiz.id)).orderBy(submissions.id);
    const d = await call(t.app, { method: "DELETE", url: `/api/submissions/${subs[1].id}`, token: admin });
    expect(d.status).toBe(200);
    await expectAllExact();
    // An attempt deleted under its submission: the submission stays (attempt_id null), item analysis loses it.
    await db.delete(attempts).where(eq(attempts.id, subs[3].attemptId!));
    await expectAllExact();
  });

  it("after questions are added and removed and a quiz moves to another course and teacher (decision 036)", async () => {
    const db = t.database.db;
    await expectStudentsExact(admin);
    const [extra] = await db.insert(questions).values({ quizId: quiz.id, position: 50, text: "Q extra", options: OPTS, answer: A }).returning();
    await expectTablesExact();
    await expectStudentsExact(admin);
    await db.delete(questions).where(eq(questions.id, extra.id));
    await expectTablesExact();
    const t2 = await signedIn(db, { role: "teacher" });
    const course2 = await buildCourse(db, { teacherId: t2.user.id, title: "Mathematics" });
    await db.update(quizzes).set({ courseId: course2.id }).where(eq(quizzes.id, other.id));
    await expectTablesExact();
    await expectStudentsExact(t2.token, t2.user.id);
    await db.update(quizzes).set({ teacherId: t2.user.id }).where(eq(quizzes.id, quiz.id));
    await expectTablesExact();
    await expectStudentsExact(t2.token, t2.user.id);
    await db.update(quizzes).set({ teacherId: null }).where(eq(quizzes.id, quiz.id));
    await expectTablesExact();
    await expectStudentsExact(admin);
    await db.update(quizzes).set({ passingScore: 70 }).where(eq(quizzes.id, quiz.id));
    await expectTablesExact();
    await db.update(courses).set({ teacherId: t2.user.id }).where(eq(courses.id, quiz.courseId));
    await expectTablesExact();
    // Records entered by hand, changed and deleted (the teacher home's sums follow records, not submissions).
    const made = await call(t.app, { method: "POST", url: "/api/records", token: admin, payload: { userId: students[5], quizId: quiz.id, score: 81.5 } });
    expect(made.status).toBe(201);
    await expectTablesExact();
    const id = made.body.id as number;
    expect(
      (await call(t.app, { method: "PUT", url: `/api/records/${id}`, token: admin, payload: { userId: students[6], quizId: quiz.id, score: 20 } })).status,
    ).toBe(200);
    await expectTablesExact();
    expect((await call(t.app, { method: "DELETE", url: `/api/records/${id}`, token: admin })).status).toBe(200);
    await expectTablesExact();
  });

  it("after a deleted student and a deleted quiz", async () => {
    const u = await call(t.app, { method: "DELETE", url: `/api/users/${students[2]}`, token: admin });
    expect(u.status).toBe(200);
    await expectAllExact();
    const q = await call(t.app, { method: "DELETE", url: `/api/quizzes/${other.id}`, token: admin });
    expect(q.status).toBe(200);
    await expectAllExact();
    const left = await rows<{ n: number }>(sql`select count(*)::int as n from quiz_student_scores where quiz_id = ${other.id}`);
    expect(left[0].n).toBe(0);
  });
});
