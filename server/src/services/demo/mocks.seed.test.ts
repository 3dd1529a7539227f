import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { MockResultsSchema } from "@adesua/domain";
import { users } from "../../db/schema";
import { createSession } from "../../auth/sessions";
import { call, expectSchema, useTestApp } from "../../../test/test-app";
import { DEMO_ADMIN, seedIfEmpty } from "./seed.service";
import { DEMO_MOCK_TITLE } from "./mocks.seed";

const t = useTestApp();
beforeAll(async () => {
  await seedIfEmpty(t.database.db, { seedDemo: true, adminEmail: null, adminPassword: null });
});

describe("demo mock", () => {
  it("gives JHS 3 a first mock of six subjects with results to show on first start", async () => {
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    const { token } = await createSession(t.database.db, admin.id, 3600_000);
    const list = await call(t.app, { method: "GET", url: "/api/mocks?level=jhs3", token });
    const mock = list.body.data.find((m: { title: string }) => m.title === DEMO_MOCK_TITLE);
    expect(mock.subjects).toEqual(["English Language", "Mathematics", "Integrated Science", "Social Studies", "Computing", "French"]);
    const r = await call(t.app, { method: "GET", url: `/api/mocks/${mock.id}/results`, token });
    expect(r.status).toBe(200);
    expectSchema(MockResultsSchema, r.body);
    expect(r.body.sitting).toBeGreaterThanOrEqual(10);
    expect(r.body.incomplete).toBe(1);
    expect(r.body.students.filter((s: { aggregate: number | null }) => s.aggregate !== null).length).toBe(r.body.sitting - 1);
    expect(r.body.subjects.map((s: { core: boolean }) => s.core)).toEqual([true, true, true, true, false, false]);
    const detail = await call(t.app, { method: "GET", url: `/api/mocks/${mock.id}`, token });
    expect(detail.body.subjects.every((s: { courseId: number | null }) => s.courseId !== null)).toBe(true);
  });
});
