import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { SITTING_MESSAGES as M } from "@adesua/domain";
import { call, useTestApp } from "../../../test/test-app";
import { signedIn } from "../../../test/factories";
import { createSitting, readingOf, scanRead, sittingClass, versionsOf } from "../../../test/sittings";
import { users } from "../../db/schema";

/**
 * GET /api/sittings/{id}/students (issue 29): the class of a sitting, by name, searched and paged in SQL; a blank
 * sheet is given only to a student it lists. Students 403, another teacher 404, malformed input 400.
 */

const t = useTestApp();
const db = () => t.database.db;
let c: Awaited<ReturnType<typeof sittingClass>>;
let streamA: number;
let level: number;

beforeAll(async () => {
  c = await sittingClass(t);
  // Stream A: Ama Owusu and Kofi Mensah (sittingClass), Abena Ansah; Akua Asante is not active; Yaw Boateng has no stream.
  const abena = await signedIn(db(), { role: "student", name: "Abena Ansah" });
  const akua = await signedIn(db(), { role: "student", name: "Akua Asante" });
  await db().update(users).set({ stream: "A" }).where(eq(users.id, abena.user.id));
  await db().update(users).set({ stream: "A", status: "rejected" }).where(eq(users.id, akua.user.id));
  streamA = (await createSitting(t, c.teacher.token, { quizId: c.quizId, stream: "A", blankSheets: 2 })).body.id;
  level = (await createSitting(t, c.teacher.token, { quizId: c.quizId, blankSheets: 1 })).body.id;
});

const list = (token: string, id: number | string, query = "") => call(t.app, { method: "GET", url: `/api/sittings/${id}/students${query}`, token });
const names = (body: { data: { name: string }[] }) => body.data.map((s) => s.name);

describe("GET /api/sittings/{id}/students", () => {
  it("lists the active students of the sitting's stream by name (search in any case), with their class; the whole level without a stream", async () => {
    const r = await list(c.teacher.token, streamA);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      { id: expect.any(Number), name: "Abena Ansah", class: "JHS 1A" },
      { id: c.students[0].user.id, name: "Ama Owusu", class: "JHS 1A" },
      { id: c.students[1].user.id, name: "Kofi Mensah", class: "JHS 1A" },
    ]);
    expect(r.body.pagination).toEqual({ total: 3, page: 1, limit: 20 });
    // The same students as the sitting counts for named sheets.
    expect((await call(t.app, { method: "GET", url: `/api/sittings/${streamA}`, token: c.teacher.token })).body.students).toBe(3);

    const whole = await list(c.admin.token, level);
    expect(names(whole.body)).toEqual(["Abena Ansah", "Ama Owusu", "Kofi Mensah", "Yaw Boateng"]);
    expect(whole.body.data[3].class).toBe("JHS 1");
  });

  it("searches by part of the name in any case, literally, and pages", async () => {
    expect(names((await list(c.teacher.token, streamA, "?search=AH")).body)).toEqual(["Abena Ansah", "Kofi Mensah"]);
    expect(names((await list(c.teacher.token, level, "?search=%20boat%20")).body)).toEqual(["Yaw Boateng"]);
    const none = await list(c.teacher.token, level, "?search=%25");
    expect([none.body.data, none.body.pagination.total]).toEqual([[], 0]);
    const page2 = await list(c.teacher.token, level, "?page=2&limit=2");
    expect(names(page2.body)).toEqual(["Kofi Mensah", "Yaw Boateng"]);
    expect(page2.body.pagination).toEqual({ total: 4, page: 2, limit: 2 });
    const searched = await list(c.teacher.token, level, "?search=a&page=2&limit=1");
    expect([names(searched.body), searched.body.pagination.total]).toEqual([["Ama Owusu"], 4]);
    const past = await list(c.teacher.token, level, "?page=9&limit=2");
    expect([past.body.data, past.body.pagination.total]).toEqual([[], 4]);
  });

  it("refuses a student (403), another teacher (404), a missing sitting (404) and malformed ids, pages and searches (400)", async () => {
    expect((await list(c.students[0].token, streamA)).status).toBe(403);
    const other = await list(c.other.token, streamA);
    expect([other.status, other.body.error]).toEqual([404, M.notFound]);
    expect((await list(c.teacher.token, 999999)).status).toBe(404);
    for (const bad of ["abc", "0", "-1", "1.5", "2147483648"]) expect((await list(c.teacher.token, bad)).status, bad).toBe(400);
    for (const q of ["?page=0", "?page=abc", "?limit=0", "?limit=101", "?limit=1.5", `?search=${"x".repeat(101)}`])
      expect((await list(c.teacher.token, streamA, q)).status, q).toBe(400);
  });
});

describe("a blank sheet's student is one the sitting lists", () => {
  it("refuses another stream, an inactive student, another level and staff (400); takes a listed student", async () => {
    const [v] = await versionsOf(t, streamA);
    const id = await scanRead(t, streamA, readingOf({ sittingId: streamA, student: 0, version: 1 }, v, {}), c.teacher.user.id);
    const settle = (studentId: number) =>
      call(t.app, { method: "PUT", url: `/api/sittings/${streamA}/scans/${id}`, token: c.teacher.token, payload: { studentId } });
    const [akua] = await db().select({ id: users.id }).from(users).where(eq(users.name, "Akua Asante"));
    for (const studentId of [c.students[2].user.id, akua.id, c.jhs2.user.id, c.teacher.user.id]) {
      const r = await settle(studentId);
      expect([r.status, r.body.error], String(studentId)).toEqual([400, M.studentNotInLevel]);
    }
    const ok = await settle(c.students[1].user.id);
    expect(ok.status).toBe(200);
    expect(ok.body.student).toEqual({ id: c.students[1].user.id, name: "Kofi Mensah", class: "JHS 1A" });
    // Yaw (no stream) is listed by the whole level's sitting, and may be chosen there.
    const [lv] = await versionsOf(t, level);
    const blank = await scanRead(t, level, readingOf({ sittingId: level, student: 0, version: 1 }, lv, {}), c.teacher.user.id);
    const yaw = await call(t.app, {
      method: "PUT",
      url: `/api/sittings/${level}/scans/${blank}`,
      token: c.teacher.token,
      payload: { studentId: c.students[2].user.id },
    });
    expect([yaw.status, yaw.body.student?.name]).toEqual([200, "Yaw Boateng"]);
  });
});
