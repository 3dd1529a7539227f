import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { viewerOf } from "../../lib/viewer";
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
  UpdateQuestionsSchema,
  type TimedSection,
} from "@adesua/domain";
import { assertCanCreateQuizzes, assertCanManageQuiz, assertCanReadQuizContent, assertCanSeeQuiz, quizScope, seesAnswers } from "../../policies/quiz.policy";
import { attemptInfoOf, presentQuiz, presentQuizListItem, presentStudentQuiz } from "../../presenters/quiz";
import { countTaughtCourses } from "../../services/course.service";
import { assertPdf, sendStoredFile, storePdf } from "../../services/files.service";
import { countAttempts, findQuiz, listQuizzes, quizQuestions } from "../../services/quiz.service";
import {
  checkCourseForQuiz,
  checkSections,
  createQuiz,
  createQuizFromQuestions,
  deleteQuiz,
  QUIZ_NOT_FOUND as NOT_FOUND,
  quizPdfFile,
  updateQuiz,
  updateQuizQuestions,
} from "../../services/quiz-write.service";
import { pageMeta } from "../../lib/pagination";
import { actorOf } from "../../lib/context";
import { badRequest, notFound } from "../../lib/errors";
import { readForm } from "../../lib/form";
import { listAwareErrors, parseInput } from "../../lib/validation";
import { ANY_SIGNED_IN, STAFF } from "../../lib/access";

const PDF_LABEL = "The quiz file";
/** Multipart with the PDF in the file field `pdf`; PUT also takes JSON when the PDF does not change. */
const FORM_BODY = { consumes: ["multipart/form-data", "application/json"] };

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
      return { data: rows.map((r) => presentQuizListItem(r, now, r.counts)), meta: pageMeta(req.query, total) };
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
    const file = await quizPdfFile(app.db, quiz);
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
    const course = await checkCourseForQuiz(app.db, viewer, input.courseId, taught);
    checkSections(input.timedSections, (input.questions ?? []).length);
    const stored = await storePdf(app.storage, upload, "quiz.pdf");
    const created = await createQuiz(app.db, viewer, input, course, stored, actorOf(req), () => app.now());
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
        await checkCourseForQuiz(app.db, viewer, input.courseId, taught);
      }
      const stored = upload ? await storePdf(app.storage, upload, "quiz.pdf") : null;
      return updateQuiz(app.db, viewer, existing, input, stored, actorOf(req), () => app.now());
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
      return updateQuizQuestions(app.db, existing, req.body.questions, sections, actorOf(req), () => app.now());
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
      const course = await checkCourseForQuiz(app.db, viewer, input.courseId, taught);
      const id = await createQuizFromQuestions(app.db, viewer, input, course, actorOf(req), () => app.now());
      return reply.status(201).send({ id });
    },
  );

  app.delete("/quizzes/:id", { config: { access: STAFF }, schema: { tags: ["quizzes"], params: IdParamsSchema, response: { 200: OkSchema } } }, async (req) => {
    const viewer = viewerOf(req);
    const existing = await findQuiz(app.db, req.params.id);
    if (!existing) throw notFound(NOT_FOUND);
    assertCanManageQuiz(viewer, existing);
    await deleteQuiz(app.db, existing, actorOf(req), () => app.now());
    return { ok: true as const };
  });
};
