import { eq } from "drizzle-orm";
import { SHEET_LETTERS, type SittingVersion } from "@adesua/domain";
import type { TestApp } from "./test-app";
import { call } from "./test-app";
import { buildCourse, signedIn } from "./factories";
import { questions, sittings, sittingScans, users } from "../src/db/schema";
import type { SheetReading } from "../src/documents/sittings/reading";
import { applyReading } from "../src/services/sittings/scan-upload.service";
import { createEveryTypeQuiz } from "../src/routes/grading/every-type.fixture";

/**
 * A class for the paper-sitting tests (issue 29): an admin, the quiz's teacher, another teacher, three JHS 1 students
 * (two in stream A) and a JHS 2 student, and the every-type quiz (4 bubble rows: single, multiple, true/false,
 * equation single; 3 boxes: short, numerical, written).
 */
export async function sittingClass(t: TestApp) {
  const db = t.database.db;
  const admin = await signedIn(db, { role: "admin" });
  const teacher = await signedIn(db, { role: "teacher" });
  const other = await signedIn(db, { role: "teacher" });
  await buildCourse(db, { teacherId: other.user.id });
  const course = await buildCourse(db, { teacherId: teacher.user.id });
  const students = [await signedIn(db, { role: "student", name: "Ama Owusu" }), await signedIn(db, { role: "student", name: "Kofi Mensah" })];
  students.push(await signedIn(db, { role: "student", name: "Yaw Boateng" }));
  for (const s of students.slice(0, 2)) await db.update(users).set({ stream: "A" }).where(eq(users.id, s.user.id));
  const jhs2 = await signedIn(db, { role: "student", studentType: "jhs2" });
  const { quizId, ids } = await createEveryTypeQuiz(t.app, teacher.token, course.id, { maxAttempts: "1" });
  return { admin, teacher, other, course, students, jhs2, quizId, ids };
}

export async function createSitting(t: TestApp, token: string, body: Record<string, unknown>) {
  return call(t.app, { method: "POST", url: "/api/sittings", token, payload: body as never });
}

export async function versionsOf(t: TestApp, sittingId: number): Promise<SittingVersion[]> {
  const [s] = await t.database.db.select({ versions: sittings.versions }).from(sittings).where(eq(sittings.id, sittingId));
  return s.versions;
}

/**
 * The letters that give an option text on a version's row: `byQuestion` maps a question id to the texts marked (a
 * bubble question) or is absent (left empty).
 */
export async function sheetMarks(t: TestApp, version: SittingVersion, byQuestion: Record<number, string[]>): Promise<Record<number, string[]>> {
  const out: Record<number, string[]> = {};
  for (const [i, vq] of version.questions.entries()) {
    if (vq.kind !== "bubbles") continue;
    const texts = byQuestion[vq.questionId];
    if (!texts) continue;
    const [q] = await t.database.db.select({ options: questions.options }).from(questions).where(eq(questions.id, vq.questionId));
    out[i + 1] = texts.map((text) => SHEET_LETTERS[vq.options.indexOf(q.options.indexOf(text))]);
  }
  return out;
}

/** A reading as the reader answers it: rows marked as given (firm), `unsure` rows, and boxes with some ink. */
export function readingOf(
  code: { sittingId: number; student: number; version: number },
  version: SittingVersion,
  marked: Record<number, string[]>,
  unsure: number[] = [],
): SheetReading {
  const bubbles = version.questions.filter((q) => q.kind === "bubbles").length;
  const boxes = version.questions.length - bubbles;
  return {
    ok: true,
    code: { ...code, bubbles, boxes },
    sheet: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, code.student, code.version]),
    rows: Array.from({ length: bubbles }, (_, i) => {
      const letters = marked[i + 1] ?? [];
      return { n: i + 1, fill: SHEET_LETTERS.map((l) => (letters.includes(l) ? 0.9 : 0.02)), marked: letters, unsure: unsure.includes(i + 1) };
    }),
    boxes: Array.from({ length: boxes }, (_, j) => ({ n: bubbles + j + 1, ink: 0.3 })),
    ms: 5,
  };
}

/** A scan of the sitting read as `reading`, as the background reading leaves it. Answers its id. */
export async function scanRead(t: TestApp, sittingId: number, reading: SheetReading, byUserId: number): Promise<number> {
  const [row] = await t.database.db
    .insert(sittingScans)
    .values({ sittingId, status: "reading", fileName: "sheet.jpg", createdBy: byUserId })
    .returning({ id: sittingScans.id });
  await applyReading({ db: t.database.db, storage: t.app.storage }, row.id, reading, { userId: byUserId, impersonatorId: null });
  return row.id;
}
