import { describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { auditLogs, courses, files, questions, quizzes } from "../../db/schema";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, buildQuiz, buildUser, signedIn } from "../../../test/factories";
import { form, pdfBytes, pngBytes } from "../../../test/uploads";

const t = useTestApp();

const db = () => t.database.db;
const auditOf = (id: number) =>
  db()
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entityType, "course"), eq(auditLogs.entityId, String(id))));
const post = (token: string, payload: FormData | object) => call(t.app, { method: "POST", url: "/api/courses", token, payload: payload as never });
const put = (token: string, id: number, payload: FormData | object) =>
  call(t.app, { method: "PUT", url: `/api/courses/${id}`, token, payload: payload as never });

describe("GET /api/courses", () => {
  it("lets every role browse courses, with teacher and material, sorted by title", async () => {
    const teacher = await buildUser(db(), { name: "Mrs Adjei", role: "teacher" });
    await buildCourse(db(), { title: "ZZ Browse last", teacherId: teacher.id });
    await buildCourse(db(), { title: "AA Browse first", teacherId: null });
    for (const role of ["student", "teacher", "admin"] as const) {
      const u = await signedIn(db(), { role });
      const r = await call(t.app, { method: "GET", url: "/api/courses?search=browse", token: u.token });
      expect(r.status, role).toBe(200);
      expect(r.body.data.map((c: { title: string }) => c.title)).toEqual(["AA Browse first", "ZZ Browse last"]);
      expect(r.body.data[1]).toMatchObject({ teacherId: teacher.id, teacher: { id: teacher.id, name: "Mrs Adjei" }, material: null });
      expect(r.body.data[0]).toMatchObject({ teacherId: null, teacher: null });
      expect(r.body.pagination).toEqual({ total: 2, page: 1, limit: 12 });
    }
  });

  it("searches title and description case-insensitively and takes % literally", async () => {
    const u = await signedIn(db());
    await buildCourse(db(), { title: "Kente Weaving", description: "Patterns of Bonwire" });
    await buildCourse(db(), { title: "Adinkra symbols", description: "100% GYE NYAME meanings" });
    const byTitle = await call(t.app, { method: "GET", url: "/api/courses?search=KENTE", token: u.token });
    expect(byTitle.body.data.map((c: { title: string }) => c.title)).toEqual(["Kente Weaving"]);
    const byDescription = await call(t.app, { method: "GET", url: "/api/courses?search=gye%20nyame", token: u.token });
    expect(byDescription.body.data.map((c: { title: string }) => c.title)).toEqual(["Adinkra symbols"]);
    const percent = await call(t.app, { method: "GET", url: `/api/courses?search=${encodeURIComponent("100%")}`, token: u.token });
    expect(percent.body.data.map((c: { title: string }) => c.title)).toEqual(["Adinkra symbols"]);
    const wildcard = await call(t.app, { method: "GET", url: `/api/courses?search=${encodeURIComponent("%")}`, token: u.token });
    expect(wildcard.body.data.map((c: { title: string }) => c.title)).toEqual(["Adinkra symbols"]);
  });

  it("gives the unfiltered list's total from the kept count (decision 033), exact as courses come and go", async () => {
    const u = await signedIn(db());
    const admin = await signedIn(db(), { role: "admin" });
    const check = async () => {
      const [{ n }] = await db().select({ n: count() }).from(courses);
      const r = await call(t.app, { method: "GET", url: "/api/courses?limit=3&page=2", token: u.token });
      expect(r.body.pagination).toEqual({ total: n, page: 2, limit: 3 });
      const past = await call(t.app, { method: "GET", url: "/api/courses?limit=100&page=50", token: u.token });
      expect(past.body).toEqual({ data: [], pagination: { total: n, page: 50, limit: 100 } });
      return n;
    };
    const before = await check();
    const made = [await buildCourse(db()), await buildCourse(db()), await buildCourse(db())];
    expect(await check()).toBe(before + 3);
    expect((await call(t.app, { method: "DELETE", url: `/api/courses/${made[1].id}`, token: admin.token })).status).toBe(200);
    expect(await check()).toBe(before + 2);
  });

  it("paginates in SQL and refuses a limit above 100", async () => {
    const u = await signedIn(db());
    for (let i = 0; i < 5; i++) await buildCourse(db(), { title: `Paged course ${i}`, teacherId: null });
    const p1 = await call(t.app, { method: "GET", url: "/api/courses?search=paged%20course&limit=2&page=1", token: u.token });
    const p3 = await call(t.app, { method: "GET", url: "/api/courses?search=paged%20course&limit=2&page=3", token: u.token });
    expect(p1.body.data.map((c: { title: string }) => c.title)).toEqual(["Paged course 0", "Paged course 1"]);
    expect(p3.body.data.map((c: { title: string }) => c.title)).toEqual(["Paged course 4"]);
    expect(p3.body.pagination).toEqual({ total: 5, page: 3, limit: 2 });
    const past = await call(t.app, { method: "GET", url: "/api/courses?search=paged%20course&limit=2&page=9", token: u.token });
    expect(past.body).toEqual({ data: [], pagination: { total: 5, page: 9, limit: 2 } });
    // The separate count past the last page filters by teacher and search like the page query.
    const teacher = await buildUser(db(), { role: "teacher" });
    for (let i = 0; i < 3; i++) await buildCourse(db(), { title: `Taught course ${i}`, teacherId: teacher.id });
    const taughtPast = await call(t.app, { method: "GET", url: `/api/courses?teacherId=${teacher.id}&limit=2&page=9`, token: u.token });
    expect(taughtPast.body.pagination.total).toBe(3);
    const bothPast = await call(t.app, {
      method: "GET",
      url: `/api/courses?teacherId=${teacher.id}&search=taught%20course%201&limit=2&page=9`,
      token: u.token,
    });
    expect(bothPast.body.pagination.total).toBe(1);
    const none = await call(t.app, { method: "GET", url: "/api/courses?search=no%20such%20course", token: u.token });
    expect(none.body).toEqual({ data: [], pagination: { total: 0, page: 1, limit: 12 } });
    const ok = await call(t.app, { method: "GET", url: "/api/courses?limit=100", token: u.token });
    expect(ok.status).toBe(200);
    const tooMany = await call(t.app, { method: "GET", url: "/api/courses?limit=101", token: u.token });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe("limit must be between 1 and 100");
    expect((await call(t.app, { method: "GET", url: "/api/courses?limit=0", token: u.token })).body.error).toBe("limit must be between 1 and 100");
    expect((await call(t.app, { method: "GET", url: "/api/courses?page=0", token: u.token })).body.error).toBe("page must be 1 or more");
  });

  it("filters by teacher (a teacher's own courses for the quiz form)", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    await buildCourse(db(), { title: "Mine one", teacherId: teacher.user.id });
    await buildCourse(db(), { title: "Not mine" });
    const r = await call(t.app, { method: "GET", url: `/api/courses?teacherId=${teacher.user.id}`, token: teacher.token });
    expect(r.body.data.map((c: { title: string }) => c.title)).toEqual(["Mine one"]);
  });

  it("refuses anonymous callers", async () => {
    expect((await call(t.app, { method: "GET", url: "/api/courses" })).status).toBe(401);
  });
});

describe("GET /api/courses/stats", () => {
  it("counts assigned and unassigned courses for staff only", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const before = (await call(t.app, { method: "GET", url: "/api/courses/stats", token: admin.token })).body;
    await buildCourse(db(), { teacherId: null });
    await buildCourse(db());
    const after = await call(t.app, { method: "GET", url: "/api/courses/stats", token: admin.token });
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ total: before.total + 2, assigned: before.assigned + 1, unassigned: before.unassigned + 1 });
    const student = await signedIn(db());
    expect((await call(t.app, { method: "GET", url: "/api/courses/stats", token: student.token })).status).toBe(403);
  });
});

describe("GET /api/courses/:id", () => {
  it("shows one course, 404 for an unknown one, 400 for a bad id", async () => {
    const u = await signedIn(db());
    const c = await buildCourse(db(), { title: "Core Mathematics", description: "Algebra" });
    const r = await call(t.app, { method: "GET", url: `/api/courses/${c.id}`, token: u.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: c.id, title: "Core Mathematics", description: "Algebra", teacherId: c.teacherId, material: null });
    expect(Object.keys(r.body).sort()).toEqual(["createdAt", "description", "id", "material", "teacher", "teacherId", "title", "updatedAt"]);
    const missing = await call(t.app, { method: "GET", url: "/api/courses/999999", token: u.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("Course not found");
    const bad = await call(t.app, { method: "GET", url: "/api/courses/abc", token: u.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^id/);
  });
});

describe("POST /api/courses", () => {
  it("makes the teacher who creates a course its teacher, stores the PDF and audits", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    const r = await post(
      teacher.token,
      form({ title: "  Integrated Science ", description: "Forces and energy" }, { material: { name: "syllabus.pdf", bytes: pdfBytes(100) } }),
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      title: "Integrated Science",
      description: "Forces and energy",
      teacherId: teacher.user.id,
      teacher: { id: teacher.user.id, name: teacher.user.name },
    });
    expect(r.body.material).toEqual({ name: "syllabus.pdf", size: pdfBytes(100).length });
    const audit = await auditOf(r.body.id);
    expect(audit.map((a) => a.action)).toEqual(["create"]);
    expect(audit[0].userId).toBe(teacher.user.id);
    const download = await call(t.app, { method: "GET", url: `/api/courses/${r.body.id}/material`, token: teacher.token });
    expect(download.status).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toContain('attachment; filename="syllabus.pdf"');
    expect(Buffer.from(download.raw, "latin1").subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("leaves an admin's new course unassigned, and takes JSON without a file", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const r = await post(admin.token, { title: "French", description: "" });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ title: "French", teacherId: null, teacher: null, material: null });
  });

  it("treats an empty file input as no file", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const fd = form({ title: "Computing" });
    fd.append("material", new Blob([]), "");
    const r = await post(admin.token, fd);
    expect(r.status).toBe(201);
    expect(r.body.material).toBeNull();
  });

  it("requires a title", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    for (const title of [undefined, "", "   "]) {
      const r = await post(teacher.token, form({ title, description: "x" }));
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("Title is required");
    }
    const long = await post(teacher.token, form({ title: "x".repeat(201) }));
    expect(long.body.error).toBe("Title must be at most 200 characters");
  });

  it("refuses a picture renamed .pdf with 415, judged by content", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    const r = await post(teacher.token, form({ title: "Art" }, { material: { name: "photo.pdf", bytes: pngBytes(), type: "application/pdf" } }));
    expect(r.status).toBe(415);
    expect(r.body.error).toBe("Course material must be a PDF file");
    const none = await db().select().from(courses).where(eq(courses.title, "Art"));
    expect(none).toHaveLength(0);
  });

  it("accepts a real PDF whatever its name, and refuses a file over 10 MB with 413", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    const named = await post(
      teacher.token,
      form({ title: "Any name" }, { material: { name: "notes.bin", bytes: pdfBytes(), type: "application/octet-stream" } }),
    );
    expect(named.status).toBe(201);
    const big = await post(teacher.token, form({ title: "Huge" }, { material: { name: "huge.pdf", bytes: pdfBytes(10 * 1024 * 1024) } }));
    expect(big.status).toBe(413);
    expect(big.body.error).toBe("File is too large (10 MB at most)");
  });

  it("refuses an unexpected file field", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    const r = await post(teacher.token, form({ title: "X" }, { attachment: { name: "a.pdf", bytes: pdfBytes() } }));
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('Unexpected file field "attachment" (expected "material")');
  });

  it("refuses students and anonymous callers", async () => {
    const student = await signedIn(db());
    expect((await post(student.token, form({ title: "X" }))).status).toBe(403);
    expect((await call(t.app, { method: "POST", url: "/api/courses", payload: { title: "X" } })).status).toBe(401);
  });
});

describe("PUT /api/courses/:id", () => {
  it("lets a teacher edit a course they teach, replacing the material, and audits the change", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    const created = await post(teacher.token, form({ title: "Social Studies", description: "Old" }, { material: { name: "v1.pdf", bytes: pdfBytes(1) } }));
    const oldFile = await db().select().from(courses).where(eq(courses.id, created.body.id));
    const r = await put(
      teacher.token,
      created.body.id,
      form({ title: "Social Studies", description: "New" }, { material: { name: "v2.pdf", bytes: pdfBytes(2) } }),
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ description: "New", material: { name: "v2.pdf", size: pdfBytes(2).length } });
    // The replaced file's row is gone.
    expect(await db().select().from(files).where(eq(files.id, oldFile[0].materialFileId!))).toHaveLength(0);
    const update = (await auditOf(created.body.id)).find((a) => a.action === "update")!;
    expect(update.before).toMatchObject({ description: "Old" });
    expect(update.after).toMatchObject({ description: "New" });
    expect(update.before).not.toHaveProperty("title");
  });

  it("keeps the material when no file is sent, removes it on request, and takes JSON", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    const created = await post(teacher.token, form({ title: "RME" }, { material: { name: "rme.pdf", bytes: pdfBytes() } }));
    const kept = await put(teacher.token, created.body.id, { title: "Religious and Moral Education", description: "Values" });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ title: "Religious and Moral Education", material: { name: "rme.pdf" } });
    const removed = await put(teacher.token, created.body.id, form({ title: "RME", removeMaterial: "true" }));
    expect(removed.body.material).toBeNull();
    const dl = await call(t.app, { method: "GET", url: `/api/courses/${created.body.id}/material`, token: teacher.token });
    expect(dl.status).toBe(404);
    expect(dl.body.error).toBe("This course has no material");
  });

  it("refuses a teacher who does not teach the course, but lets an admin edit any", async () => {
    const other = await signedIn(db(), { role: "teacher" });
    const c = await buildCourse(db(), { title: "Career Technology" });
    const r = await put(other.token, c.id, form({ title: "Hijacked" }));
    expect(r.status).toBe(403);
    expect(r.body.error).toBe("You can only edit courses you teach");
    const admin = await signedIn(db(), { role: "admin" });
    const ok = await put(admin.token, c.id, form({ title: "Career Tech" }));
    expect(ok.status).toBe(200);
    expect(ok.body.title).toBe("Career Tech");
    expect(ok.body.teacherId).toBe(c.teacherId);
  });

  it("validates like create: title, PDF type and size; 404 for an unknown course; students refused", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const c = await buildCourse(db());
    expect((await put(admin.token, c.id, form({ title: "" }))).body.error).toBe("Title is required");
    const png = await put(admin.token, c.id, form({ title: "Y" }, { material: { name: "x.pdf", bytes: pngBytes() } }));
    expect(png.status).toBe(415);
    const big = await put(admin.token, c.id, form({ title: "Y" }, { material: { name: "x.pdf", bytes: pdfBytes(10 * 1024 * 1024 + 1) } }));
    expect(big.status).toBe(413);
    const missing = await put(admin.token, 999999, form({ title: "Y" }));
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("Course not found");
    const student = await signedIn(db());
    expect((await put(student.token, c.id, form({ title: "Y" }))).status).toBe(403);
  });
});

describe("GET /api/courses/:id/material", () => {
  it("lets any signed-in user download, and 404s for an unknown course", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    const c = await post(teacher.token, form({ title: "Reading" }, { material: { name: "Ananse stories.pdf", bytes: pdfBytes() } }));
    const student = await signedIn(db());
    const r = await call(t.app, { method: "GET", url: `/api/courses/${c.body.id}/material`, token: student.token });
    expect(r.status).toBe(200);
    expect(r.headers["content-disposition"]).toBe(`attachment; filename="Ananse stories.pdf"; filename*=UTF-8''Ananse%20stories.pdf`);
    expect(r.headers["content-length"]).toBe(String(pdfBytes().length));
    const missing = await call(t.app, { method: "GET", url: "/api/courses/999999/material", token: student.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("Course not found");
  });
});

describe("PUT /api/courses/:id/assign", () => {
  it("lets an admin assign a teacher, and audits the change", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const c = await buildCourse(db(), { teacherId: null });
    const teacher = await buildUser(db(), { role: "teacher", name: "Mr Tetteh" });
    const r = await call(t.app, { method: "PUT", url: `/api/courses/${c.id}/assign`, token: admin.token, payload: { teacherId: teacher.id } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ teacherId: teacher.id, teacher: { id: teacher.id, name: "Mr Tetteh" } });
    const audit = (await auditOf(c.id)).find((a) => a.action === "update")!;
    expect(audit.before).toEqual({ teacherId: null });
    expect(audit.after).toEqual({ teacherId: teacher.id });
  });

  it("requires a teacher: missing, unknown and non-teacher users are refused", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const c = await buildCourse(db());
    const assign = (payload: object) => call(t.app, { method: "PUT", url: `/api/courses/${c.id}/assign`, token: admin.token, payload });
    expect((await assign({})).body.error).toBe("Please select a teacher");
    expect((await assign({ teacherId: "" })).body.error).toBe("Please select a teacher");
    const unknown = await assign({ teacherId: 999999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("The selected teacher does not exist");
    const student = await buildUser(db(), { role: "student" });
    const notTeacher = await assign({ teacherId: student.id });
    expect(notTeacher.status).toBe(400);
    expect(notTeacher.body.error).toBe("The selected user is not a teacher");
    const missing = await call(t.app, { method: "PUT", url: "/api/courses/999999/assign", token: admin.token, payload: { teacherId: student.id } });
    expect(missing.status).toBe(404);
  });

  it("is for admins only", async () => {
    const c = await buildCourse(db());
    const teacher = await buildUser(db(), { role: "teacher" });
    for (const role of ["teacher", "student"] as const) {
      const u = await signedIn(db(), { role });
      const r = await call(t.app, { method: "PUT", url: `/api/courses/${c.id}/assign`, token: u.token, payload: { teacherId: teacher.id } });
      expect(r.status, role).toBe(403);
    }
  });
});

describe("DELETE /api/courses/:id", () => {
  it("lets an admin delete a course with its quizzes, and audits it", async () => {
    const admin = await signedIn(db(), { role: "admin" });
    const { quiz } = await buildQuiz(db());
    const r = await call(t.app, { method: "DELETE", url: `/api/courses/${quiz.courseId}`, token: admin.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true });
    expect(await db().select().from(courses).where(eq(courses.id, quiz.courseId))).toHaveLength(0);
    expect(await db().select().from(quizzes).where(eq(quizzes.id, quiz.id))).toHaveLength(0);
    expect(await db().select().from(questions).where(eq(questions.quizId, quiz.id))).toHaveLength(0);
    expect((await auditOf(quiz.courseId)).map((a) => a.action)).toEqual(["delete"]);
    expect((await call(t.app, { method: "DELETE", url: `/api/courses/${quiz.courseId}`, token: admin.token })).status).toBe(404);
  });

  it("refuses teachers (even the course's own) and students", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    const c = await buildCourse(db(), { teacherId: teacher.user.id });
    expect((await call(t.app, { method: "DELETE", url: `/api/courses/${c.id}`, token: teacher.token })).status).toBe(403);
    const student = await signedIn(db());
    expect((await call(t.app, { method: "DELETE", url: `/api/courses/${c.id}`, token: student.token })).status).toBe(403);
    expect(await db().select().from(courses).where(eq(courses.id, c.id))).toHaveLength(1);
  });
});
