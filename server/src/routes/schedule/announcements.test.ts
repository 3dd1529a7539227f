import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { announcementDismissals, auditLogs } from "../../db/schema";
import { call, useTestApp } from "../../../test/test-app";
import { signedIn } from "../../../test/factories";

const t = useTestApp();

const db = () => t.database.db;
const DAY = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const create = (token: string, payload: object) => call(t.app, { method: "POST", url: "/api/announcements", token, payload });
const current = (token: string) => call(t.app, { method: "GET", url: "/api/announcements/current", token });
const titles = (r: { body: { data: { title: string }[] } }) => r.body.data.map((a) => a.title);

describe("admin CRUD of announcements", () => {
  it("creates, reads, lists (paginated, newest first), updates and deletes, with audit records", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const made = await create(admin.token, {
      title: "Mid-term break",
      content: "School closes on **Friday**.\nSee https://ges.gov.gh",
      startDate: "2026-11-01",
      endDate: "2026-11-30",
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      title: "Mid-term break",
      content: "School closes on **Friday**.\nSee https://ges.gov.gh",
      startDate: "2026-11-01T00:00:00.000Z",
      endDate: "2026-11-30T23:59:59.999Z",
    });
    await create(admin.token, { title: "Second", content: "Body" });
    const page = await call(t.app, { method: "GET", url: "/api/announcements?limit=1", token: admin.token });
    expect(page.status).toBe(200);
    expect(page.body.pagination).toMatchObject({ page: 1, limit: 1 });
    expect(page.body.pagination.total).toBeGreaterThanOrEqual(2);
    expect(page.body.data[0].title).toBe("Second");
    const got = await call(t.app, { method: "GET", url: `/api/announcements/${made.body.id}`, token: admin.token });
    expect(got.body.title).toBe("Mid-term break");
    const updated = await call(t.app, {
      method: "PUT",
      url: `/api/announcements/${made.body.id}`,
      token: admin.token,
      payload: { title: "Break moved", content: "New text", startDate: null, endDate: "" },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: "Break moved", startDate: null, endDate: null });
    expect((await call(t.app, { method: "DELETE", url: `/api/announcements/${made.body.id}`, token: admin.token })).status).toBe(200);
    expect((await call(t.app, { method: "GET", url: `/api/announcements/${made.body.id}`, token: admin.token })).status).toBe(404);
    expect((await call(t.app, { method: "DELETE", url: `/api/announcements/${made.body.id}`, token: admin.token })).status).toBe(404);
    const audits = await db()
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "announcement"), eq(auditLogs.entityId, String(made.body.id))));
    expect(audits.map((a) => a.action).sort()).toEqual(["create", "delete", "update"]);
  });

  it("validates title, content and the dates", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const cases: [object, string][] = [
      [{ title: "", content: "x" }, "Title is required"],
      [{ title: "T" }, "Content is required"],
      [{ title: "T", content: "x", startDate: "next week" }, "Start date must be an ISO date or date-time"],
      [{ title: "T", content: "x", startDate: "2026-12-02", endDate: "2026-12-01" }, "End date cannot be before start date"],
    ];
    for (const [payload, message] of cases) {
      const r = await create(admin.token, payload);
      expect(r.status, JSON.stringify(payload)).toBe(400);
      expect(r.body.error).toBe(message);
    }
    // the same day for both is a one-day notice
    expect((await create(admin.token, { title: "T", content: "x", startDate: "2026-12-01", endDate: "2026-12-01" })).status).toBe(201);
  });

  it("refuses teachers and students (403) and anonymous callers (401)", async () => {
    for (const role of ["teacher", "student"] as const) {
      const u = await signedIn(db(), { role });
      expect((await create(u.token, { title: "T", content: "x" })).status, role).toBe(403);
      expect((await call(t.app, { method: "GET", url: "/api/announcements", token: u.token })).status, role).toBe(403);
      expect((await call(t.app, { method: "GET", url: "/api/announcements/1", token: u.token })).status, role).toBe(403);
      expect((await call(t.app, { method: "PUT", url: "/api/announcements/1", token: u.token, payload: { title: "T", content: "x" } })).status, role).toBe(403);
      expect((await call(t.app, { method: "DELETE", url: "/api/announcements/1", token: u.token })).status, role).toBe(403);
    }
    expect((await call(t.app, { method: "GET", url: "/api/announcements/current" })).status).toBe(401);
  });
});

describe("current announcements and dismissal", () => {
  it("shows those whose window contains now (no dates = always) to every role, and dismissal is per user", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const always = (await create(admin.token, { title: "Always on", content: "No dates" })).body;
    await create(admin.token, { title: "Running", content: "x", startDate: iso(-DAY), endDate: iso(DAY) });
    await create(admin.token, { title: "Future", content: "x", startDate: iso(DAY) });
    await create(admin.token, { title: "Past", content: "x", endDate: iso(-60_000) });
    const student = await signedIn(db(), { role: "student" });
    const teacher = await signedIn(db(), { role: "teacher" });
    for (const u of [student, teacher, admin]) {
      const seen = titles(await current(u.token));
      expect(seen).toContain("Always on");
      expect(seen).toContain("Running");
      expect(seen).not.toContain("Future");
      expect(seen).not.toContain("Past");
    }
    const dismissed = await call(t.app, { method: "POST", url: `/api/announcements/${always.id}/dismiss`, token: student.token });
    expect(dismissed.status).toBe(200);
    // twice is fine
    expect((await call(t.app, { method: "POST", url: `/api/announcements/${always.id}/dismiss`, token: student.token })).status).toBe(200);
    expect(titles(await current(student.token))).not.toContain("Always on");
    expect(titles(await current(teacher.token))).toContain("Always on");
    const rows = await db().select().from(announcementDismissals).where(eq(announcementDismissals.announcementId, always.id));
    expect(rows.map((r) => r.userId)).toEqual([student.user.id]);
    expect((await call(t.app, { method: "POST", url: "/api/announcements/2000000000/dismiss", token: student.token })).status).toBe(404);
  });

  it("refuses to dismiss one that is not current (404)", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const future = (await create(admin.token, { title: "Later", content: "x", startDate: iso(2 * DAY) })).body;
    const student = await signedIn(db(), { role: "student" });
    expect((await call(t.app, { method: "POST", url: `/api/announcements/${future.id}/dismiss`, token: student.token })).status).toBe(404);
  });

  it("returns stored markup as the text it was written as, never as HTML", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const hostile = `<script>alert("x")</script><img src=x onerror=alert(1)> **bold**`;
    const made = (await create(admin.token, { title: "<b>Title</b>", content: hostile })).body;
    const res = await current(admin.token);
    expect(res.headers["content-type"]).toContain("application/json");
    const mine = res.body.data.find((a: { id: number }) => a.id === made.id);
    expect(mine.content).toBe(hostile);
    expect(mine.title).toBe("<b>Title</b>");
    // JSON is not HTML: the body is data with no way to run, and the API forbids sniffing it as a page
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});
