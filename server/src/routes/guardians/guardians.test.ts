import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GUARDIAN_MESSAGES, GuardianMessageListSchema, MessagesResultSchema } from "@adesua/domain";
import { auditLogs, guardianMessages } from "../../db/schema";
import { call, expectSchema, useTestApp } from "../../../test/test-app";
import { signedIn } from "../../../test/factories";
import { markedMock, markedTerm } from "./fixture";

/** Issue 28 "Parents": guardians, and the messages sent (or exported) to them when results are released. */
const t = useTestApp();
let ctx: Awaited<ReturnType<typeof markedMock>>;
let admin: string;
let teacher: string;
const byName = (name: string) => ctx.p.students.find((s) => s.name === name)!;

/** A local SMS gateway: records what it gets; answers 500 for one number. */
const received: { to: string; message: string; auth: string | undefined }[] = [];
let gateway: http.Server;
let gatewayUrl: string;

beforeAll(async () => {
  ctx = await markedMock(t);
  admin = ctx.p.admin.token;
  teacher = ctx.p.maths.token;
  gateway = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const m = JSON.parse(body) as { to: string; message: string };
      received.push({ ...m, auth: req.headers.authorization });
      if (m.to.endsWith("999")) res.writeHead(500).end("number barred");
      else res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => gateway.listen(0, "127.0.0.1", r));
  gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
}, 120_000);
afterAll(() => new Promise<void>((r) => gateway.close(() => r())));

const put = (token: string | undefined, id: number, payload: unknown) =>
  call(t.app, { method: "PUT", url: `/api/users/${id}/guardians`, token, payload: payload as never });
const get = (token: string | undefined, url: string) => call(t.app, { method: "GET", url, token });
const post = (token: string | undefined, url: string, payload: unknown = {}) => call(t.app, { method: "POST", url, token, payload: payload as never });
const setSms = (url: string | null) => Object.assign(t.app.config, { smsUrl: url, smsToken: url ? "s3cret" : null });

describe("GET/PUT /api/users/{id}/guardians", () => {
  it("an admin sets two guardians, phones made +233…; audited; the student reads their own", async () => {
    const ama = byName("Ama Owusu");
    const r = await put(admin, ama.id, [
      { name: "Akosua Owusu", relationship: "Mother", phone: "024 123 4567" },
      { name: "Kwabena Owusu", relationship: "Father", phone: "+233 20 111 2222" },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.map((g: { phone: string }) => g.phone)).toEqual(["+233241234567", "+233201112222"]);
    expect((await get(ama.token, `/api/users/${ama.id}/guardians`)).body).toEqual(r.body);
    expect((await get(admin, `/api/users/${ama.id}/guardians`)).body).toEqual(r.body);
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.entityType, "guardians"));
    expect(audit.some((a) => a.entityId === String(ama.id))).toBe(true);
    // Replaced whole, in the order given.
    const again = await put(admin, ama.id, [{ name: "Akosua Owusu", relationship: "Mother", phone: "0241234567" }]);
    expect(again.body).toHaveLength(1);
    await put(admin, byName("Kofi Mensah").id, [{ name: "Esi Mensah", relationship: "Aunt", phone: "0501234999" }]);
    await put(admin, byName("Ɛfua Ɔpoku").id, [{ name: "Yaa Ɔpoku", relationship: "Grandmother", phone: "0277000111" }]);
  });

  it("refuses other people and bad input", async () => {
    const ama = byName("Ama Owusu");
    const kofi = byName("Kofi Mensah");
    expect((await get(undefined, `/api/users/${ama.id}/guardians`)).status).toBe(401);
    expect((await get(kofi.token, `/api/users/${ama.id}/guardians`)).status).toBe(403);
    expect((await get(teacher, `/api/users/${ama.id}/guardians`)).status).toBe(403);
    expect((await put(teacher, ama.id, [])).status).toBe(403);
    expect((await put(ama.token, ama.id, [])).status).toBe(403);
    expect((await get(admin, `/api/users/999999/guardians`)).status).toBe(404);
    expect((await put(admin, 999999, [])).status).toBe(404);
    expect((await get(admin, `/api/users/abc/guardians`)).status).toBe(400);
    const g = { name: "A", relationship: "Mother", phone: "0241234567" };
    expect((await put(admin, ama.id, [g, g, g])).body.error).toBe(GUARDIAN_MESSAGES.tooMany);
    expect((await put(admin, ama.id, [{ ...g, phone: "12345" }])).body.error).toBe(GUARDIAN_MESSAGES.phone);
    expect((await put(admin, ama.id, [{ ...g, name: " " }])).body.error).toBe(GUARDIAN_MESSAGES.name);
    expect((await put(admin, ama.id, [{ ...g, relationship: "" }])).status).toBe(400);
    expect((await put(admin, ama.id, { name: "A" })).status).toBe(400);
    const staff = await signedIn(t.database.db, { role: "teacher" });
    const notStudent = await put(admin, staff.user.id, [g]);
    expect(notStudent.status).toBe(400);
    expect(notStudent.body.error).toBe(GUARDIAN_MESSAGES.notStudent);
  });
});

describe("POST /api/mocks/{id}/messages", () => {
  it("is refused before release (409), to non-admins (403), for an unknown mock (404)", async () => {
    const url = `/api/mocks/${ctx.mock.id}/messages`;
    const r = await post(admin, url);
    expect(r.status).toBe(409);
    expect(r.body.error).toBe(GUARDIAN_MESSAGES.notReleased);
    expect((await post(teacher, url)).status).toBe(403);
    expect((await post(byName("Ama Owusu").token, url)).status).toBe(403);
    expect((await post(undefined, url)).status).toBe(401);
    expect((await post(admin, "/api/mocks/999999/messages")).status).toBe(404);
    expect((await post(admin, url, { note: "x".repeat(81) })).status).toBe(400);
    expect((await post(admin, url, { studentIds: ["a"] })).status).toBe(400);
    const rel = await post(admin, `/api/mocks/${ctx.mock.id}/release`);
    expect(rel.status).toBe(200);
  });

  it("with no gateway: every message in a CSV behind a signed link, each recorded as exported", async () => {
    setSms(null);
    const r = await post(admin, `/api/mocks/${ctx.mock.id}/messages`, { note: "Report at school Friday." });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expectSchema(MessagesResultSchema, r.body);
    expect(r.body).toMatchObject({ sent: 0, failed: 0, exportedCount: 3 });
    expect(r.body.exported).toMatch(/^\/api\/files\/\d+\?exp=\d+&sig=/);
    const csv = await call(t.app, { method: "GET", url: r.body.exported });
    expect(csv.status).toBe(200);
    const lines = csv.raw
      .replace(/^\ufeff/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("phone,guardian,student,message");
    expect(lines).toContain(
      '+233241234567,Akosua Owusu,Ama Owusu,"Adesua: Ama Owusu, Mock 2: aggregate 22, best English Language (1). Report at school Friday."'.replace(
        "Adesua",
        schoolName(),
      ),
    );
    expect(csv.raw).toContain("Kofi Mensah, Mock 2: aggregate 22, best Mathematics (1).");
    expect(csv.raw).toContain("Ɛfua Ɔpoku, Mock 2: aggregate 21, best English Language (1).");
    const rows = await t.database.db.select().from(guardianMessages).where(eq(guardianMessages.sourceId, ctx.mock.id));
    expect(rows.map((x) => x.status)).toEqual(["exported", "exported", "exported"]);
    for (const row of rows) expect(row.body.length).toBeLessThanOrEqual(160);
  });

  it("through the gateway: sent with the bearer token, a refused number recorded as failed with its error", async () => {
    setSms(gatewayUrl);
    received.length = 0;
    const r = await post(admin, `/api/mocks/${ctx.mock.id}/messages`, {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ sent: 2, failed: 1, exported: null, exportedCount: 0 });
    expect(received).toHaveLength(3);
    expect(received.every((m) => m.auth === "Bearer s3cret")).toBe(true);
    expect(received.find((m) => m.to === "+233241234567")?.message).toBe(`${schoolName()}: Ama Owusu, Mock 2: aggregate 22, best English Language (1).`);
    const list = await get(admin, `/api/guardian-messages?source=mock&sourceId=${ctx.mock.id}&status=failed`);
    expect(list.status).toBe(200);
    expectSchema(GuardianMessageListSchema, list.body);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ phone: "+233501234999", status: "failed", error: "The SMS gateway answered 500: number barred" });
    expect(list.body.data[0].student).toEqual({ id: byName("Kofi Mensah").id, name: "Kofi Mensah" });
    // Only some students.
    received.length = 0;
    const one = await post(admin, `/api/mocks/${ctx.mock.id}/messages`, { studentIds: [byName("Ama Owusu").id] });
    expect(one.body).toMatchObject({ sent: 1, failed: 0 });
    setSms(null);
  });

  it("GET /api/guardian-messages pages in SQL, filters, refuses others", async () => {
    const all = await get(admin, "/api/guardian-messages?limit=2&page=2");
    expect(all.status).toBe(200);
    expect(all.body.pagination).toEqual({ total: 7, page: 2, limit: 2 });
    expect(all.body.data).toHaveLength(2);
    expect((await get(admin, "/api/guardian-messages?status=exported")).body.pagination.total).toBe(3);
    expect((await get(admin, "/api/guardian-messages?source=term")).body.pagination.total).toBe(0);
    expect((await get(admin, "/api/guardian-messages?status=lost")).status).toBe(400);
    expect((await get(admin, "/api/guardian-messages?limit=0")).status).toBe(400);
    expect((await get(teacher, "/api/guardian-messages")).status).toBe(403);
    expect((await get(byName("Ama Owusu").token, "/api/guardian-messages")).status).toBe(403);
    expect((await get(undefined, "/api/guardian-messages")).status).toBe(401);
  });
});

describe("POST /api/terms/{id}/messages", () => {
  it("only for released classes; position of class size and average", async () => {
    const { term, students, a } = await markedTerm(t, admin);
    const [abena, yaw] = students;
    await put(admin, abena.id, [{ name: "Mary Boateng", relationship: "Mother", phone: "0244000001" }]);
    await put(admin, yaw.id, [{ name: "John Darko", relationship: "Father", phone: "0244000002" }]);
    const url = `/api/terms/${term.id}/messages`;
    expect((await post(admin, url)).body.error).toBe(GUARDIAN_MESSAGES.notReleased);
    expect((await post(admin, url, { class: "JHS 3A" })).status).toBe(409);
    expect((await post(teacher, url)).status).toBe(403);
    expect((await post(admin, "/api/terms/999999/messages")).status).toBe(404);
    expect((await a.check(admin, term.id, "JHS 3A", "class_teacher")).status).toBe(200);
    expect((await a.check(admin, term.id, "JHS 3A", "head_teacher")).status).toBe(200);
    const r = await post(admin, url, { class: "JHS 3A", note: "School resumes 12 January." });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ sent: 0, failed: 0, exportedCount: 2 });
    const csv = (await call(t.app, { method: "GET", url: r.body.exported })).raw;
    expect(csv).toContain(`${schoolName()}: Abena Boateng, Term 1 report: 1st of 3, average 93. School resumes 12 January.`);
    expect(csv).toContain("Yaw Darko, Term 1 report: 3rd of 3, average 57.");
    // Every released class when none is named.
    expect((await post(admin, url)).body.exportedCount).toBe(2);
  });
});

function schoolName() {
  return process.env.SCHOOL_NAME?.trim() || "Adesua";
}
