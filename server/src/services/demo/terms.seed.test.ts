import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { terms, users } from "../../db/schema";
import { useTestApp } from "../../../test/test-app";
import { termReports } from "../terms/reports.service";
import { seedIfEmpty } from "./seed.service";
import { DEMO_TERM } from "./terms.seed";

const t = useTestApp();

describe("the demo term", () => {
  it("gives JHS 2 complete reports on first start, checked by the class teacher and waiting for the head teacher", async () => {
    const db = t.database.db;
    await seedIfEmpty(db, { seedDemo: true, adminEmail: null, adminPassword: null });
    const [term] = await db.select().from(terms).where(eq(terms.name, DEMO_TERM));
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, "admin@adesua.school"));
    const started = performance.now();
    const r = await termReports(db, { id: admin.id, role: "admin", studentType: null }, term.id, "JHS 2");
    expect(performance.now() - started).toBeLessThan(5000);
    expect(r.students.length).toBe(10);
    expect(r.checks).toMatchObject({ classTeacher: { by: { name: "Ama Owusu" } }, headTeacher: null, released: false });
    for (const s of r.students) {
      expect(s.subjects.map((x) => x.name)).toEqual(["Mathematics", "Integrated Science", "English Language", "Social Studies"]);
      expect(s.subjects.every((x) => x.total !== null && x.grade !== null && x.remark !== "")).toBe(true);
      expect(s.attendance.outOf).toBe(64);
    }
    expect(r.students.map((s) => s.overallPosition).sort((a, b) => a! - b!)[0]).toBe(1);
  });
});
