import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { verifyPassword } from "../../auth/passwords";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { DEMO_PASSWORD, seedIfEmpty } from "./seed.service";

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

describe("seedIfEmpty", () => {
  it("creates the demo school on an empty database: one admin, three teachers, ten students per level (three demo accounts, seven classmates)", async () => {
    t = await createTestApp();
    const r = await seedIfEmpty(t.database.db, { seedDemo: true, adminEmail: null, adminPassword: null });
    expect(r.created).toBe("demo");
    expect(r.accounts.find((a) => a.role === "admin")).toMatchObject({ email: "admin@adesua.school", password: DEMO_PASSWORD });
    const all = await t.database.db.select().from(users);
    expect(all.filter((u) => u.role === "admin")).toHaveLength(1);
    expect(all.filter((u) => u.role === "teacher").length).toBeGreaterThanOrEqual(3);
    for (const level of ["jhs1", "jhs2", "jhs3"]) {
      expect(all.filter((u) => u.role === "student" && u.studentType === level)).toHaveLength(10);
    }
    expect(await verifyPassword(all[0].passwordHash, DEMO_PASSWORD)).toBe(true);
    // A second start finds users and does nothing.
    expect((await seedIfEmpty(t.database.db, { seedDemo: true, adminEmail: null, adminPassword: null })).created).toBe("none");
  });

  it("creates only the configured admin when demo seeding is off", async () => {
    t = await createTestApp();
    const r = await seedIfEmpty(t.database.db, { seedDemo: false, adminEmail: "head@school.gh", adminPassword: "a-long-secret" });
    expect(r.created).toBe("admin");
    const all = await t.database.db.select().from(users);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ email: "head@school.gh", role: "admin" });
    expect(await verifyPassword(all[0].passwordHash, "a-long-secret")).toBe(true);
  });

  it("uses the configured admin instead of the demo admin in demo mode", async () => {
    t = await createTestApp();
    const r = await seedIfEmpty(t.database.db, { seedDemo: true, adminEmail: "head@school.gh", adminPassword: "a-long-secret" });
    expect(r.accounts.some((a) => a.email === "admin@adesua.school")).toBe(false);
    expect(await t.database.db.select().from(users).where(eq(users.email, "admin@adesua.school"))).toHaveLength(0);
    expect(await t.database.db.select().from(users).where(eq(users.role, "admin"))).toHaveLength(1);
  });
});
