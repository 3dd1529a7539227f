import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { courses, files } from "../../db/schema";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, buildQuiz, signedIn } from "../../../test/factories";
import { form, pdfBytes } from "../../../test/uploads";
import type { Db } from "../../db/client";

const t = useTestApp();
type Who = { user: { id: number }; token: string };
let admin: Who, teacher: Who, other: Who, jhs1: Who, jhs2: Who;

async function fileRow(db: Db, name: string, size: number, daysAgo: number) {
  const [f] = await db
    .insert(files)
    .values({ sha256: "0".repeat(64), name, size, mimeType: "application/pdf", createdAt: new Date(Date.now() - daysAgo * 24 * 3600_000) })
    .returning();
  return f.id;
}

beforeAll(async () => {
  const db = t.database.db;
  admin = await signedIn(db, { role: "admin" });
  teacher = await signedIn(db, { role: "teacher" });
  other = await signedIn(db, { role: "teacher" });
  jhs1 = await signedIn(db, { role: "student", studentType: "jhs1" });
  jhs2 = await signedIn(db, { role: "student", studentType: "jhs2" });
  const maths = await buildCourse(db, { title: "Mathematics", teacherId: teacher.user.id, materialFileId: await fileRow(db, "Fractions notes.pdf", 1200, 5) });
  const science = await buildCourse(db, { title: "Science", teacherId: other.user.id, materialFileId: await fileRow(db, "Matter handout.pdf", 800, 4) });
  const day = 24 * 3600_000;
  // A jhs1 maths paper that closed yesterday, one still open, and a jhs2 science paper that closed.
  const papers = [
    { title: "Term 1 maths paper", course: maths, studentType: "jhs1", closesIn: -day, file: ["t1.pdf", 5000, 3] },
    { title: "Open maths paper", course: maths, studentType: "jhs1", closesIn: day, file: ["open.pdf", 6000, 2] },
    { title: "Science paper", course: science, studentType: "jhs2", closesIn: -day, file: ["sci.pdf", 7000, 1] },
  ] as const;
  for (const { title, course, studentType, closesIn, file } of papers) {
    const [name, size, daysAgo] = file;
    const pdfFileId = await fileRow(db, name, size, daysAgo);
    await buildQuiz(db, { title, courseId: course.id, studentType, closeTime: new Date(Date.now() + closesIn), pdfFileId, questions: [] });
  }
});

const titles = async (who: Who, query = "") => {
  const r = await call(t.app, { method: "GET", url: `/api/library${query}`, token: who.token });
  expect(r.status).toBe(200);
  return r.body.data.map((i: { title: string }) => i.title);
};

describe("GET /api/library", () => {
  it("gives an admin every material and paper, newest first, with its course, type and size", async () => {
    const r = await call(t.app, { method: "GET", url: "/api/library", token: admin.token });
    expect(r.body.pagination).toEqual({ total: 5, page: 1, limit: 20 });
    expect(r.body.data.map((i: { title: string }) => i.title)).toEqual([
      "Science paper",
      "Open maths paper",
      "Term 1 maths paper",
      "Matter handout.pdf",
      "Fractions notes.pdf",
    ]);
    expect(r.body.data[4]).toMatchObject({ type: "material", course: { title: "Mathematics" }, size: 1200, fileName: "Fractions notes.pdf" });
    expect(r.body.data[4].downloadPath).toMatch(/^\/courses\/\d+\/material$/);
    expect(r.body.data[0].downloadPath).toMatch(/^\/quizzes\/\d+\/pdf$/);
  });

  it("gives a teacher the materials and papers of their own courses", async () => {
    expect(await titles(teacher)).toEqual(["Open maths paper", "Term 1 maths paper", "Fractions notes.pdf"]);
    expect(await titles(other)).toEqual(["Science paper", "Matter handout.pdf"]);
  });

  it("gives a student their level's course materials and only the papers of quizzes that have closed", async () => {
    expect(await titles(jhs1)).toEqual(["Term 1 maths paper", "Fractions notes.pdf"]);
    expect(await titles(jhs2)).toEqual(["Science paper", "Matter handout.pdf"]);
  });

  it("searches titles, file names and courses, filters by type and pages in SQL", async () => {
    expect(await titles(admin, "?search=maths")).toEqual(["Open maths paper", "Term 1 maths paper"]);
    expect(await titles(admin, "?search=MATHEMATICS")).toEqual(["Open maths paper", "Term 1 maths paper", "Fractions notes.pdf"]);
    expect(await titles(admin, "?search=100%25")).toEqual([]);
    expect(await titles(admin, "?type=material")).toEqual(["Matter handout.pdf", "Fractions notes.pdf"]);
    const p2 = await call(t.app, { method: "GET", url: "/api/library?limit=2&page=2", token: admin.token });
    expect(p2.body.data.map((i: { title: string }) => i.title)).toEqual(["Term 1 maths paper", "Matter handout.pdf"]);
    expect(p2.body.pagination.total).toBe(5);
    const past = await call(t.app, { method: "GET", url: "/api/library?limit=2&page=9", token: admin.token });
    expect(past.body).toEqual({ data: [], pagination: { total: 5, page: 9, limit: 2 } });
    expect((await call(t.app, { method: "GET", url: "/api/library?type=video", token: admin.token })).status).toBe(400);
    expect((await call(t.app, { method: "GET", url: "/api/library" })).status).toBe(401);
  });

  it("lists an uploaded course material that downloads", async () => {
    const c = await buildCourse(t.database.db, { title: "Reading", teacherId: teacher.user.id });
    const up = await call(t.app, {
      method: "PUT",
      url: `/api/courses/${c.id}`,
      token: teacher.token,
      payload: form({ title: "Reading" }, { material: { name: "Stories.pdf", bytes: pdfBytes(10) } }),
    });
    expect(up.status).toBe(200);
    const r = await call(t.app, { method: "GET", url: "/api/library?search=stories", token: teacher.token });
    expect(r.body.data).toHaveLength(1);
    const dl = await call(t.app, { method: "GET", url: `/api${r.body.data[0].downloadPath}`, token: teacher.token });
    expect(dl.status).toBe(200);
    expect(dl.raw.startsWith("%PDF-")).toBe(true);
    await t.database.db.update(courses).set({ materialFileId: null }).where(eq(courses.id, c.id));
  });
});
