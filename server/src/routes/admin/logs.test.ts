import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "@adesua/domain";
import { auditLogs, questions } from "../../db/schema";
import { recordAudit } from "../../audit/audit";
import { call, useTestApp } from "../../../test/test-app";
import { buildQuiz, buildUser, signedIn } from "../../../test/factories";
import { expectAdminOnly } from "../../../test/roles";

const t = useTestApp();

describe("GET and DELETE /api/logs", () => {
  it("lists audit records for an admin, with search, action filter, sort and paging", async () => {
    const admin = await signedIn(t.database.db, { role: "admin" });
    const actor = { userId: admin.user.id, impersonatorId: null };
    await recordAudit(t.database.db, { entityType: "course", entityId: 7, action: "create", actor, after: { title: "Maths" } });
    await recordAudit(t.database.db, { entityType: "quiz", entityId: 12, action: "update", actor, before: { title: "A" }, after: { title: "B" } });
    await recordAudit(t.database.db, { entityType: "quiz", entityId: 3, action: "delete", actor, before: { title: "C" } });

    const all = await call(t.app, { method: "GET", url: "/api/logs", token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.pagination.total).toBe(3);
    const quiz = await call(t.app, { method: "GET", url: "/api/logs?search=QUI", token: admin.token });
    expect(quiz.body.data.map((l: { entityType: string }) => l.entityType)).toEqual(["quiz", "quiz"]);
    const byId = await call(t.app, { method: "GET", url: "/api/logs?search=12", token: admin.token });
    expect(byId.body.data).toHaveLength(1);
    const upd = await call(t.app, { method: "GET", url: "/api/logs?action=UPDATE", token: admin.token });
    expect(upd.body.data).toHaveLength(1);
    expect(upd.body.data[0]).toMatchObject({ before: { title: "A" }, after: { title: "B" }, userId: admin.user.id });
    const sorted = await call(t.app, { method: "GET", url: "/api/logs?sortBy=entityId&sortOrder=asc", token: admin.token });
    expect(sorted.body.data.map((l: { entityId: string }) => l.entityId)).toEqual(["3", "7", "12"]);
    const page2 = await call(t.app, { method: "GET", url: "/api/logs?limit=2&page=2&sortBy=entityId&sortOrder=asc", token: admin.token });
    expect(page2.body.data.map((l: { entityId: string }) => l.entityId)).toEqual(["12"]);
  });

  it("sorts by entity type ascending by default (spec §9) and pages a long trail on the server", async () => {
    const admin = await signedIn(t.database.db, { role: "admin" });
    const rows = Array.from({ length: 120 }, (_, i) => ({
      entityType: ["quiz", "Course", "user"][i % 3],
      entityId: String(i + 100),
      action: ["create", "update", "delete", "login"][i % 4],
      userId: admin.user.id,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
    }));
    await t.database.db.insert(auditLogs).values(rows);
    const first = await call(t.app, { method: "GET", url: "/api/logs?limit=20", token: admin.token });
    expect(first.body.pagination).toEqual({ total: 123, page: 1, limit: 20 });
    expect(first.body.data.map((l: { entityType: string }) => l.entityType.toLowerCase())).toEqual(Array(20).fill("course"));
    const last = await call(t.app, { method: "GET", url: "/api/logs?limit=20&page=7", token: admin.token });
    expect(last.body.data).toHaveLength(3);
    expect(last.body.data.every((l: { entityType: string }) => l.entityType === "user")).toBe(true);
    const newest = await call(t.app, { method: "GET", url: "/api/logs?limit=5&sortBy=createdAt&sortOrder=desc&action=login", token: admin.token });
    expect(newest.body.pagination.total).toBe(30);
    expect(newest.body.data.map((l: { entityId: string }) => l.entityId)).toEqual(["219", "215", "211", "207", "203"]);
    const search = await call(t.app, {
      method: "GET",
      url: "/api/logs?search=course&action=update&sortBy=entityId&sortOrder=desc&limit=3",
      token: admin.token,
    });
    // Course rows are i % 3 == 1, update rows i % 4 == 1: i = 1, 13, 25, ..., 109 → ids 101 … 209.
    expect(search.body.pagination.total).toBe(10);
    expect(search.body.data.map((l: { entityId: string }) => l.entityId)).toEqual(["209", "197", "185"]);
  });

  it("clears every record and leaves one record of the clearing", async () => {
    const admin = await signedIn(t.database.db, { role: "admin" });
    const r = await call(t.app, { method: "DELETE", url: "/api/logs", token: admin.token });
    expect(r.status).toBe(200);
    expect(r.body.deleted).toBeGreaterThan(0);
    const rows = await t.database.db.select().from(auditLogs);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entityType: "audit_log", action: "delete", userId: admin.user.id, before: { count: r.body.deleted } });
    const list = await call(t.app, { method: "GET", url: "/api/logs", token: admin.token });
    expect(list.body.data).toHaveLength(1);
  });

  it("refuses teachers, students and anonymous callers", async () => {
    await expectAdminOnly(t, { method: "GET", url: "/api/logs" }, { method: "DELETE", url: "/api/logs" });
    expect((await call(t.app, { method: "GET", url: "/api/logs" })).status).toBe(401);
  });

  it("says who did each thing (name and role) and what it was done to, by name", async () => {
    const admin = await signedIn(t.database.db, { role: "admin", name: "Mrs Adjoa Boateng" });
    const created = await call(t.app, {
      method: "POST",
      url: "/api/users",
      token: admin.token,
      payload: { name: "Yaw Darko", role: "student", studentType: "jhs1" },
    });
    expect(created.status).toBe(201);
    const teacher = await buildUser(t.database.db, { role: "teacher", name: "Mr Kofi Owusu" });
    const { quiz } = await buildQuiz(t.database.db, { title: "Term 1 Test: Fractions" });
    const actor = { userId: teacher.id, impersonatorId: admin.user.id };
    await recordAudit(t.database.db, { entityType: "quiz", entityId: quiz.id, action: "update", actor, before: { timeLimit: 10 }, after: { timeLimit: 20 } });
    await recordAudit(t.database.db, {
      entityType: "question",
      entityId: (await t.database.db.select().from(questions).limit(1))[0].id,
      action: "regrade",
      actor,
    });
    // A deleted entity keeps the name its snapshot recorded.
    await recordAudit(t.database.db, { entityType: "course", entityId: 999999, action: "delete", actor, before: { title: "Old Science" } });

    const list = await call(t.app, { method: "GET", url: "/api/logs?sortBy=createdAt&sortOrder=desc&limit=200", token: admin.token });
    expect(list.status).toBe(200);
    const rows = list.body.data as { entityType: string; action: string; actorName: string; actorRole: string; targetName: string; impersonatorName: string }[];
    expect(rows.find((r) => r.entityType === "user" && r.action === "create" && r.targetName === "Yaw Darko")).toMatchObject({
      actorName: "Mrs Adjoa Boateng",
      actorRole: "admin",
      impersonatorName: null,
    });
    expect(rows.find((r) => r.entityType === "quiz")).toMatchObject({
      actorName: "Mr Kofi Owusu",
      actorRole: "teacher",
      impersonatorName: "Mrs Adjoa Boateng",
      targetName: "Term 1 Test: Fractions",
    });
    expect(rows.find((r) => r.entityType === "course")).toMatchObject({ action: "delete", targetName: "Old Science" });
    expect(rows.find((r) => r.entityType === "question")).toMatchObject({ action: "regrade", targetName: "Question 1: what is 1 + 1?" });
    // The actor's name is searchable.
    const byActor = await call(t.app, { method: "GET", url: "/api/logs?search=kofi%20owusu", token: admin.token });
    expect(byActor.body.data.map((r: { actorName: string }) => r.actorName)).toEqual(["Mr Kofi Owusu", "Mr Kofi Owusu", "Mr Kofi Owusu"]);
  });

  it("records a class-list import as one import entry, named by its file", async () => {
    const admin = await signedIn(t.database.db, { role: "admin" });
    const csv = "name,level\nAma Mensah,JHS 1B\nKojo Asante,JHS 2\n";
    const fd = new FormData();
    fd.append("file", new Blob([csv], { type: "text/csv" }), "jhs-class.csv");
    const r = await call(t.app, { method: "POST", url: "/api/users/import", token: admin.token, payload: fd as never });
    expect(r.status).toBe(201);
    const list = await call(t.app, { method: "GET", url: "/api/logs?action=import", token: admin.token });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ entityType: "class_list", targetName: "jhs-class.csv", after: { created: 2, students: 2 }, actorRole: "admin" });
  });

  it("filters by every action the trail can record", async () => {
    const admin = await signedIn(t.database.db, { role: "admin" });
    await t.database.db.delete(auditLogs);
    const actor = { userId: admin.user.id, impersonatorId: null };
    for (const [i, action] of AUDIT_ACTIONS.entries()) await recordAudit(t.database.db, { entityType: "quiz", entityId: i + 1, action, actor });
    for (const [i, action] of AUDIT_ACTIONS.entries()) {
      const r = await call(t.app, { method: "GET", url: `/api/logs?action=${action}`, token: admin.token });
      expect(r.status).toBe(200);
      expect(r.body.data.map((l: { action: string; entityId: string }) => [l.action, l.entityId])).toEqual([[action, String(i + 1)]]);
    }
  });
});
