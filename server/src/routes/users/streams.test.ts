import { beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, useTestApp } from "../../../test/test-app";
import { buildQuiz, signedIn } from "../../../test/factories";
import { buildSubmission } from "../../../test/performance";
import { form } from "../../../test/uploads";
import { slipsCsv, slipsSheet } from "../../../test/slips";

/** Issue 24: a student's class (the "B" of "JHS 1B") is kept beside the level, shown and filtered on; slips say where. */
const t = useTestApp({ SCHOOL_NAME: "St. Mary's JHS, Kumasi", PUBLIC_URL: "https://adesua.stmarys.edu.gh/" });
let admin: string;
let teacher: string;
beforeAll(async () => {
  admin = (await signedIn(db(), { role: "admin" })).token;
  teacher = (await signedIn(db(), { role: "teacher" })).token;
});

const db = () => t.database.db;
let seq = 0;
const tag = () => `${process.pid}s${++seq}`;
const csv = (lines: string[]) => Buffer.from(lines.join("\r\n") + "\r\n");
const importFile = (lines: string[]) =>
  call(t.app, {
    method: "POST",
    url: "/api/users/import",
    token: admin,
    payload: form({}, { file: { name: "c.csv", bytes: csv(lines), type: "text/csv" } }) as never,
  });
const get = (url: string, token = admin) => call(t.app, { method: "GET", url, token });
const names = (r: { body: { data: { name: string }[] } }) => r.body.data.map((u) => u.name);

describe("a student's class (stream)", () => {
  it('keeps the B of "JHS 1B" on a class-list import, and reads a stream column too', async () => {
    const k = tag();
    const r = await importFile(["Name,Class", `Ama ${k},JHS 1B`, `Kofi ${k},jhs2`, `Esi ${k},Basic 9 Gold`]);
    expect(r.status).toBe(201);
    expect(r.body.slips.map((s: { studentType: string; stream: string | null }) => [s.studentType, s.stream])).toEqual([
      ["jhs1", "B"],
      ["jhs2", null],
      ["jhs3", "GOLD"],
    ]);
    const list = await get(`/api/users?search=${k}`);
    expect(list.body.data.map((u: { name: string; studentType: string; stream: string | null }) => [u.name, u.studentType, u.stream])).toEqual([
      [`Ama ${k}`, "jhs1", "B"],
      [`Esi ${k}`, "jhs3", "GOLD"],
      [`Kofi ${k}`, "jhs2", null],
    ]);
    const other = await importFile(["Name,Level,Stream", `Yaw ${k},JHS 2,c`]);
    expect(other.body.slips[0]).toMatchObject({ studentType: "jhs2", stream: "C" });
    const bad = await importFile(["Name,Level,Stream", `Bad ${k},JHS 2,C-1`]);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ row: 2, message: 'stream "C-1" must be one to ten letters, e.g. B' }]);
  });

  it("adds one student with a class, and an admin moves a student to another class", async () => {
    const k = tag();
    const created = await call(t.app, { method: "POST", url: "/api/users", token: admin, payload: { name: `Abena ${k}`, studentType: "jhs1", stream: " a " } });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({ studentType: "jhs1", stream: "A" });
    expect(created.body.slip).toMatchObject({ stream: "A" });
    const id = created.body.user.id;
    const moved = await call(t.app, { method: "PUT", url: `/api/users/${id}`, token: admin, payload: { stream: "C" } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ studentType: "jhs1", stream: "C" });
    const up = await call(t.app, { method: "PUT", url: `/api/users/${id}`, token: admin, payload: { studentType: "jhs2", stream: null } });
    expect(up.body).toMatchObject({ studentType: "jhs2", stream: null });
    // A password change still works alone.
    expect((await call(t.app, { method: "PUT", url: `/api/users/${id}`, token: admin, payload: { password: "a-new-password-1" } })).status).toBe(200);

    expect((await call(t.app, { method: "PUT", url: `/api/users/${id}`, token: admin, payload: { stream: "B2" } })).body).toEqual({
      error: "Class (stream) must be one to ten letters, e.g. B",
    });
    expect((await call(t.app, { method: "PUT", url: `/api/users/${id}`, token: admin, payload: {} })).status).toBe(400);
    expect((await call(t.app, { method: "PUT", url: `/api/users/${id}`, token: teacher, payload: { stream: "B" } })).status).toBe(403);
    expect((await call(t.app, { method: "PUT", url: `/api/users/999999`, token: admin, payload: { stream: "B" } })).status).toBe(404);
    const staff = await signedIn(db(), { role: "teacher" });
    expect((await call(t.app, { method: "PUT", url: `/api/users/${staff.user.id}`, token: admin, payload: { stream: "B" } })).body).toEqual({
      error: "Only students have a level and class",
    });
  });

  it("filters GET /api/users by stream and by class as written", async () => {
    const k = tag();
    await importFile(["Name,Class", `One-A ${k},JHS 1A`, `One-B ${k},JHS 1B`, `Two-B ${k},JHS 2B`, `One ${k},JHS 1`]);
    expect(names(await get(`/api/users?search=${k}&class=${encodeURIComponent("JHS 1B")}`))).toEqual([`One-B ${k}`]);
    expect(names(await get(`/api/users?search=${k}&class=jhs1`))).toEqual([`One ${k}`, `One-A ${k}`, `One-B ${k}`]);
    expect(names(await get(`/api/users?search=${k}&stream=b`))).toEqual([`One-B ${k}`, `Two-B ${k}`]);
    expect(names(await get(`/api/users?search=${k}&studentType=jhs2&stream=B`))).toEqual([`Two-B ${k}`]);
    const bad = await get(`/api/users?class=${encodeURIComponent("Primary 4")}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/class "Primary 4" is not a JHS class/);
    expect((await get(`/api/users?stream=${encodeURIComponent("1B")}`)).status).toBe(400);
  });
});

describe("the class on records and reports", () => {
  it('shows "JHS 1B" on the records list and in the students-at-risk report', async () => {
    const k = tag();
    await importFile(["Name,Class", `Weak Student ${k},JHS 1B`]);
    const [u] = (await get(`/api/users?search=${k}`)).body.data;
    const { quiz, questions } = await buildQuiz(db(), { studentType: "jhs1" });
    await buildSubmission(
      db(),
      quiz,
      questions,
      u.id,
      questions.map(() => "wrong"),
    );
    const recs = await get(`/api/records/all?search=${encodeURIComponent(`Weak Student ${k}`)}`);
    expect(recs.status).toBe(200);
    expect(recs.body.data[0].user).toMatchObject({ name: `Weak Student ${k}`, className: "JHS 1B" });
    const risk = await get("/api/reports/students-at-risk");
    expect(risk.body.rows.find((r: { student: string }) => r.student === `Weak Student ${k}`)).toMatchObject({ level: "JHS 1B" });
  });
});

describe("sign-in slips say which school and where to sign in", () => {
  const slips = [{ name: "Kojo Antwi", signIn: "kojo.antwi", password: "pqrs-tuvw-xyz2", role: "student", studentType: "jhs1", stream: "B" }];

  it("prints SCHOOL_NAME and PUBLIC_URL on the Word sheet and in the CSV, with the class", async () => {
    const doc = await slipsSheet(t.app, admin, slips);
    expect(doc.statusCode).toBe(200);
    const text = doc.text;
    expect(text).toContain("St. Mary's JHS, Kumasi — sign-in slips — JHS 1B (1)");
    expect(text).toContain("Sign in at: https://adesua.stmarys.edu.gh/login");
    expect(text).toContain("Class: JHS 1B");
    const c = await slipsCsv(t.app, admin, slips);
    expect(c.lines).toEqual([
      "Class,Name,Sign in with,One-time password,Role,School,Sign in at",
      `JHS 1B,Kojo Antwi,kojo.antwi,pqrs-tuvw-xyz2,Student,"St. Mary's JHS, Kumasi",https://adesua.stmarys.edu.gh/login`,
      "", // every line ends with CRLF (the one CSV writer, lib/csv-writer.ts)
    ]);
  });

  it("without PUBLIC_URL, prints the address the admin's browser used", async () => {
    const plain = await createTestApp();
    try {
      const a = (await signedIn(plain.database.db, { role: "admin" })).token;
      const r = await call(plain.app, {
        method: "POST",
        url: "/api/users/slips",
        token: a,
        headers: { origin: "http://192.168.1.20:3000" },
        payload: { format: "csv", slips },
      });
      expect(String(r.raw).split("\r\n")[1]).toBe("JHS 1B,Kojo Antwi,kojo.antwi,pqrs-tuvw-xyz2,Student,Adesua School,http://192.168.1.20:3000/login");
    } finally {
      await plain.close();
    }
  });
});
