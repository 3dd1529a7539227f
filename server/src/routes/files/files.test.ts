import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { FILE_LINK_MESSAGES } from "@adesua/domain";
import { courses, files, questions } from "../../db/schema";
import { call, useTestApp } from "../../../test/test-app";
import { signedIn } from "../../../test/factories";
import { form, pdfBytes } from "../../../test/uploads";

const t = useTestApp();

const db = () => t.database.db;
const DAY = 24 * 3600_000;

/** A course with a material of `bytes`, made through the API; answers its id. */
async function courseWithMaterial(bytes: Buffer, name = "notes.pdf") {
  const teacher = await signedIn(db(), { role: "teacher" });
  const r = await call(t.app, {
    method: "POST",
    url: "/api/courses",
    token: teacher.token,
    payload: form({ title: "Science" }, { material: { name, bytes } }) as never,
  });
  expect(r.status).toBe(201);
  return { id: r.body.id as number, teacher };
}
const link = async (url: string, token: string) => call(t.app, { method: "GET", url, token });
/** The signed link opened as a browser would: no session. */
const open = (url: string, headers: Record<string, string> = {}) => call(t.app, { method: "GET", url, headers });

describe("signed download links", () => {
  it("gives a signed-in user a one-minute link to a course's material that downloads without a session", async () => {
    // Over a megabyte: several chunks when the files live in PostgreSQL.
    const bytes = pdfBytes(1_200_000);
    const course = await courseWithMaterial(bytes, "Forces and motion.pdf");
    const student = await signedIn(db());
    const r = await link(`/api/courses/${course.id}/material/link`, student.token);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(["expiresAt", "url"]);
    expect(r.body.url).toMatch(/^\/api\/files\/\d+\?exp=\d+&sig=[A-Za-z0-9_-]{43}$/);
    const ttl = new Date(r.body.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);

    const got = await t.app.inject({ method: "GET", url: r.body.url });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(got.headers["content-type"]).toBe("application/pdf");
    expect(got.headers["content-length"]).toBe(String(bytes.length));
    expect(got.headers["content-disposition"]).toContain('filename="Forces and motion.pdf"');
    expect(got.headers["accept-ranges"]).toBe("bytes");
    expect(got.headers["cache-control"]).toBe("private, no-cache");

    // A minute later the link is dead.
    t.clock.set(new Date(Date.now() + 61_000));
    const late = await open(r.body.url);
    t.clock.set(null);
    expect(late.status).toBe(403);
    expect(late.body).toEqual({ error: FILE_LINK_MESSAGES.expired });
  });

  it("refuses a link that is altered, unsigned or for another file (403)", async () => {
    const a = await courseWithMaterial(pdfBytes(10));
    const b = await courseWithMaterial(pdfBytes(20));
    const student = await signedIn(db());
    const url = new URL((await link(`/api/courses/${a.id}/material/link`, student.token)).body.url, "http://x");
    const [bCourse] = await db().select({ fileId: courses.materialFileId }).from(courses).where(eq(courses.id, b.id));
    const id = url.pathname.split("/").pop();
    const exp = url.searchParams.get("exp")!;
    const sig = url.searchParams.get("sig")!;
    const flipped = (sig[0] === "A" ? "B" : "A") + sig.slice(1);
    for (const bad of [
      `/api/files/${bCourse.fileId}?exp=${exp}&sig=${sig}`,
      `/api/files/${id}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `/api/files/${id}?exp=${exp}&sig=${flipped}`,
      `/api/files/${id}?exp=${exp}`,
      `/api/files/${id}`,
      `/api/files/${id}?exp=soon&sig=${sig}`,
      `/api/files/${id}?exp=${exp}&sig=short`,
    ]) {
      const r = await open(bad);
      expect(r.status, bad).toBe(403);
      expect(r.body, bad).toEqual({ error: FILE_LINK_MESSAGES.invalid });
    }
    expect((await open(`/api/files/0?exp=${exp}&sig=${sig}`)).status).toBe(400);
  });

  it("answers one byte range with 206, and 416 past the end", async () => {
    const bytes = Buffer.concat([pdfBytes(0), randomBytes(400_000)]);
    const course = await courseWithMaterial(bytes);
    const student = await signedIn(db());
    const { url } = (await link(`/api/courses/${course.id}/material/link`, student.token)).body;
    const part = await t.app.inject({ method: "GET", url, headers: { range: "bytes=262000-262999" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 262000-262999/${bytes.length}`);
    expect(part.headers["content-length"]).toBe("1000");
    expect(part.rawPayload.equals(bytes.subarray(262000, 263000))).toBe(true);
    const tail = await t.app.inject({ method: "GET", url, headers: { range: "bytes=-10" } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);
    const open = await t.app.inject({ method: "GET", url, headers: { range: `bytes=${bytes.length - 3}-` } });
    expect(open.rawPayload.equals(bytes.subarray(bytes.length - 3))).toBe(true);
    const past = await call(t.app, { method: "GET", url, headers: { range: `bytes=${bytes.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers["content-range"]).toBe(`bytes */${bytes.length}`);
    // Several ranges at once are not served as parts: the whole file comes.
    const many = await t.app.inject({ method: "GET", url, headers: { range: "bytes=0-1,5-6" } });
    expect(many.statusCode).toBe(200);
    expect(many.rawPayload.length).toBe(bytes.length);
  });

  it("gives links only to those who may read the file: a quiz PDF before it opens, another level's quiz", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    const [course] = await db().insert(courses).values({ title: "Maths", teacherId: teacher.user.id }).returning();
    const fields = {
      title: "Mock",
      courseId: course.id,
      studentType: "jhs2",
      openTime: new Date(Date.now() + DAY).toISOString(),
      closeTime: new Date(Date.now() + 2 * DAY).toISOString(),
      timeLimit: "30",
      maxAttempts: "1",
      questionsPerPage: "10",
      resetTimerOnAttempt: "true",
      timedSections: "",
    };
    const quiz = await call(t.app, {
      method: "POST",
      url: "/api/quizzes",
      token: teacher.token,
      payload: form(fields, { pdf: { name: "mock.pdf", bytes: pdfBytes() } }) as never,
    });
    expect(quiz.status).toBe(201);
    const url = `/api/quizzes/${quiz.body.id}/pdf/link`;
    const student = await signedIn(db(), { studentType: "jhs2" });
    const early = await link(url, student.token);
    expect(early.status).toBe(403);
    expect(early.body).toEqual({ error: "Quiz is not open yet" });
    expect((await link(url, (await signedIn(db(), { studentType: "jhs1" })).token)).status).toBe(404);
    const staff = await link(url, teacher.token);
    expect(staff.status).toBe(200);
    expect((await open(staff.body.url)).status).toBe(200);
  });

  it("gives links to an event's file and a bank question's picture, and 404 when there is none", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    const event = await call(t.app, {
      method: "POST",
      url: "/api/schedules",
      token: teacher.token,
      payload: form(
        { title: "PTA meeting", description: "", start: "2027-01-05T09:00:00Z", end: "2027-01-05T10:00:00Z", recurrence: "", courseId: "" },
        { file: { name: "circular.pdf", bytes: pdfBytes() } },
      ) as never,
    });
    expect(event.status).toBe(201);
    const student = await signedIn(db());
    const ev = await link(`/api/schedules/${event.body.id}/file/link`, student.token);
    expect(ev.status).toBe(200);
    expect((await open(ev.body.url)).raw.startsWith("%PDF-")).toBe(true);

    const picture = Buffer.from("a picture's bytes");
    const { sha256 } = await t.app.storage.put(picture);
    const [file] = await db().insert(files).values({ sha256, name: "diagram.png", size: picture.length, mimeType: "image/png" }).returning();
    const [q] = await db()
      .insert(questions)
      .values({
        position: 0,
        text: "Look at the diagram",
        options: ["A", "B"],
        answer: "A",
        year: 2019,
        subject: "Science",
        section: "A",
        imageFileIds: [file.id],
      })
      .returning();
    const img = await link(`/api/questions/${q.id}/images/1/link`, student.token);
    expect(img.status).toBe(200);
    const got = await open(img.body.url);
    expect(got.headers["content-type"]).toBe("image/png");
    expect(got.raw).toBe("a picture's bytes");
    expect((await link(`/api/questions/${q.id}/images/2/link`, student.token)).status).toBe(404);
    const bare = await courseWithMaterial(pdfBytes());
    await db().update(courses).set({ materialFileId: null }).where(eq(courses.id, bare.id));
    const none = await link(`/api/courses/${bare.id}/material/link`, student.token);
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ error: "This course has no material" });
  });

  it("answers 404 when the file went after the link was made", async () => {
    const course = await courseWithMaterial(pdfBytes(5));
    const { url } = (await link(`/api/courses/${course.id}/material/link`, course.teacher.token)).body;
    const [c] = await db().select({ fileId: courses.materialFileId }).from(courses).where(eq(courses.id, course.id));
    await db().update(courses).set({ materialFileId: null }).where(eq(courses.id, course.id));
    await db().delete(files).where(eq(files.id, c.fileId!));
    expect((await open(url)).status).toBe(404);
  });
});

describe("bytes of replaced files", () => {
  it("are removed by the clean-up once no row names them, while the new material stays", async () => {
    const first = pdfBytes(11);
    const course = await courseWithMaterial(first);
    const [before] = await db()
      .select({ sha256: files.sha256 })
      .from(files)
      .innerJoin(courses, eq(courses.materialFileId, files.id))
      .where(eq(courses.id, course.id));
    const replaced = await call(t.app, {
      method: "PUT",
      url: `/api/courses/${course.id}`,
      token: course.teacher.token,
      payload: form({ title: "Science" }, { material: { name: "v2.pdf", bytes: pdfBytes(12) } }) as never,
    });
    expect(replaced.status).toBe(200);
    const [after] = await db()
      .select({ sha256: files.sha256 })
      .from(files)
      .innerJoin(courses, eq(courses.materialFileId, files.id))
      .where(eq(courses.id, course.id));
    // Within the grace period nothing goes; with none, the old bytes go.
    await t.app.storage.removeUnreferenced(db(), 3600_000);
    expect(await t.app.storage.exists(before.sha256)).toBe(true);
    expect(await t.app.storage.removeUnreferenced(db(), 0)).toBeGreaterThanOrEqual(1);
    expect(await t.app.storage.exists(before.sha256)).toBe(false);
    expect(await t.app.storage.exists(after.sha256)).toBe(true);
    const student = await signedIn(db());
    expect((await call(t.app, { method: "GET", url: `/api/courses/${course.id}/material`, token: student.token })).status).toBe(200);
  });
});
