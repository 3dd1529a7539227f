import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { files, questions } from "../db/schema";
import { call, useTestApp } from "../../test/test-app";
import { buildQuiz, signedIn } from "../../test/factories";
import { storeParsedPictures } from "../services/files/parse-pictures.service";
import { jobs } from "./scheduler";

const t = useTestApp();
const db = () => t.database.db;
const HOUR = 3600_000;

/** One picture as a question paper holds it, with bytes of its own. */
const picture = (name: string) => ({ name, contentType: "image/png", bytes: new Uint8Array(randomBytes(512)) });

const sweep = () => jobs.find((j) => j.name === "remove-abandoned-parsed-pictures")!.run(t.app);

describe("the sweep of pictures a question paper's upload stored", () => {
  it("deletes, after a day, the rows and bytes of parsed pictures no question took, and keeps the taken and the young", async () => {
    const teacher = await signedIn(db(), { role: "teacher" });
    const [abandoned, onBank, onQuiz, young] = await storeParsedPictures(
      db(),
      t.app.storage,
      [picture("abandoned.png"), picture("bank.png"), picture("quiz.png"), picture("young.png")],
      teacher.user.id,
    );
    // A bank question takes one through the API, a quiz question another.
    const saved = await call(t.app, {
      method: "POST",
      url: "/api/questions",
      token: teacher.token,
      payload: { text: "Which diagram shows a lever?", options: ["A", "B"], answer: "A", imageIds: [onBank], year: 2024, subject: "Science", section: "A" },
    });
    expect(saved.status).toBe(201);
    const { questions: quizQuestions } = await buildQuiz(db(), { teacherId: teacher.user.id });
    await db()
      .update(questions)
      .set({ imageFileIds: [onQuiz] })
      .where(eq(questions.id, quizQuestions[0]!.id));
    // Three were stored 25 hours ago, one an hour ago.
    const now = Date.now();
    await db()
      .update(files)
      .set({ createdAt: new Date(now - 25 * HOUR) })
      .where(inArray(files.id, [abandoned!, onBank!, onQuiz!]));
    await db()
      .update(files)
      .set({ createdAt: new Date(now - HOUR) })
      .where(eq(files.id, young!));
    const rows = await db()
      .select()
      .from(files)
      .where(inArray(files.id, [abandoned!, onBank!, onQuiz!, young!]));
    const sha = new Map(rows.map((r) => [r.id, r.sha256]));

    await sweep();

    const left = await db()
      .select({ id: files.id })
      .from(files)
      .where(inArray(files.id, [abandoned!, onBank!, onQuiz!, young!]));
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([onBank!, onQuiz!, young!].sort((a, b) => a - b));
    // Its bytes now belong to no row: the bytes job (here without its hour of grace) takes them, and only them.
    await t.app.storage.removeUnreferenced(db(), 0);
    expect(await t.app.storage.exists(sha.get(abandoned!)!)).toBe(false);
    for (const id of [onBank!, onQuiz!, young!]) expect(await t.app.storage.exists(sha.get(id)!)).toBe(true);
    // The bank question still shows its picture.
    const shown = await call(t.app, { method: "GET", url: `/api/questions/${saved.body.id}/images/1`, token: teacher.token });
    expect(shown.status).toBe(200);

    // A second run finds nothing more; the young picture goes once it is a day old.
    await sweep();
    expect(await db().select({ id: files.id }).from(files).where(eq(files.id, young!))).toHaveLength(1);
    await db()
      .update(files)
      .set({ createdAt: new Date(now - 25 * HOUR) })
      .where(eq(files.id, young!));
    await sweep();
    expect(await db().select({ id: files.id }).from(files).where(eq(files.id, young!))).toHaveLength(0);
  });
});
