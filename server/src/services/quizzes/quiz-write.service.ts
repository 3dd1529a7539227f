import { and, eq, sql } from "drizzle-orm";
import { QUIZ_MESSAGES, timedSectionsProblem, type Quiz, type QuizFormValues, type TimedSection } from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { attempts, courses, files, quizzes, users, type FileRow } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { assertCanUseCourse, teacherOfNewQuiz } from "../../policies/quizzes.policy";
import { presentQuiz, type QuizJoined } from "./quiz.presenter";
import { badRequest, conflict, notFound } from "../../lib/errors";
import type { Viewer } from "../../lib/viewer";
import { insertFileRow, type StoredPdf } from "../files/files.service";
import { findQuiz, insertQuestions, quizQuestions, quizSettings, removesQuestions, replaceQuestions, type QuestionValues } from "./quiz.service";
import { assertNoRemovalDuringAttempts, regradeQuiz } from "../grading/regrade.service";
import { checkQuizImages } from "./quiz-images.service";

const picturesOf = (list: readonly QuestionValues[] | undefined) => (list ?? []).map((q) => q.imageIds);

/** Creating, changing and deleting quizzes: each a transaction with its audit record. */

export const QUIZ_NOT_FOUND = "Quiz not found";

type QuizCourse = { id: number; teacherId: number | null };

/** The course a quiz goes into must exist, and a teacher must teach it (`taught`: how many courses they teach). */
export async function checkCourseForQuiz(db: Queryable, viewer: Viewer, courseId: number, taught: number): Promise<QuizCourse> {
  const [course] = await db.select({ id: courses.id, teacherId: courses.teacherId }).from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!course) throw badRequest(QUIZ_MESSAGES.courseNotFound);
  assertCanUseCourse(viewer, course, taught);
  return course;
}

export function checkSections(sections: readonly TimedSection[], questionCount: number) {
  const problem = timedSectionsProblem(sections, questionCount);
  if (problem) throw badRequest(problem);
}

/** What the audit trail keeps of a quiz: its settings, not its questions or answer keys. */
const auditSnapshot = (q: { questions?: unknown } & Record<string, unknown>) => {
  const { questions: _q, status: _s, ...rest } = q;
  return rest;
};

/** The stored PDF of a quiz, when it has one. */
export async function quizPdfFile(db: Queryable, quiz: QuizJoined): Promise<FileRow | null> {
  if (quiz.quiz.pdfFileId === null) return null;
  const [file] = await db.select().from(files).where(eq(files.id, quiz.quiz.pdfFileId)).limit(1);
  return file ?? null;
}

/** POST /quizzes: the quiz, its PDF's file row (when one came) and its questions. */
export async function createQuiz(
  db: Db,
  viewer: Viewer,
  input: QuizFormValues,
  course: QuizCourse,
  pdf: StoredPdf | null,
  actor: Actor,
  now: () => Date,
): Promise<Quiz> {
  return db.transaction(async (tx) => {
    await checkQuizImages(tx, viewer, picturesOf(input.questions));
    const file = pdf ? await insertFileRow(tx, pdf, viewer.id) : null;
    const [row] = await tx
      .insert(quizzes)
      .values({ ...quizSettings(input), teacherId: teacherOfNewQuiz(viewer, course), pdfFileId: file?.id ?? null })
      .returning({ id: quizzes.id });
    await insertQuestions(tx, row.id, input.questions ?? []);
    const quiz = presentQuiz((await findQuiz(tx, row.id))!, await quizQuestions(tx, row.id), now());
    await recordAudit(tx, { entityType: "quiz", entityId: row.id, action: "create", actor, after: auditSnapshot(quiz) });
    return quiz;
  });
}

/** PUT /quizzes/{id}: settings, optionally a new PDF (the old file row goes) and a new question list. */
export async function updateQuiz(
  db: Db,
  viewer: Viewer,
  existing: QuizJoined,
  input: QuizFormValues,
  pdf: StoredPdf | null,
  actor: Actor,
  now: () => Date,
): Promise<Quiz> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(quizzes).where(eq(quizzes.id, existing.quiz.id)).for("update");
    if (!locked) throw notFound(QUIZ_NOT_FOUND);
    const before = presentQuiz(existing, [], now());
    const count = input.questions ? input.questions.length : existing.questionCount;
    checkSections(input.timedSections, count);
    await checkQuizImages(tx, viewer, picturesOf(input.questions));
    // Back to draft through the form: the same guard as POST /quizzes/{id}/unpublish (decision 040).
    if (input.status === "draft" && locked.status !== "draft") await assertNoStudentStarted(tx, locked.id);
    const pdfFileId = pdf ? (await insertFileRow(tx, pdf, viewer.id)).id : locked.pdfFileId;
    await tx
      .update(quizzes)
      .set({ ...quizSettings(input), pdfFileId, updatedAt: new Date() })
      .where(eq(quizzes.id, locked.id));
    if (locked.pdfFileId !== null && locked.pdfFileId !== pdfFileId) await tx.delete(files).where(eq(files.id, locked.pdfFileId));
    if (input.questions) {
      await assertNoRemovalDuringAttempts(tx, locked.id, await removesQuestions(tx, locked.id, input.questions));
      await replaceQuestions(tx, locked.id, input.questions);
    }
    // New keys or a new pass mark change the grades already given: re-grade them in this transaction.
    if (input.questions || Number(locked.passingScore) !== input.passingScore)
      await regradeQuiz(tx, { id: locked.id, passingScore: input.passingScore }, actor);
    const after = presentQuiz((await findQuiz(tx, locked.id))!, await quizQuestions(tx, locked.id), now());
    await recordAudit(tx, { entityType: "quiz", entityId: locked.id, action: "update", actor, before: auditSnapshot(before), after: auditSnapshot(after) });
    return after;
  });
}

/** PUT /quizzes/{id}/questions: the question list (and optionally the sections) replaced. */
export async function updateQuizQuestions(
  db: Db,
  viewer: Viewer,
  existing: QuizJoined,
  questions: readonly QuestionValues[],
  sections: TimedSection[],
  actor: Actor,
  now: () => Date,
): Promise<Quiz> {
  checkSections(sections, questions.length);
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: quizzes.id, passingScore: quizzes.passingScore })
      .from(quizzes)
      .where(eq(quizzes.id, existing.quiz.id))
      .for("update");
    if (!locked) throw notFound(QUIZ_NOT_FOUND);
    await checkQuizImages(tx, viewer, picturesOf(questions));
    await assertNoRemovalDuringAttempts(tx, locked.id, await removesQuestions(tx, locked.id, questions));
    await replaceQuestions(tx, locked.id, questions);
    await regradeQuiz(tx, { id: locked.id, passingScore: Number(locked.passingScore) }, actor);
    await tx.update(quizzes).set({ timedSections: sections, updatedAt: new Date() }).where(eq(quizzes.id, locked.id));
    const after = presentQuiz((await findQuiz(tx, locked.id))!, await quizQuestions(tx, locked.id), now());
    await recordAudit(tx, {
      entityType: "quiz",
      entityId: locked.id,
      action: "update",
      actor,
      before: { questionCount: existing.questionCount, timedSections: existing.quiz.timedSections },
      after: { questionCount: after.questionCount, timedSections: after.timedSections, questionsEdited: true },
    });
    return after;
  });
}

/** POST /quizzes/from-questions: a quiz without a PDF, from a question list; answers its id. */
export async function createQuizFromQuestions(
  db: Db,
  viewer: Viewer,
  input: {
    title: string;
    studentType: Quiz["studentType"];
    questions: readonly QuestionValues[];
    status?: "draft" | "published";
    showScore?: "after_attempt" | "after_close";
  },
  course: QuizCourse,
  actor: Actor,
  now: () => Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    await checkQuizImages(tx, viewer, picturesOf(input.questions));
    const [row] = await tx
      .insert(quizzes)
      .values({
        title: input.title,
        courseId: course.id,
        studentType: input.studentType,
        teacherId: teacherOfNewQuiz(viewer, course),
        // Omitted: the columns' defaults, published and after_attempt (decisions 040, 041).
        ...(input.status ? { status: input.status } : {}),
        ...(input.showScore ? { showScore: input.showScore } : {}),
      })
      .returning({ id: quizzes.id });
    await insertQuestions(tx, row.id, input.questions);
    const quiz = presentQuiz((await findQuiz(tx, row.id))!, [], now());
    await recordAudit(tx, { entityType: "quiz", entityId: row.id, action: "create", actor, after: auditSnapshot(quiz) });
    return row.id;
  });
}

/** DELETE /quizzes/{id}: the quiz (its questions and attempts cascade) and its PDF's file row. */
export async function deleteQuiz(db: Db, existing: QuizJoined, actor: Actor, now: () => Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(quizzes).where(eq(quizzes.id, existing.quiz.id)).returning({ pdfFileId: quizzes.pdfFileId });
    if (!gone) throw notFound(QUIZ_NOT_FOUND);
    if (gone.pdfFileId !== null) await tx.delete(files).where(eq(files.id, gone.pdfFileId));
    await recordAudit(tx, { entityType: "quiz", entityId: existing.quiz.id, action: "delete", actor, before: auditSnapshot(presentQuiz(existing, [], now())) });
  });
}

/**
 * POST /quizzes/{id}/release-answers: students see the correct answers from now on (decision 016).
 * Releasing again keeps the first time.
 */
export async function releaseAnswers(db: Db, existing: QuizJoined, actor: Actor, now: Date): Promise<{ answersReleasedAt: string }> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: quizzes.id, at: quizzes.answersReleasedAt }).from(quizzes).where(eq(quizzes.id, existing.quiz.id)).for("update");
    if (!locked) throw notFound(QUIZ_NOT_FOUND);
    if (locked.at) return { answersReleasedAt: locked.at.toISOString() };
    await tx.update(quizzes).set({ answersReleasedAt: now, updatedAt: now }).where(eq(quizzes.id, locked.id));
    await recordAudit(tx, { entityType: "quiz", entityId: locked.id, action: "release_answers", actor, after: { answersReleasedAt: now.toISOString() } });
    return { answersReleasedAt: now.toISOString() };
  });
}

/** 409 on unpublishing a quiz students have already met (decision 040). */
export const UNPUBLISH_STARTED = "Students have already started this quiz";

/** 409 when a student has started the quiz (staff try-outs do not count): it may not go back to draft. */
async function assertNoStudentStarted(tx: Queryable, quizId: number): Promise<void> {
  const [started] = await tx
    .select({ one: sql<number>`1` })
    .from(attempts)
    .innerJoin(users, and(eq(users.id, attempts.userId), eq(users.role, "student")))
    .where(eq(attempts.quizId, quizId))
    .limit(1);
  if (started) throw conflict(UNPUBLISH_STARTED);
}

/**
 * POST /quizzes/{id}/publish and …/unpublish (decision 040): students see a published quiz (within its window),
 * never a draft. Publishing a published quiz (or unpublishing a draft) changes nothing and records nothing.
 * A quiz a student has started cannot go back to draft (409): it would vanish from under them, their attempt
 * and result with it. Staff try-outs (previews) do not count.
 */
export async function setPublication(db: Db, existing: QuizJoined, to: "draft" | "published", actor: Actor, now: () => Date): Promise<Quiz> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: quizzes.id, status: quizzes.status }).from(quizzes).where(eq(quizzes.id, existing.quiz.id)).for("update");
    if (!locked) throw notFound(QUIZ_NOT_FOUND);
    if (locked.status !== to) {
      if (to === "draft") await assertNoStudentStarted(tx, locked.id);
      const at = now();
      await tx.update(quizzes).set({ status: to, updatedAt: at }).where(eq(quizzes.id, locked.id));
      await recordAudit(tx, {
        entityType: "quiz",
        entityId: locked.id,
        action: to === "published" ? "publish" : "unpublish",
        actor,
        before: { status: locked.status },
        after: { status: to },
      });
    }
    return presentQuiz((await findQuiz(tx, locked.id))!, await quizQuestions(tx, locked.id), now());
  });
}
