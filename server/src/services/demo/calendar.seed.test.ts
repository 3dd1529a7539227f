import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { createSession } from "../../auth/sessions";
import { call, useTestApp } from "../../../test/test-app";
import { DEMO_STUDENTS, DEMO_TEACHERS, seedIfEmpty } from "./seed.service";

const t = useTestApp();
beforeAll(async () => {
  await seedIfEmpty(t.database.db, { seedDemo: true, adminEmail: null, adminPassword: null });
});

async function tokenOf(email: string) {
  const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
  return (await createSession(t.database.db, u.id, 3600_000)).token;
}
type Entry = { kind: string; title: string; start: string; recurring: boolean; courseTitle: string | null };

describe("demo calendar", () => {
  it("shows a JHS 3 student the term's events, quiz windows and the two announcements on a fresh start", async () => {
    const jhs3 = DEMO_STUDENTS.find((s) => s.studentType === "jhs3")!;
    const token = await tokenOf(jhs3.email);
    const r = await call(t.app, { method: "GET", url: "/api/schedules", token });
    expect(r.status).toBe(200);
    const data = r.body.data as Entry[];
    const titles = new Set(data.map((e) => e.title));
    for (const title of ["Morning assembly", "Mock examinations", "PTA meeting"]) expect(titles, title).toContain(title);
    expect(data.filter((e) => e.title === "Mock examinations")).toHaveLength(5);
    expect(data.filter((e) => e.title === "Morning assembly").length).toBeGreaterThan(20);
    expect(data.some((e) => e.kind === "quiz")).toBe(true);
    // a cancelled assembly: none on the PTA meeting's day
    const ptaDay = data.find((e) => e.title === "PTA meeting")!.start.slice(0, 10);
    expect(data.filter((e) => e.title === "Morning assembly" && e.start.startsWith(ptaDay))).toEqual([]);
    const notices = await call(t.app, { method: "GET", url: "/api/announcements/current", token });
    expect(notices.body.data.map((a: { title: string }) => a.title).sort()).toEqual(["Mock examinations", "Welcome to the new term"]);
  });

  it("gives the Mathematics teacher their recurring extra class", async () => {
    const token = await tokenOf(DEMO_TEACHERS[0].email);
    const data = (await call(t.app, { method: "GET", url: "/api/schedules?includeQuizzes=false", token })).body.data as Entry[];
    const extra = data.filter((e) => e.title === "Mathematics extra class");
    expect(extra.length).toBeGreaterThanOrEqual(16);
    expect(extra.every((e) => e.recurring && e.courseTitle === "Mathematics")).toBe(true);
  });
});
