import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { attempts, quizzes } from "../../db/schema";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, buildQuiz, buildUser, signedIn } from "../../../test/factories";

/**
 * The student list's order at its edges (decision 033: the page is read group by group from indexes,
 * quiz-list.queries.ts): windows opening and closing exactly now, ties, windows without an end or a
 * start, an inverted window, in-progress attempts in every group, and pages cut across the group
 * borders, with and without filters. The expected order is the spec's rule (issue 9 item 14) written
 * here in JavaScript, independently of the SQL. This file has its own database, so the student's
 * level holds only these quizzes and the list runs unfiltered, as students open it.
 */

const t = useTestApp();

const db = () => t.database.db;
const NOW = new Date("2031-03-10T09:30:00.000Z");
const MIN = 60_000;
const DAY = 24 * 3600_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);

type Q = { id: number; openTime: Date | null; closeTime: Date | null };

/** The spec's order: in progress, open (closing soonest, never closing last), upcoming (opening soonest), closed (latest first), newest id breaking ties. */
function expectedOrder(list: Q[], inProgress: Set<number>): number[] {
  const now = NOW.getTime();
  const group = (q: Q) => {
    if (inProgress.has(q.id)) return 0;
    if (q.openTime && q.openTime.getTime() > now) return 2;
    if (q.closeTime && q.closeTime.getTime() < now) return 3;
    return 1;
  };
  const upcoming = (q: Q) => q.openTime !== null && q.openTime.getTime() > now;
  const closed = (q: Q) => q.closeTime !== null && q.closeTime.getTime() < now;
  // Each key as the SQL's: null where the rule does not apply, nulls last.
  const keys = (q: Q): (number | null)[] => [
    upcoming(q) || closed(q) ? null : (q.closeTime?.getTime() ?? null),
    upcoming(q) ? q.openTime!.getTime() : null,
    closed(q) ? -q.closeTime!.getTime() : null,
  ];
  return [...list]
    .sort((a, b) => {
      if (group(a) !== group(b)) return group(a) - group(b);
      const ka = keys(a);
      const kb = keys(b);
      for (let i = 0; i < ka.length; i++) {
        if (ka[i] === kb[i]) continue;
        if (ka[i] === null) return 1;
        if (kb[i] === null) return -1;
        return ka[i]! - kb[i]!;
      }
      return b.id - a.id;
    })
    .map((q) => q.id);
}

const ids = (r: { body: { data: { id: number }[] } }) => r.body.data.map((q) => q.id);

/** Every page of 100 (the largest the API gives) of the student's list, joined, with the first page's answer. */
async function wholeList(token: string, filter = "") {
  const first = await call(t.app, { method: "GET", url: `/api/quizzes?limit=100${filter}`, token });
  const seen = ids(first);
  for (let page = 2; page <= Math.ceil(first.body.meta.total / 100); page++)
    seen.push(...ids(await call(t.app, { method: "GET", url: `/api/quizzes?limit=100&page=${page}${filter}`, token })));
  return { first, ids: seen };
}

describe("GET /api/quizzes for a student: the order at its edges", () => {
  let student: Awaited<ReturnType<typeof signedIn>>;
  let all: Q[];
  let inProgress: Set<number>;

  beforeAll(async () => {
    t.clock.freeze(NOW);
    const course = await buildCourse(db());
    const mk = async (openTime: Date | null, closeTime: Date | null, studentType = "jhs2") =>
      (await buildQuiz(db(), { courseId: course.id, studentType, openTime, closeTime, questions: [] })).quiz;
    const made = [
      await mk(NOW, at(DAY)), // opens exactly now: open
      await mk(at(-DAY), NOW), // closes exactly now: still open
      await mk(at(1), at(DAY)), // opens a millisecond from now: upcoming
      await mk(at(-DAY), at(-1)), // closed a millisecond ago
      await mk(null, null), // always open
      await mk(null, null),
      await mk(at(-DAY), null), // open, never closes
      await mk(null, at(2 * DAY)), // open from the start, closes later
      await mk(at(3 * DAY), null), // upcoming, never closes
      await mk(at(-3 * DAY), at(-2 * DAY)),
      await mk(null, at(-2 * DAY)), // closed, open from the start
    ];
    // Ties on every key (newest id first), and each group larger than all the groups before it, so
    // that every group's own read is cut short on some page (a wrong order inside a group shows).
    const many = async (count: number, window: (i: number) => [Date | null, Date | null]) => {
      const rows = await db()
        .insert(quizzes)
        .values(
          Array.from({ length: count }, (_, i) => ({
            title: `Edge ${i}`,
            courseId: course.id,
            studentType: "jhs2",
            openTime: window(i)[0],
            closeTime: window(i)[1],
          })),
        )
        .returning();
      made.push(...rows);
    };
    await many(12, (i) => [i % 2 ? null : at(-DAY), [at(DAY), at(2 * DAY), null][i % 3]]);
    await many(30, (i) => [[at(1), at(DAY), at(3 * DAY)][i % 3], i % 4 ? at(5 * DAY) : null]);
    // An inverted window (the form refuses it; the list must still place it as the rule says): upcoming.
    made.push(await mk(at(DAY), at(-DAY)), await mk(at(DAY), at(-2 * DAY)));
    await many(60, (i) => [i % 2 ? null : at(-3 * DAY), [at(-1), at(-DAY), at(-2 * DAY)][i % 3]]);
    // Other levels never appear.
    await mk(null, null, "jhs1");
    await mk(at(-DAY), at(DAY), "jhs3");

    student = await signedIn(db(), { studentType: "jhs2" });
    const other = await buildUser(db(), { role: "student", studentType: "jhs2" });
    const byIndex = (i: number) => made[i].id;
    await db()
      .insert(attempts)
      .values([
        // In progress: an open quiz, a closed one (no deadline, the sweep has not run), an upcoming one, all in group 0.
        { quizId: byIndex(7), userId: student.user.id, attemptNumber: 1, status: "in_progress", deadline: at(30 * MIN) },
        { quizId: byIndex(9), userId: student.user.id, attemptNumber: 1, status: "in_progress", deadline: null },
        { quizId: byIndex(8), userId: student.user.id, attemptNumber: 1, status: "in_progress", deadline: at(MIN) },
        // Not in progress: the deadline passed (whatever the sweep has not closed yet), or submitted.
        { quizId: byIndex(0), userId: student.user.id, attemptNumber: 1, status: "in_progress", deadline: at(-1) },
        { quizId: byIndex(1), userId: student.user.id, attemptNumber: 1, status: "submitted" },
        // Another student's attempt changes nothing for this one.
        { quizId: byIndex(4), userId: other.id, attemptNumber: 1, status: "in_progress", deadline: null },
      ]);
    inProgress = new Set([byIndex(7), byIndex(9), byIndex(8)]);
    all = made.map((q) => ({ id: q.id, openTime: q.openTime, closeTime: q.closeTime }));
  });

  afterAll(() => t.clock.freeze(null));

  it("lists the level in the rule's order with its total", async () => {
    const { first: r, ids: listed } = await wholeList(student.token);
    expect(r.status).toBe(200);
    expect(listed).toEqual(expectedOrder(all, inProgress));
    expect(r.body.meta).toEqual({ total: all.length, page: 1, limit: 100 });
    expect(r.body.data.slice(0, 3).map((q: { attemptInfo: { inProgress: unknown } }) => q.attemptInfo.inProgress !== null)).toEqual([true, true, true]);
  });

  it("cuts pages of every size across the group borders exactly as the whole list", async () => {
    const expected = expectedOrder(all, inProgress);
    for (const limit of [1, 5, 7]) {
      const seen: number[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / limit) + 1; page++) {
        const r = await call(t.app, { method: "GET", url: `/api/quizzes?limit=${limit}&page=${page}`, token: student.token });
        expect(r.status).toBe(200);
        expect(r.body.meta.total).toBe(expected.length);
        seen.push(...ids(r));
      }
      expect(seen).toEqual(expected);
    }
  });

  it("keeps the order inside each status filter", async () => {
    const now = NOW.getTime();
    const expected = expectedOrder(all, inProgress);
    const byId = new Map(all.map((q) => [q.id, q]));
    const matches = {
      upcoming: (q: Q) => q.openTime !== null && q.openTime.getTime() > now,
      closed: (q: Q) => q.closeTime !== null && q.closeTime.getTime() < now,
      active: (q: Q) => (q.openTime === null || q.openTime.getTime() <= now) && (q.closeTime === null || q.closeTime.getTime() >= now),
    };
    for (const status of ["active", "upcoming", "closed"] as const) {
      const want = expected.filter((id) => matches[status](byId.get(id)!));
      const { first: r, ids: listed } = await wholeList(student.token, `&status=${status}`);
      expect(listed, status).toEqual(want);
      expect(r.body.meta.total, status).toBe(want.length);
      const paged: number[] = [];
      for (let page = 1; page <= Math.ceil(want.length / 4); page++)
        paged.push(...ids(await call(t.app, { method: "GET", url: `/api/quizzes?limit=4&page=${page}&status=${status}`, token: student.token })));
      expect(paged, status).toEqual(want);
    }
  });

  it("answers an empty page past the end with the total", async () => {
    const r = await call(t.app, { method: "GET", url: "/api/quizzes?limit=12&page=40", token: student.token });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([]);
    expect(r.body.meta).toEqual({ total: all.length, page: 40, limit: 12 });
  });

  it("moves a quiz to the top when its attempt starts, and back when the attempt ends", async () => {
    const quiz = all.find((q) => q.openTime === null && q.closeTime === null)!;
    const started = await db()
      .insert(attempts)
      .values({ quizId: quiz.id, userId: student.user.id, attemptNumber: 1, status: "in_progress", deadline: null })
      .returning();
    expect((await wholeList(student.token)).ids).toEqual(expectedOrder(all, new Set([...inProgress, quiz.id])));
    await db().delete(attempts).where(eq(attempts.id, started[0].id));
    expect((await wholeList(student.token)).ids).toEqual(expectedOrder(all, inProgress));
  });
});

describe("each level's quiz count (kept by triggers, decision 033)", () => {
  it("stays exact through creating, moving and deleting quizzes, cascades included, on the list and the home summary", async () => {
    const student = await signedIn(db(), { studentType: "jhs3" });
    const counted = async () => (await db().select({ n: count() }).from(quizzes).where(eq(quizzes.studentType, "jhs3")))[0].n;
    const check = async () => {
      const n = await counted();
      const listed = await call(t.app, { method: "GET", url: "/api/quizzes", token: student.token });
      const summary = await call(t.app, { method: "GET", url: "/api/students/me/summary", token: student.token });
      expect(listed.body.meta.total).toBe(n);
      expect(summary.body.totalQuizzes).toBe(n);
      return n;
    };
    const before = await check();
    const course = await buildCourse(db());
    const made = await db()
      .insert(quizzes)
      .values([1, 2, 3, 4].map((i) => ({ title: `Count ${i}`, courseId: course.id, studentType: i === 4 ? "jhs1" : "jhs3" })))
      .returning();
    expect(await check()).toBe(before + 3);
    // Moving quizzes between levels moves their count; an update that moves nothing changes nothing.
    await db().update(quizzes).set({ studentType: "jhs3" }).where(eq(quizzes.id, made[3].id));
    await db().update(quizzes).set({ title: "Renamed" }).where(eq(quizzes.courseId, course.id));
    expect(await check()).toBe(before + 4);
    await db().update(quizzes).set({ studentType: "jhs2" }).where(eq(quizzes.id, made[0].id));
    expect(await check()).toBe(before + 3);
    await db().delete(quizzes).where(eq(quizzes.id, made[1].id));
    expect(await check()).toBe(before + 2);
    // Deleting the course deletes its quizzes by cascade.
    const admin = await signedIn(db(), { role: "admin" });
    expect((await call(t.app, { method: "DELETE", url: `/api/courses/${course.id}`, token: admin.token })).status).toBe(200);
    expect(await check()).toBe(before);
  });
});
