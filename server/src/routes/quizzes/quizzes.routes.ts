import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { viewerOf, type Viewer } from "../../lib/viewer";
import {
  AttemptInfoSchema,
  CreatedIdSchema,
  CreateQuizFromQuestionsSchema,
  IdParamsSchema,
  OkSchema,
  QUIZ_MESSAGES,
  QuizFormSchema,
  QuizListQuerySchema,
  QuizListResponseSchema,
  QuizSchema,
  StudentQuizSchema,
  timedSectionsProblem,
  UpdateQuestionsSchema,
  type TimedSection,
} from "@adesua/domain";
import type { Queryable } from "../../db/client";
import { courses, files, quizzes } from "../../db/schema";
import { recordAudit } from "../../audit/audit";
import {
  assertCanCreateQuizzes,
  assertCanManageQuiz,
  assertCanReadQuizContent,
  assertCanSeeQuiz,
  assertCanUseCourse,
  quizScope,
  seesAnswers,
  teacherOfNewQuiz,
} from "../../policies/quiz.policy";
import { attemptInfoOf, presentQuiz, presentQuizListItem, presentStudentQuiz } from "../../presenters/quiz";
import { countTaughtCourses } from "../../services/course.service";
import { assertPdf, insertFileRow, sendStoredFile, storePdf } from "../../services/files.service";
import { countAttempts, findQuiz, insertQuestions, listQuizzes, quizQuestions, quizSettings, replaceQuestions } from "../../services/quiz.service";
import { actorOf } from "../../lib/context";
import { badRequest, notFound } from "../../lib/errors";
import { readForm } from "../../lib/form";
import { listAwareErrors, parseInput } from "../../lib/validation";
import { ANY_SIGNED_IN, STAFF } from "../../lib/access";

const NOT_FOUND = "Quiz not found";
const PDF_LABEL = "The quiz file";
/** Multipart with the PDF in the file field `pdf`; PUT also takes JSON when the PDF does not change. */
const FORM_BODY = { consumes: ["multipart/form-data", "application/json"] };

/** The course a quiz goes into must exist, and a teacher must teach it. */
async function checkCourse(db: Queryable, viewer: Viewer, courseId: number, taught: number) {
  const [course] = await db.select({ id: courses.id, teacherId: courses.teacherId }).from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!course) throw badRequest(QUIZ_MESSAGES.courseNotFound);
  assertCanUseCourse(viewer, course, taught);
  return course;
}

function checkSections(sections: readonly TimedSection[], questionCount: number) {
  const problem = timedSectionsProblem(sections, questionCount);
  if (problem) throw badRequest(problem);
}

/** What the audit trail keeps of a quiz: its settings, not its questions or answer keys. */
const auditSnapshot = (q: { questions?: unknown } & Record<string, unknown>) => {
  const { questions: _q, status: _s, ...rest } = q;
  return rest;
};

export const quizRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/quizzes",
    { config: { access: ANY_SIGNED_IN }, schema: { tags: ["quizzes"], querystring: QuizListQuerySchema, response: { 200: QuizListResponseSchema } } },
    async (req) => {
      const viewer = viewerOf(req);
      const { page, limit, courseId, status, studentType } = req.query;
      const now = app.now();
      const { rows, total } = await listQuizzes(app.db, quizScope(viewer), {
        page,
        limit,
        courseId,
        status,
        studentType,
        now,
        studentId: viewer.role === "student" ? viewer.id : undefined,
      });
      return { data: rows.map((r) => presentQuizListItem(r, now, r.counts)), meta: { total, page, limit } };
    },
  );

  app.get(
    "/quizzes/:id",
    {
      config: { access: ANY_SIGNED_IN },
      // The student shape comes first: it has no answer field, so a staff payload never matches it by accident.
      schema: { tags: ["quizzes"], params: IdParamsSchema, response: { 200: StudentQuizSchema.or(QuizSchema) } },
    },
    async (req) => {
      const viewer = viewerOf(req);
      const quiz = await findQuiz(app.db, req.params.id);
      if (!quiz) throw notFound(NOT_FOUND);
      assertCanSeeQuiz(viewer, quiz);
      const now = app.now();
      const qs = await quizQuestions(app.db, quiz.quiz.id);
      if (seesAnswers(viewer)) return presentQuiz(quiz, qs, now);
      return presentStudentQuiz(quiz, qs, await countAttempts(app.db, quiz.quiz.id, viewer.id), now);
    },
  );

  app.get("/quizzes/:id/pdf", { config: { access: ANY_SIGNED_IN }, schema: { tags: ["quizzes"], params: IdParamsSchema } }, async (req, reply) => {
    const viewer = viewerOf(req);
    const quiz = await findQuiz(app.db, req.params.id);
    if (!quiz) throw notFound(NOT_FOUND);
    assertCanSeeQuiz(viewer, quiz);
    assertCanReadQuizContent(viewer, quiz.quiz, app.now());
    const [file] = quiz.quiz.pdfFileId ? await app.db.select().from(files).where(eq(files.id, quiz.quiz.pdfFileId)).limit(1) : [];
    if (!file) throw notFound("This quiz has no PDF");
    return sendStoredFile(reply, app.storage, file);
  });

  app.get(
    "/submissions/quiz/:id/attempts",
    { config: { access: ANY_SIGNED_IN }, schema: { tags: ["quizzes"], params: IdParamsSchema, response: { 200: AttemptInfoSchema } } },
    async (req) => {
      const viewer = viewerOf(req);
      const quiz = await findQuiz(app.db, req.params.id);
      if (!quiz) throw notFound(NOT_FOUND);
      assertCanSeeQuiz(viewer, quiz);
      return attemptInfoOf(quiz.quiz, await countAttempts(app.db, quiz.quiz.id, viewer.id));
    },
  );

  app.post("/quizzes", { config: { access: STAFF }, schema: { tags: ["quizzes"], ...FORM_BODY, response: { 201: QuizSchema } } }, async (req, reply) => {
    const viewer = viewerOf(req);
    // A teacher without a course is refused before the upload is read.
    const taught = viewer.role === "teacher" ? await countTaughtCourses(app.db, viewer.id) : 0;
    assertCanCreateQuizzes(viewer, taught);
    const form = await readForm(req, ["pdf"]);
    const upload = form.files.pdf;
    if (upload) assertPdf(upload, PDF_LABEL);
    const input = parseInput(QuizFormSchema, form.fields);
    if (!upload) throw badRequest(QUIZ_MESSAGES.pdfRequired);
    const course = await checkCourse(app.db, viewer, input.courseId, taught);
    const questionList = input.questions ?? [];
    checkSections(input.timedSections, questionList.length);
    const stored = await storePdf(app.storage, upload, "quiz.pdf");
    const created = await app.db.transaction(async (tx) => {
      const file = await insertFileRow(tx, stored, viewer.id);
      const [row] = await tx
        .insert(quizzes)
        .values({ ...quizSettings(input), teacherId: teacherOfNewQuiz(viewer, course), pdfFileId: file.id })
        .returning({ id: quizzes.id });
      await insertQuestions(tx, row.id, questionList);
      const quiz = presentQuiz((await findQuiz(tx, row.id))!, await quizQuestions(tx, row.id), app.now());
      await recordAudit(tx, { entityType: "quiz", entityId: row.id, action: "create", actor: actorOf(req), after: auditSnapshot(quiz) });
      return quiz;
    });
    return reply.status(201).send(created);
  });

  app.put(
    "/quizzes/:id",
    { config: { access: STAFF }, schema: { tags: ["quizzes"], ...FORM_BODY, params: IdParamsSchema, response: { 200: QuizSchema } } },
    async (req) => {
      const viewer = viewerOf(req);
      const existing = await findQuiz(app.db, req.params.id);
      if (!existing) throw notFound(NOT_FOUND);
      assertCanManageQuiz(viewer, existing);
      const form = await readForm(req, ["pdf"]);
      const upload = form.files.pdf;
      if (upload) assertPdf(upload, PDF_LABEL);
      const input = parseInput(QuizFormSchema, form.fields);
      if (input.courseId !== existing.quiz.courseId) {
        const taught = viewer.role === "teacher" ? await countTaughtCourses(app.db, viewer.id) : 0;
        await checkCourse(app.db, viewer, input.courseId, taught);
      }
      const stored = upload ? await storePdf(app.storage, upload, "quiz.pdf") : null;
      return app.db.transaction(async (tx) => {
        const [locked] = await tx.select().from(quizzes).where(eq(quizzes.id, existing.quiz.id)).for("update");
        if (!locked) throw notFound(NOT_FOUND);
        const before = presentQuiz(existing, [], app.now());
        const count = input.questions ? input.questions.length : existing.questionCount;
        checkSections(input.timedSections, count);
        const pdfFileId = stored ? (await insertFileRow(tx, stored, viewer.id)).id : locked.pdfFileId;
        await tx
          .update(quizzes)
          .set({ ...quizSettings(input), pdfFileId, updatedAt: new Date() })
          .where(eq(quizzes.id, locked.id));
        if (locked.pdfFileId !== null && locked.pdfFileId !== pdfFileId) await tx.delete(files).where(eq(files.id, locked.pdfFileId));
        if (input.questions) await replaceQuestions(tx, locked.id, input.questions);
        const after = presentQuiz((await findQuiz(tx, locked.id))!, await quizQuestions(tx, locked.id), app.now());
        await recordAudit(tx, {
          entityType: "quiz",
          entityId: locked.id,
          action: "update",
          actor: actorOf(req),
          before: auditSnapshot(before),
          after: auditSnapshot(after),
        });
        return after;
      });
    },
  );

  app.put(
    "/quizzes/:id/questions",
    {
      config: { access: STAFF },
      schemaErrorFormatter: listAwareErrors,
      schema: { tags: ["quizzes"], params: IdParamsSchema, body: UpdateQuestionsSchema, response: { 200: QuizSchema } },
    },
    async (req) => {
      const viewer = viewerOf(req);
      const existing = await findQuiz(app.db, req.params.id);
      if (!existing) throw notFound(NOT_FOUND);
      assertCanManageQuiz(viewer, existing);
      const sections = (req.body.timedSections ?? existing.quiz.timedSections) as TimedSection[];
      checkSections(sections, req.body.questions.length);
      return app.db.transaction(async (tx) => {
        const [locked] = await tx.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.id, existing.quiz.id)).for("update");
        if (!locked) throw notFound(NOT_FOUND);
        await replaceQuestions(tx, locked.id, req.body.questions);
        await tx.update(quizzes).set({ timedSections: sections, updatedAt: new Date() }).where(eq(quizzes.id, locked.id));
        const after = presentQuiz((await findQuiz(tx, locked.id))!, await quizQuestions(tx, locked.id), app.now());
        await recordAudit(tx, {
          entityType: "quiz",
          entityId: locked.id,
          action: "update",
          actor: actorOf(req),
          before: { questionCount: existing.questionCount, timedSections: existing.quiz.timedSections },
          after: { questionCount: after.questionCount, timedSections: after.timedSections, questionsEdited: true },
        });
        return after;
      });
    },
  );

  app.post(
    "/quizzes/from-questions",
    {
      config: { access: STAFF },
      schemaErrorFormatter: listAwareErrors,
      schema: { tags: ["quizzes"], body: CreateQuizFromQuestionsSchema, response: { 201: CreatedIdSchema } },
    },
    async (req, reply) => {
      const viewer = viewerOf(req);
      const taught = viewer.role === "teacher" ? await countTaughtCourses(app.db, viewer.id) : 0;
      assertCanCreateQuizzes(viewer, taught);
      const input = req.body;
      const course = await checkCourse(app.db, viewer, input.courseId, taught);
      const id = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(quizzes)
          .values({ title: input.title, courseId: course.id, studentType: input.studentType, teacherId: teacherOfNewQuiz(viewer, course) })
          .returning({ id: quizzes.id });
        await insertQuestions(tx, row.id, input.questions);
        const quiz = presentQuiz((await findQuiz(tx, row.id))!, [], app.now());
        await recordAudit(tx, { entityType: "quiz", entityId: row.id, action: "create", actor: actorOf(req), after: auditSnapshot(quiz) });
        return row.id;
      });
      return reply.status(201).send({ id });
    },
  );

  app.delete("/quizzes/:id", { config: { access: STAFF }, schema: { tags: ["quizzes"], params: IdParamsSchema, response: { 200: OkSchema } } }, async (req) => {
    const viewer = viewerOf(req);
    const existing = await findQuiz(app.db, req.params.id);
    if (!existing) throw notFound(NOT_FOUND);
    assertCanManageQuiz(viewer, existing);
    await app.db.transaction(async (tx) => {
      const [gone] = await tx.delete(quizzes).where(eq(quizzes.id, existing.quiz.id)).returning({ pdfFileId: quizzes.pdfFileId });
      if (!gone) throw notFound(NOT_FOUND);
      if (gone.pdfFileId !== null) await tx.delete(files).where(eq(files.id, gone.pdfFileId));
      await recordAudit(tx, {
        entityType: "quiz",
        entityId: existing.quiz.id,
        action: "delete",
        actor: actorOf(req),
        before: auditSnapshot(presentQuiz(existing, [], app.now())),
      });
    });
    return { ok: true as const };
  });
};
