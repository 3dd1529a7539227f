import { beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { auditLogs, users } from "../../db/schema";
import { call, useTestApp } from "../../../test/test-app";
import { buildUser, roleTokens } from "../../../test/factories";
import { form } from "../../../test/uploads";
import { slipsCsv, slipsSheet } from "../../../test/slips";

const t = useTestApp();
let admin: string, teacher: string, student: string;
beforeAll(async () => {
  ({ admin, teacher, student } = await roleTokens(db()));
});

const db = () => t.database.db;
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
let seq = 0;
/** A tag unique to this run and test, so emails and names never collide between tests or databases. */
const tag = () => `${process.pid}x${++seq}`;

const importFile = (token: string | undefined, name: string, bytes: Buffer, type = "text/csv", headers: Record<string, string> = {}) =>
  call(t.app, { method: "POST", url: "/api/users/import", token, headers, payload: form({}, { file: { name, bytes, type } }) as never });
const csv = (lines: string[]) => Buffer.from(lines.join("\r\n") + "\r\n");
const usersNamed = (name: string) => db().select().from(users).where(eq(users.name, name));
const login = (email: string, password: string) => call(t.app, { method: "POST", url: "/api/auth/login", payload: { email, password } });

async function xlsx(rows: (string | { text: string; hyperlink: string })[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Class list");
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe("POST /api/users/import", () => {
  it("imports a CSV with header variants, makes sign-in names for rows without an email, and answers each slip once", async () => {
    const k = tag();
    const r = await importFile(
      admin,
      "jhs1.csv",
      csv([
        "Full Name,E-mail,Class,Role",
        `Kofi Mensah ${k},,JHS 1A,`,
        `Kofi Mensah ${k},,Form 2,Student`,
        `Ama Serwaa,ama.${k}@school.test,Basic 9,`,
        `Mr Yaw Boateng,yaw.${k}@school.test,,Teacher`,
      ]),
    );
    expect(r.status).toBe(201);
    expect(r.body.created).toBe(4);
    const [kofi1, kofi2, ama, yaw] = r.body.slips;
    expect(kofi1).toMatchObject({ name: `Kofi Mensah ${k}`, signIn: `kofi.${k}`, studentType: "jhs1", role: "student" });
    expect(kofi2).toMatchObject({ signIn: `kofi.${k}2`, studentType: "jhs2" });
    expect(ama).toMatchObject({ signIn: `ama.${k}@school.test`, studentType: "jhs3" });
    expect(yaw).toMatchObject({ role: "teacher", studentType: null });
    for (const s of r.body.slips) expect(s.password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    // Stored only as hashes, flagged for a change, and audited one entry per user.
    const rows = await db()
      .select()
      .from(users)
      .where(inArray(users.name, [`Kofi Mensah ${k}`, "Ama Serwaa"]));
    expect(rows.every((u) => u.passwordHash?.startsWith("$argon2id$") && u.mustChangePassword)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(kofi1.password);
    const audit = await db()
      .select()
      .from(auditLogs)
      .where(
        inArray(
          auditLogs.entityId,
          rows.map((u) => String(u.id)),
        ),
      );
    expect(audit.filter((a) => a.action === "create")).toHaveLength(rows.length);
    expect(JSON.stringify(audit)).not.toContain(kofi1.password);
  });

  it("imports an .xlsx with a title line above the header, hyperlinked emails and first/last name columns", async () => {
    const k = tag();
    const bytes = await xlsx([
      ["St. Mary's JHS — class list 2025"],
      ["Surname", "First Name", "Email Address", "Level"],
      [`Owusu${k}`, "Abena", { text: `abena.${k}@school.test`, hyperlink: `mailto:abena.${k}@school.test` }, "jhs2"],
      [`Asante${k}`, "Kwabena", "", "JHS 3"],
    ]);
    const r = await importFile(admin, "list.xlsx", bytes, XLSX);
    expect(r.status).toBe(201);
    expect(r.body.slips).toEqual([
      expect.objectContaining({ name: `Abena Owusu${k}`, signIn: `abena.${k}@school.test`, studentType: "jhs2" }),
      expect.objectContaining({ name: `Kwabena Asante${k}`, signIn: `kwabena.asante${k.toLowerCase()}`, studentType: "jhs3" }),
    ]);
  });

  it("refuses the whole file when any row is bad, listing every bad row with its number and reason", async () => {
    const k = tag();
    const taken = await buildUser(db(), { email: `taken.${k}@school.test` });
    const r = await importFile(
      admin,
      "bad.csv",
      csv([
        "name,email,level,role",
        `Good One ${k},,jhs1,`,
        `,x.${k}@school.test,jhs1,`,
        `Bad Level ${k},,jhs5,`,
        `Bad Email ${k},not-an-email,jhs2,`,
        `Twice ${k},twice.${k}@school.test,jhs1,`,
        `Twice Again ${k},twice.${k}@school.test,jhs1,`,
        `Odd Role ${k},,jhs1,principal`,
      ]),
    );
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/Nothing was imported/);
    expect(r.body.errors).toEqual([
      { row: 3, message: "name is empty" },
      { row: 4, message: 'level "jhs5" must be jhs1, jhs2 or jhs3' },
      { row: 5, message: 'email "not-an-email" is not a valid address' },
      { row: 7, message: `email twice.${k}@school.test is also on row 6` },
      { row: 8, message: 'role "principal" must be student, teacher or admin' },
    ]);
    expect(await usersNamed(`Good One ${k}`)).toEqual([]);
    // An email already registered is a bad row too.
    const again = await importFile(admin, "taken.csv", csv(["Name,Email,Form", `Someone ${k},${taken.email},1`]));
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([{ row: 2, message: `email ${taken.email} is already registered` }]);
  });

  it("refuses a missing file, a wrong type, a file without a name column, and an empty list", async () => {
    const none = await call(t.app, { method: "POST", url: "/api/users/import", token: admin, payload: form({ x: "1" }) as never });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ error: "Select a file" });
    const pdf = await importFile(admin, "list.pdf", Buffer.from("%PDF-1.4 hello"), "application/pdf");
    expect(pdf.status).toBe(415);
    const noName = await importFile(admin, "x.csv", csv(["colour,size", "red,2"]));
    expect(noName.status).toBe(400);
    expect(noName.body.errors[0]).toMatchObject({ row: 1, message: expect.stringMatching(/No name column/) });
    const empty = await importFile(admin, "x.csv", csv(["name,level"]));
    expect(empty.body.errors).toEqual([{ row: 2, message: "The file has no students" }]);
  });

  it("checks a file without creating anything when asked (?check=true)", async () => {
    const k = tag();
    const lines = ["name,level,role", `Check One ${k},jhs1,`, `Check Two ${k},,teacher`];
    const r = await call(t.app, {
      method: "POST",
      url: "/api/users/import?check=true",
      token: admin,
      payload: form({}, { file: { name: "c.csv", bytes: csv(lines), type: "text/csv" } }) as never,
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ valid: 2, students: 1 });
    expect(await usersNamed(`Check One ${k}`)).toEqual([]);
  });

  it("is for admins only", async () => {
    const bytes = csv(["name,level", "A B,jhs1"]);
    expect((await importFile(undefined, "a.csv", bytes)).status).toBe(401);
    expect((await importFile(teacher, "a.csv", bytes)).status).toBe(403);
    expect((await importFile(student, "a.csv", bytes)).status).toBe(403);
  });

  it("streams progress lines and then the result when asked for application/x-ndjson", async () => {
    const k = tag();
    const lines = ["name,level", ...Array.from({ length: 60 }, (_, i) => `Stream ${k} Pupil${i},jhs1`)];
    const r = await importFile(admin, "s.csv", csv(lines), "text/csv", { accept: "application/x-ndjson" });
    expect(r.status).toBe(201);
    expect(r.headers["content-type"]).toMatch(/application\/x-ndjson/);
    const events = String(r.raw)
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(events[0]).toEqual({ type: "progress", stage: "hashing", done: 0, total: 60 });
    expect(events.some((e) => e.type === "progress" && e.stage === "saving" && e.done === 60)).toBe(true);
    const last = events.at(-1);
    expect(last.type).toBe("result");
    expect(last.created).toBe(60);
  });
});

describe("one-time passwords", () => {
  it("sign in once with the slip (email or sign-in name), are refused everywhere until changed, then stop working", async () => {
    const k = tag();
    const r = await importFile(admin, "c.csv", csv(["name,email,level", `Esi Ansah ${k},,jhs2`]));
    const slip = r.body.slips[0];
    expect(slip.signIn).toBe(`esi.${k}`);
    // The sign-in field takes the sign-in name, in any case.
    const first = await login(slip.signIn.toUpperCase(), slip.password);
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ email: null, username: slip.signIn, mustChangePassword: true });
    const token = first.body.token;
    const me = await call(t.app, { method: "GET", url: "/api/auth/me", token });
    expect(me.body.mustChangePassword).toBe(true);
    const blocked = await call(t.app, { method: "GET", url: "/api/quizzes", token });
    expect(blocked.status).toBe(403);
    expect(blocked.body).toEqual({ error: "Choose a new password before you continue", code: "password_change_required" });
    // Wrong current password, the same password again, an empty one.
    const change = (payload: object) => call(t.app, { method: "POST", url: "/api/auth/change-password", token, payload });
    expect((await change({ currentPassword: "wrong-one", newPassword: "my-own-pass-1" })).body).toEqual({ error: "Your current password is not correct" });
    expect((await change({ currentPassword: slip.password, newPassword: slip.password })).status).toBe(400);
    expect((await change({ currentPassword: slip.password, newPassword: "" })).body).toEqual({ error: "Please enter a new password" });
    const ok = await change({ currentPassword: slip.password, newPassword: "my-own-pass-1" });
    expect(ok.status).toBe(200);
    expect(ok.body.mustChangePassword).toBe(false);
    expect((await call(t.app, { method: "GET", url: "/api/quizzes", token })).status).toBe(200);
    // The slip's password works no more; the new one does.
    expect((await login(slip.signIn, slip.password)).status).toBe(401);
    expect((await login(slip.signIn, "my-own-pass-1")).status).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.username, slip.signIn));
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2/);
  });

  it("lets an impersonating admin through without choosing the password for the user", async () => {
    const k = tag();
    const r = await importFile(admin, "i.csv", csv(["name,level", `Imp Ersonated ${k},jhs1`]));
    const [row] = await db().select().from(users).where(eq(users.username, r.body.slips[0].signIn));
    const imp = await call(t.app, { method: "POST", url: `/api/auth/impersonate/${row.id}`, token: admin });
    expect((await call(t.app, { method: "GET", url: "/api/quizzes", token: imp.body.token })).status).toBe(200);
    const change = await call(t.app, {
      method: "POST",
      url: "/api/auth/change-password",
      token: imp.body.token,
      payload: { currentPassword: r.body.slips[0].password, newPassword: "chosen-by-admin" },
    });
    expect(change.status).toBe(403);
  });

  it("change-password needs a session", async () => {
    expect((await call(t.app, { method: "POST", url: "/api/auth/change-password", payload: { currentPassword: "a", newPassword: "bbbbbbbb" } })).status).toBe(
      401,
    );
  });
});

describe("POST /api/users", () => {
  it("adds one user with a slip; a student needs a level; a taken email is a conflict", async () => {
    const k = tag();
    const r = await call(t.app, {
      method: "POST",
      url: "/api/users",
      token: admin,
      payload: { name: `Adwoa Pokua ${k}`, role: "student", studentType: "jhs3" },
    });
    expect(r.status).toBe(201);
    expect(r.body.user).toMatchObject({ name: `Adwoa Pokua ${k}`, email: null, username: `adwoa.${k}`, mustChangePassword: true, hasPassword: true });
    expect(r.body.slip).toMatchObject({ signIn: `adwoa.${k}`, studentType: "jhs3" });
    const t2 = await call(t.app, { method: "POST", url: "/api/users", token: admin, payload: { name: "T", email: `t.${k}@school.test`, role: "teacher" } });
    expect(t2.status).toBe(201);
    expect(t2.body.user).toMatchObject({ email: `t.${k}@school.test`, username: null, studentType: null });
    const again = await call(t.app, { method: "POST", url: "/api/users", token: admin, payload: { name: "T", email: `t.${k}@school.test`, role: "teacher" } });
    expect(again.status).toBe(409);
    const noLevel = await call(t.app, { method: "POST", url: "/api/users", token: admin, payload: { name: "S", role: "student" } });
    expect(noLevel.body).toEqual({ error: "Level is required for a student" });
    expect((await call(t.app, { method: "POST", url: "/api/users", token: admin, payload: { name: "S", email: "nope", role: "teacher" } })).status).toBe(400);
    expect((await call(t.app, { method: "POST", url: "/api/users", token: teacher, payload: { name: "S", role: "teacher" } })).status).toBe(403);
  });
});

describe("POST /api/users/slips", () => {
  const slips = [
    { name: "Yaa Asantewaa", signIn: "yaa.asantewaa", password: "abcd-efgh-jkmn", role: "student", studentType: "jhs2" },
    { name: "Kojo Antwi", signIn: "kojo.antwi", password: "pqrs-tuvw-xyz2", role: "student", studentType: "jhs1" },
  ];
  it("prints a Word sheet grouped by level, one slip per student, and a CSV", async () => {
    const doc = await slipsSheet(t.app, admin, slips);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers["content-disposition"]).toMatch(/sign-in-slips-\d{4}-\d{2}-\d{2}\.docx/);
    const text = doc.text;
    expect(text.indexOf("JHS 1")).toBeLessThan(text.indexOf("JHS 2"));
    expect(text.indexOf("Kojo Antwi")).toBeLessThan(text.indexOf("Yaa Asantewaa"));
    expect(text).toContain("pqrs-tuvw-xyz2");
    const c = await slipsCsv(t.app, admin, slips);
    expect(c.lines).toEqual([
      "Class,Name,Sign in with,One-time password,Role,School,Sign in at",
      "JHS 1,Kojo Antwi,kojo.antwi,pqrs-tuvw-xyz2,Student,Adesua School,http://localhost:80/login",
      "JHS 2,Yaa Asantewaa,yaa.asantewaa,abcd-efgh-jkmn,Student,Adesua School,http://localhost:80/login",
      "", // every line ends with CRLF (the one CSV writer, lib/csv-writer.ts)
    ]);
    expect(c.raw.startsWith("\ufeff")).toBe(true);
    expect((await call(t.app, { method: "POST", url: "/api/users/slips", token: teacher, payload: { format: "csv", slips } })).status).toBe(403);
    expect((await call(t.app, { method: "POST", url: "/api/users/slips", token: admin, payload: { format: "pdf", slips } })).status).toBe(400);
  });
});

describe("GET /api/users filters", () => {
  it("filters by level and finds users by sign-in name", async () => {
    const k = tag();
    await importFile(admin, "f.csv", csv(["name,level", `Level Three ${k},jhs3`, `Level Two ${k},jhs2`]));
    const r = await call(t.app, { method: "GET", url: `/api/users?studentType=jhs3&search=${k}`, token: admin });
    expect(r.body.data.map((u: { name: string }) => u.name)).toEqual([`Level Three ${k}`]);
    // Sign-in names take the first and last words: "level.<k>" and "level.<k>2".
    const bySignIn = await call(t.app, { method: "GET", url: `/api/users?search=level.${k}2`, token: admin });
    expect(bySignIn.body.data.map((u: { username: string }) => u.username)).toEqual([`level.${k}2`]);
    expect((await call(t.app, { method: "GET", url: "/api/users?studentType=jhs9", token: admin })).status).toBe(400);
  });
});
