import { eq } from "drizzle-orm";
import sharp from "sharp";
import { PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFRef } from "pdf-lib";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { buildSittingVersions, PrintJobSchema, SITTING_MESSAGES, type PrintJob, type QuestionType, type SittingVersion } from "@adesua/domain";
import { files, questions, settings, sittings, users } from "../../db/schema";
import { call, expectSchema, useTestApp } from "../../../test/test-app";
import { buildCourse, buildQuiz, signedIn } from "../../../test/factories";
import { paperDocumentFor } from "../../services/prints/paper-document";

/** Issue 29: POST /print-jobs { kind: "paper" } draws a sitting's question papers and answer sheets on the real database. */
const t = useTestApp();

type Ctx = {
  teacher: string;
  admin: string;
  student: string;
  stranger: string;
  sittingId: number;
  names: string[];
  teacherId: number;
  quizId: number;
  versions: SittingVersion[];
};
let ctx: Ctx;

const post = (token: string | undefined, payload: unknown) => call(t.app, { method: "POST", url: "/api/print-jobs", token, payload: payload as never });

async function finished(token: string, id: string): Promise<PrintJob> {
  for (let i = 0; i < 600; i++) {
    const r = await call(t.app, { method: "GET", url: `/api/print-jobs/${id}`, token });
    expect(r.status).toBe(200);
    expectSchema(PrintJobSchema, r.body);
    if (r.body.status === "done" || r.body.status === "failed") return r.body;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`job ${id} did not finish`);
}

beforeAll(async () => {
  const db = t.database.db;
  await db
    .insert(settings)
    .values({ id: 1, schoolName: "Bompata Presby JHS" })
    .onConflictDoUpdate({ target: settings.id, set: { schoolName: "Bompata Presby JHS" } });
  const teacher = await signedIn(db, { role: "teacher" });
  const admin = await signedIn(db, { role: "admin" });
  const student = await signedIn(db, { role: "student", studentType: "jhs2" });
  const stranger = await signedIn(db, { role: "teacher" });
  await buildCourse(db, { teacherId: stranger.user.id });
  const course = await buildCourse(db, { teacherId: teacher.user.id });
  const { quiz } = await buildQuiz(db, {
    courseId: course.id,
    teacherId: teacher.user.id,
    studentType: "jhs2",
    title: "Integrated Science Test 2",
    timeLimit: 45,
    questions: [],
  });

  // A diagram for question 1, stored as an upload is.
  const png = await sharp({ create: { width: 240, height: 120, channels: 3, background: "white" } })
    .composite([
      { input: Buffer.from('<svg width="240" height="120"><rect x="20" y="20" width="200" height="80" fill="none" stroke="black" stroke-width="4"/></svg>') },
    ])
    .png()
    .toBuffer();
  const stored = await t.app.storage.put(png);
  const [file] = await db
    .insert(files)
    .values({ sha256: stored.sha256, name: "diagram.png", size: stored.size, mimeType: "image/png", uploadedBy: teacher.user.id })
    .returning();

  const types: QuestionType[] = Array.from({ length: 30 }, (_, i) => (i === 28 ? "short" : i === 29 ? "numerical" : i % 6 === 5 ? "true_false" : "single"));
  const rows = await db
    .insert(questions)
    .values(
      types.map((type, i) => ({
        quizId: quiz.id,
        position: i,
        type,
        text: type === "true_false" ? `Sound travels faster in water than in air (${i + 1}).` : `Question ${i + 1}: which of these is a conductor?`,
        options: type === "true_false" ? ["True", "False"] : type === "single" ? ["Copper", "Rubber", "Glass", "Wood"] : [],
        answer: type === "true_false" ? "True" : type === "single" ? "Copper" : null,
        details: type === "numerical" ? { value: 12, tolerance: 0, unit: "cm" } : {},
        imageFileIds: i === 0 ? [file.id] : [],
      })),
    )
    .returning();
  rows.sort((a, b) => a.position - b.position);
  const versions = buildSittingVersions(
    rows.map((q) => ({ id: q.id, type: q.type, options: q.options.length })),
    2,
    2029,
  );

  // The class JHS 2B: 40 students in it (inserted out of name order), and others who are not.
  const stamp = `${process.pid}.${Date.now()}`;
  const names = Array.from({ length: 40 }, (_, i) => `Student ${String(40 - i).padStart(2, "0")} Owusu`);
  const pupil = (name: string, over: Partial<typeof users.$inferInsert> = {}, k = 0) => ({
    name,
    email: `p${k}.${name.replace(/\W+/g, "")}.${stamp}@test.school`,
    role: "student",
    studentType: "jhs2",
    stream: "B",
    ...over,
  });
  await db
    .insert(users)
    .values([
      ...names.map((n) => pupil(n)),
      pupil("Zz Other Stream", { stream: "A" }, 1),
      pupil("Zz Other Level", { studentType: "jhs1" }, 2),
      pupil("Zz Rejected", { status: "rejected" }, 3),
    ]);
  const [sitting] = await db.insert(sittings).values({ quizId: quiz.id, stream: "B", versions, blankSheets: 3, createdBy: teacher.user.id }).returning();
  ctx = {
    teacher: teacher.token,
    admin: admin.token,
    student: student.token,
    stranger: stranger.token,
    sittingId: sitting.id,
    names: [...names].sort(),
    teacherId: teacher.user.id,
    quizId: quiz.id,
    versions,
  };
}, 120_000);

describe("print a paper sitting", () => {
  it("draws the question paper of both versions, then 40 named sheets in class order and 3 blank ones", async () => {
    const started = performance.now();
    const r = await post(ctx.teacher, { kind: "paper", sittingId: ctx.sittingId });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expectSchema(PrintJobSchema, r.body);
    expect(r.body).toMatchObject({ kind: "paper", status: "queued", url: null });
    const job = await finished(ctx.teacher, r.body.id);
    const ms = performance.now() - started;
    console.log(`paper print over HTTP, cold pool: ${job.total} pages (40 students, 30 questions, 2 versions, 3 blank) in ${Math.round(ms)} ms`);
    expect(job).toMatchObject({ status: "done", url: `/api/print-jobs/${r.body.id}/file` });
    // The first print also starts the pool's worker thread (which loads every document reader): generous here, and
    // the warm figure (the admin's print below) is held to the 10 s.
    expect(ms).toBeLessThan(45_000);

    const file = await t.app.inject({ method: "GET", url: job.url!, headers: { authorization: `Bearer ${ctx.teacher}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    const bytes = new Uint8Array(file.rawPayload);
    const pdf = await PDFDocument.load(bytes);
    const { text } = await extractText(await getDocumentProxy(bytes.slice()), { mergePages: false });
    const pages = (text as string[]).map((p) => p.replace(/\s+/g, " "));
    expect(pdf.getPageCount()).toBe(pages.length);
    const paperPages = pages.filter((p) => p.includes("Turn over") || p.includes("END OF PAPER"));
    const sheets = pages.filter((p) => p.includes("Index number"));
    expect(paperPages.length).toBeGreaterThanOrEqual(2);
    expect(sheets).toHaveLength(43);
    expect(pages.length).toBe(paperPages.length + 43);
    expect(job.done).toBe(pages.length);
    expect(job.total).toBe(pages.length);
    expect(paperPages.join(" ")).toContain("Version 2");
    expect(paperPages[0]).toContain("BOMPATA PRESBY JHS");
    expect(paperPages[0]).toContain("Time allowed: 45 minutes");
    expect(paperPages.join(" ")).toContain("Write your answer in box 30 on the answer sheet");
    // Class-list order by name, versions dealt in turn; the others of the level are not printed.
    ctx.names.forEach((n, i) => {
      expect(sheets[i]).toContain(`Name: ${n}`);
      expect(sheets[i]).toContain(`Version ${(i % 2) + 1}`);
      expect(sheets[i]).toContain("JHS 2B");
    });
    expect(sheets.slice(40).every((p) => p.includes("write your name and index number"))).toBe(true);
    expect(pages.join(" ")).not.toMatch(/Zz /);
    // The diagram is drawn once in each version's paper: two pages name a picture (the sheets name only their grid).
    const isPicture = (v: unknown) => {
      const o = pdf.context.lookup(v as PDFRef);
      return o instanceof PDFRawStream && o.dict.get(PDFName.of("Subtype")) === PDFName.of("Image");
    };
    const pictures = pdf.getPages().filter((p) => {
      const xo = p.node.Resources()?.lookup(PDFName.of("XObject"));
      return xo instanceof PDFDict && [...xo.values()].some(isPicture);
    }).length;
    expect(pictures).toBe(2);
  }, 60_000);

  it("an admin may print it too; with the pool warm, the class of 40 prints in under 10 s", async () => {
    const started = performance.now();
    const r = await post(ctx.admin, { kind: "paper", sittingId: ctx.sittingId });
    expect(r.status).toBe(202);
    const job = await finished(ctx.admin, r.body.id);
    const ms = performance.now() - started;
    console.log(`paper print over HTTP, warm pool: ${job.total} pages in ${Math.round(ms)} ms`);
    expect(job.status).toBe("done");
    expect(ms).toBeLessThan(10_000);
  }, 60_000);

  it("refuses a student (403), a teacher of another course (404), a sitting that does not exist (404), a bad id (400)", async () => {
    const student = await post(ctx.student, { kind: "paper", sittingId: ctx.sittingId });
    expect(student.status).toBe(403);
    const other = await post(ctx.stranger, { kind: "paper", sittingId: ctx.sittingId });
    expect(other.status).toBe(404);
    expect(other.body.error).toBe(SITTING_MESSAGES.notFound);
    expect((await post(ctx.teacher, { kind: "paper", sittingId: 99999999 })).status).toBe(404);
    for (const sittingId of [0, -1, "x", 1.5, 2147483648]) {
      const r = await post(ctx.teacher, { kind: "paper", sittingId });
      expect(r.status, String(sittingId)).toBe(400);
      expect(r.body.error).toMatch(/sittingId/);
    }
    expect((await post(ctx.teacher, { kind: "paper" })).status).toBe(400);
    expect((await post(undefined, { kind: "paper", sittingId: ctx.sittingId })).status).toBe(401);
  });

  it("a sitting without a stream names every active student of the level; pictures other than PNG and JPEG are left out", async () => {
    const db = t.database.db;
    const stored = await t.app.storage.put(Buffer.from("GIF89a not really a picture"));
    const [gif] = await db.insert(files).values({ sha256: stored.sha256, name: "d.gif", size: stored.size, mimeType: "image/gif" }).returning();
    const firstId = ctx.versions[0].questions[0].questionId;
    await db
      .update(questions)
      .set({ imageFileIds: [gif.id] })
      .where(eq(questions.id, firstId));
    const [whole] = await db
      .insert(sittings)
      .values({ quizId: ctx.quizId, stream: null, versions: ctx.versions.slice(0, 1), blankSheets: 0 })
      .returning();
    const { doc, total, name, params } = await paperDocumentFor(db, { id: ctx.teacherId, role: "teacher", studentType: null }, whole.id);
    if (doc.kind !== "paper") throw new Error(doc.kind);
    expect(doc.paper.class).toBe("JHS 2");
    const names = doc.paper.students.map((s) => s.name);
    expect(names).toContain("Zz Other Stream");
    expect(names).not.toContain("Zz Other Level");
    expect(names).not.toContain("Zz Rejected");
    expect(names).toEqual([...names].sort());
    expect(doc.paper.questions.find((q) => q.id === firstId)?.images).toEqual([]);
    expect(total).toBe(names.length + 1);
    expect(name).toBe("Integrated Science Test 2 JHS 2 question paper and answer sheets.pdf");
    expect(params).toEqual({ sittingId: whole.id });
  });
});
