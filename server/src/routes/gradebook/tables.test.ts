import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { auditLogs, gradebookCells } from "../../db/schema";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, buildUser, signedIn } from "../../../test/factories";

const t = useTestApp();

const db = () => t.database.db;
const create = (token: string, payload: object) => call(t.app, { method: "POST", url: "/api/tables", token, payload });
const put = (token: string, id: number, payload: object) => call(t.app, { method: "PUT", url: `/api/tables/${id}`, token, payload });
const cells = (token: string, id: number, list: object[]) => call(t.app, { method: "PUT", url: `/api/tables/${id}/cells`, token, payload: { cells: list } });
const data = (token: string, id: number, query = "") => call(t.app, { method: "GET", url: `/api/tables/${id}/data${query}`, token });
const audits = (id: number) =>
  db()
    .select({ action: auditLogs.action, before: auditLogs.before, after: auditLogs.after, userId: auditLogs.userId })
    .from(auditLogs)
    .where(and(eq(auditLogs.entityType, "table"), eq(auditLogs.entityId, String(id))))
    .orderBy(auditLogs.id);

/** A level of its own per test (jhs3 students are made only here, so rows are known). */
async function classOf(names: string[]) {
  const made = [];
  for (const name of names) made.push(await buildUser(db(), { name, role: "student", studentType: "jhs3" }));
  return made;
}

describe("tables CRUD (admin)", () => {
  it("creates with the spec's defaults, lists, reads, updates and deletes, each audited", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const made = await create(admin.token, { name: "JHS 1 Class exercises", description: "Term 1" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: "JHS 1 Class exercises",
      description: "Term 1",
      type: "grade",
      accessLevel: "public",
      studentType: null,
      course: null,
      columns: [
        { key: "c1", name: "Student", type: "text", outOf: null },
        { key: "c2", name: "Score", type: "number", outOf: null },
      ],
    });
    const id = made.body.id;
    const list = await call(t.app, { method: "GET", url: "/api/tables?search=class%20exer", token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { id: number }) => x.id)).toContain(id);
    expect(list.body.pagination).toMatchObject({ page: 1, limit: 20 });

    const course = await buildCourse(db());
    const updated = await put(admin.token, id, {
      name: "JHS 1 CA",
      description: "",
      type: "grade",
      accessLevel: "private",
      studentType: "jhs1",
      courseId: course.id,
      columns: [
        { key: "c1", name: "Student", type: "text" },
        { key: "c2", name: "Exercise 1", type: "number", outOf: 10 },
        { name: "Project", type: "number", outOf: 20 },
        { name: "Remark", type: "text" },
      ],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: "JHS 1 CA", accessLevel: "private", studentType: "jhs1", course: { id: course.id, title: course.title } });
    expect(updated.body.columns.map((c: { key: string }) => c.key)).toEqual(["c1", "c2", "c3", "c4"]);
    expect((await call(t.app, { method: "GET", url: `/api/tables/${id}`, token: admin.token })).body.name).toBe("JHS 1 CA");

    expect((await call(t.app, { method: "DELETE", url: `/api/tables/${id}`, token: admin.token })).status).toBe(200);
    expect((await call(t.app, { method: "GET", url: `/api/tables/${id}`, token: admin.token })).status).toBe(404);
    expect((await call(t.app, { method: "DELETE", url: `/api/tables/${id}`, token: admin.token })).status).toBe(404);
    expect((await audits(id)).map((a) => a.action)).toEqual(["create", "update", "delete"]);
  });

  it("validates the form", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const cases: [object, number, string][] = [
      [{ name: "" }, 400, "Table name is required"],
      [{ name: "T", accessLevel: "secret" }, 400, "Access level must be public or private"],
      [{ name: "T", columns: [] }, 400, "A table has 1 to 30 columns"],
      [{ name: "T", columns: [{ name: "Score", type: "number" }] }, 400, "The first column names the student: it must be a text column"],
      [{ name: "T", columns: [{ name: "Student" }, { name: "student" }] }, 400, "Column names must all be different"],
      [{ name: "T", columns: [{ name: "Student" }, { name: "Mark", type: "date" }] }, 400, "Column type must be text or number"],
      [{ name: "T", columns: [{ name: "Student" }, { name: "Mark", type: "number", outOf: 0 }] }, 400, "Out of must be a number from 1 to 1000"],
      [{ name: "T", courseId: 999999 }, 400, "Course not found"],
    ];
    for (const [payload, status, message] of cases) {
      const r = await create(admin.token, payload);
      expect(r.status, JSON.stringify(payload)).toBe(status);
      expect(r.body.error).toBe(message);
    }
    const ok = await create(admin.token, { name: "T" });
    expect((await put(admin.token, ok.body.id, { name: "T", columns: [{ key: "zz", name: "Student" }] })).body.error).toBe(
      "A column names a key this table does not have",
    );
  });

  it("refuses teachers and students the admin calls (403), and anonymous callers (401)", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const id = (await create(admin.token, { name: "Refusals" })).body.id;
    for (const role of ["teacher", "student"] as const) {
      const u = await signedIn(db(), { role });
      expect((await create(u.token, { name: "Mine" })).status, role).toBe(403);
      expect((await put(u.token, id, { name: "Mine" })).status, role).toBe(403);
      expect((await call(t.app, { method: "DELETE", url: `/api/tables/${id}`, token: u.token })).status, role).toBe(403);
    }
    const student = await signedIn(db(), { role: "student" });
    for (const url of ["/api/tables", `/api/tables/${id}`, `/api/tables/${id}/data`, `/api/tables/${id}/export`]) {
      expect((await call(t.app, { method: "GET", url, token: student.token })).status, url).toBe(403);
      expect((await call(t.app, { method: "GET", url })).status, url).toBe(401);
    }
    expect((await cells(student.token, id, [{ studentId: student.user.id, columnKey: "c2", value: 5 }])).status).toBe(403);
  });
});

describe("which tables a teacher sees", () => {
  it("lists public tables and the private tables of their own courses; others answer 404", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const teacher = await signedIn(db(), { role: "teacher" });
    const mine = await buildCourse(db(), { teacherId: teacher.user.id });
    const theirs = await buildCourse(db());
    const tag = `vis${Date.now()}`;
    const pub = (await create(admin.token, { name: `${tag} public` })).body.id;
    const own = (await create(admin.token, { name: `${tag} own`, accessLevel: "private", courseId: mine.id })).body.id;
    const other = (await create(admin.token, { name: `${tag} other`, accessLevel: "private", courseId: theirs.id })).body.id;
    const bare = (await create(admin.token, { name: `${tag} bare`, accessLevel: "private" })).body.id;
    const seen = await call(t.app, { method: "GET", url: `/api/tables?search=${tag}`, token: teacher.token });
    expect(seen.body.data.map((x: { id: number }) => x.id)).toEqual([own, pub]);
    expect(seen.body.pagination.total).toBe(2);
    const all = await call(t.app, { method: "GET", url: `/api/tables?search=${tag}`, token: admin.token });
    expect(all.body.pagination.total).toBe(4);
    for (const id of [other, bare]) {
      expect((await call(t.app, { method: "GET", url: `/api/tables/${id}`, token: teacher.token })).status).toBe(404);
      expect((await data(teacher.token, id)).status).toBe(404);
      expect((await cells(teacher.token, id, [{ studentId: 1, columnKey: "c2", value: 1 }])).status).toBe(404);
      expect((await call(t.app, { method: "GET", url: `/api/tables/${id}/export`, token: teacher.token })).status).toBe(404);
    }
    expect((await data(teacher.token, own)).status).toBe(200);
  });
});

describe("marks", () => {
  it("shows the level's students by name, saves marks (audited), clears them and refuses bad ones", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const teacher = await signedIn(db(), { role: "teacher" });
    const [kofi, ama, yaw] = await classOf(["Kofi Boateng", "Ama Mensah", "Yaw Darko"]);
    const outsider = await buildUser(db(), { role: "student", studentType: "jhs2" });
    const table = await create(admin.token, {
      name: "JHS 3 Science CA",
      studentType: "jhs3",
      columns: [{ name: "Student" }, { name: "Exercise 1", type: "number", outOf: 10 }, { name: "Remark" }],
    });
    const id = table.body.id;

    const page = await data(teacher.token, id, "?limit=2");
    expect(page.status).toBe(200);
    expect(page.body.rows.map((r: { name: string }) => r.name)).toEqual(["Ama Mensah", "Kofi Boateng"]);
    expect(page.body.pagination).toEqual({ total: 3, page: 1, limit: 2 });
    expect(page.body.table.id).toBe(id);

    const saved = await cells(teacher.token, id, [
      { studentId: kofi.id, columnKey: "c2", value: 7.5 },
      { studentId: ama.id, columnKey: "c2", value: "9" },
      { studentId: ama.id, columnKey: "c3", value: "  Very good  " },
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body.changed).toBe(3);
    expect(saved.body.rows).toEqual([
      { studentId: ama.id, name: "Ama Mensah", studentType: "jhs3", cells: { c2: 9, c3: "Very good" } },
      { studentId: kofi.id, name: "Kofi Boateng", studentType: "jhs3", cells: { c2: 7.5 } },
    ]);
    const searched = await data(teacher.token, id, "?search=kofi");
    expect(searched.body.rows).toEqual([{ studentId: kofi.id, name: "Kofi Boateng", studentType: "jhs3", cells: { c2: 7.5 } }]);

    // The same value again changes nothing and writes no audit; a change and a clear are audited together.
    expect((await cells(teacher.token, id, [{ studentId: kofi.id, columnKey: "c2", value: 7.5 }])).body.changed).toBe(0);
    const changed = await cells(teacher.token, id, [
      { studentId: kofi.id, columnKey: "c2", value: 8 },
      { studentId: ama.id, columnKey: "c3", value: null },
    ]);
    expect(changed.body.changed).toBe(2);
    const trail = (await audits(id)).filter((a) => a.action === "update");
    expect(trail).toHaveLength(2);
    expect(trail[1].userId).toBe(teacher.user.id);
    expect(trail[1].before).toEqual({
      marks: [
        { studentId: kofi.id, student: "Kofi Boateng", column: "Exercise 1", value: "7.5" },
        { studentId: ama.id, student: "Ama Mensah", column: "Remark", value: "Very good" },
      ],
    });
    expect(trail[1].after).toEqual({
      marks: [
        { studentId: kofi.id, student: "Kofi Boateng", column: "Exercise 1", value: "8" },
        { studentId: ama.id, student: "Ama Mensah", column: "Remark", value: null },
      ],
    });

    const refusals: [object, string][] = [
      [{ studentId: yaw.id, columnKey: "c2", value: 11 }, "Exercise 1: marks must be between 0 and 10"],
      [{ studentId: yaw.id, columnKey: "c2", value: -1 }, "Exercise 1: marks must be between 0 and 10"],
      [{ studentId: yaw.id, columnKey: "c2", value: 2.345 }, "Exercise 1: marks must be numbers with at most two decimals"],
      [{ studentId: yaw.id, columnKey: "c2", value: "seven" }, "Exercise 1: marks must be numbers with at most two decimals"],
      [{ studentId: yaw.id, columnKey: "c1", value: "Yaw" }, "The Student column shows the student's name and cannot be edited"],
      [{ studentId: yaw.id, columnKey: "c9", value: 1 }, "No such column in this table"],
      [{ studentId: outsider.id, columnKey: "c2", value: 1 }, `This student is not in this table (student ${outsider.id})`],
      [{ studentId: teacher.user.id, columnKey: "c2", value: 1 }, `This student is not in this table (student ${teacher.user.id})`],
    ];
    for (const [cell, message] of refusals) {
      // A refused cell beside a good one: nothing is saved.
      const r = await cells(teacher.token, id, [{ studentId: yaw.id, columnKey: "c3", value: "saved?" }, cell]);
      expect(r.status, JSON.stringify(cell)).toBe(400);
      expect(r.body.error).toBe(message);
    }
    const [yawCell] = await db()
      .select()
      .from(gradebookCells)
      .where(and(eq(gradebookCells.tableId, id), eq(gradebookCells.studentId, yaw.id)));
    expect(yawCell).toBeUndefined();
    expect((await cells(teacher.token, id, [])).body.error).toBe("Send 1 to 500 cells");
  });

  it("keeps marks with their column through renames, drops a removed column's marks, and refuses a change the marks do not fit", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const [s] = await classOf(["Esi Owusu"]);
    const id = (
      await create(admin.token, { name: "Renames", studentType: "jhs3", columns: [{ name: "Student" }, { name: "Test", type: "number" }, { name: "Note" }] })
    ).body.id;
    await cells(admin.token, id, [
      { studentId: s.id, columnKey: "c2", value: 15 },
      { studentId: s.id, columnKey: "c3", value: "late" },
    ]);
    const renamed = await put(admin.token, id, {
      name: "Renames",
      studentType: "jhs3",
      columns: [
        { key: "c1", name: "Pupil" },
        { key: "c2", name: "Test 1", type: "number" },
      ],
    });
    expect(renamed.status).toBe(200);
    const row = (await data(admin.token, id, "?search=Esi%20Owusu")).body.rows[0];
    expect(row.cells).toEqual({ c2: 15 });
    const narrower = await put(admin.token, id, {
      name: "Renames",
      studentType: "jhs3",
      columns: [
        { key: "c1", name: "Pupil" },
        { key: "c2", name: "Test 1", type: "number", outOf: 10 },
      ],
    });
    expect(narrower.status).toBe(409);
    expect(narrower.body.error).toBe("Test 1 holds 1 entry that are not marks from 0 to 10");
    const moved = await put(admin.token, id, {
      name: "Renames",
      columns: [
        { key: "c2", name: "Test 1" },
        { key: "c1", name: "Pupil" },
      ],
    });
    expect(moved.status).toBe(409);
  });
});

describe("export", () => {
  it("exports every student's marks as CSV and as an Excel workbook, named after the table and the day", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const teacher = await signedIn(db(), { role: "teacher" });
    const level = "jhs2";
    const tag = `Exp${Date.now()}`;
    const a = await buildUser(db(), { name: `${tag} Abena`, studentType: level });
    const b = await buildUser(db(), { name: `${tag} =Bad, "quoted"`, studentType: level });
    const id = (
      await create(admin.token, {
        name: "Homework / Term 2",
        studentType: level,
        columns: [{ name: "Student" }, { name: "HW1", type: "number", outOf: 20 }, { name: "Note" }],
      })
    ).body.id;
    await cells(teacher.token, id, [
      { studentId: a.id, columnKey: "c2", value: 18.5 },
      { studentId: b.id, columnKey: "c3", value: "=1+1" },
    ]);
    const today = new Date().toISOString().slice(0, 10);

    const csv = await call(t.app, { method: "GET", url: `/api/tables/${id}/export?format=csv`, token: teacher.token });
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toContain(`filename="Homework _ Term 2-${today}.csv"`);
    const lines = csv.raw
      .replace(/^\ufeff/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Student,HW1,Note");
    // Formula-like text is defused with a leading quote mark.
    expect(lines).toContain(`${tag} Abena,18.5,`);
    expect(lines).toContain(`"${tag} =Bad, ""quoted""",,'=1+1`);

    const xlsx = await t.app.inject({ method: "GET", url: `/api/tables/${id}/export?format=excel`, headers: { authorization: `Bearer ${teacher.token}` } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(xlsx.headers["content-disposition"]).toContain(`-${today}.xlsx"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, "Student", "HW1 (/20)", "Note"]);
    const rows: unknown[][] = [];
    sheet.eachRow((r, n) => {
      if (n > 1) rows.push([1, 2, 3].map((i) => r.getCell(i).value));
    });
    expect(rows).toContainEqual([`${tag} Abena`, 18.5, null]);
    // Text stays text in a workbook (a cell value, never a formula).
    expect(rows).toContainEqual([`${tag} =Bad, "quoted"`, null, "=1+1"]);

    expect((await call(t.app, { method: "GET", url: `/api/tables/${id}/export?format=pdf`, token: teacher.token })).status).toBe(400);
  });
});
