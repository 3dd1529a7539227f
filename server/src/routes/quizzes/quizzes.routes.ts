import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { viewerOf } from "../../lib/viewer";
import {
  AnswersReleasedSchema,
  AttemptInfoSchema,
  CreatedIdSchema,
  CreateQuizFromQuestionsSchema,
  FileLinkSchema,
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
import {
  assertCanCreateQuizzes,
  assertCanManageQuiz,
  assertCanSeeQuiz,
  assertStudentMayHavePaper,
  quizScope,
  seesAnswers,
} from "../../policies/quizzes.policy";
import { openAttemptOf } from "../../services/library/library.service";
import { countTaughtCourses } from "../../services/courses/course.service";
import { assertPdf, storedFileDownload, storePdf } from "../../services/files/files.service";
import { sendDownload } from "../../lib/download";
import { signFileLink } from "../../services/files/file-link.service";
import { findQuiz, listQuizItems, staffQuiz, studentAttemptInfo, studentQuiz } from "../../services/quizzes/quiz.service";
import {
  checkCourseForQuiz,
  checkSections,
  createQuiz,
  createQuizFromQuestions,
  deleteQuiz,
  QUIZ_NOT_FOUND as NOT_FOUND,
  quizPdfFile,
  releaseAnswers,
  setPublication,
  updateQuiz,
  updateQuizQuestions,
} from "../../services/quizzes/quiz-write.service";
import { pageMeta } from "../../lib/pagination";
import { actorOf } from "../../lib/context";
import { badRequest, notFound } from "../../lib/errors";
import { readForm } from "../../lib/form";
import { listAwareErrors, parseInput } from "../../lib/validation";
import { ANY_SIGNED_IN, STAFF } from "../../lib/access";
import { guarded } from "../route-options";

const PDF_LABEL = "The quiz file";
const PDF_SUMMARY =
  "The quiz's paper (PDF): for staff who see the quiz; for a student of its level only during an attempt of theirs that is running, or once the quiz has closed (403 otherwise; a draft or another level's quiz 404)";
/** Multipart with the PDF in the file field `pdf`; PUT also takes JSON when the PDF does not change. */
const FORM_BODY = { consumes: ["multipart/form-data", "application/json"] };

export const quizRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/quizzes",
    guarded(ANY_SIGNED_IN, { tags: ["quizzes"], querystring: QuizListQuerySchema, response: { 200: QuizListResponseSchema } }),
    async (req) => {
      const viewer = viewerOf(req);
      const { page, limit, courseId, status, studentType } = req.query;
      const now = app.now();
      const { data, total } = await listQuizItems(app.db, quizScope(viewer), {
        page,
        limit,
        courseId,
        status,
        studentType,
        now,
        studentId: viewer.role === "student" ? viewer.id : undefined,
      });
      return { data, meta: pageMeta(req.query, total), serverNow: now.toISOString() };
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
      // Students never get the questions here, at any time: only an attempt carries them (spec README item 3).
      return seesAnswers(viewer) ? staffQuiz(app.db, viewer, req.params.id, app.now()) : studentQuiz(app.db, viewer, req.params.id, app.now());
    },
  );

  /**
   * The quiz's PDF (its paper), if this viewer may have it now: staff who see the quiz; a student of its level
   * only inside an attempt of theirs that is running, or once the quiz has closed (quiz.policy's paper rule,
   * decision 043), as GET /library lists it.
   */
  async function pdfFor(req: FastifyRequest, id: number) {
    const viewer = viewerOf(req);
    const quiz = await findQuiz(app.db, id);
    if (!quiz) throw notFound(NOT_FOUND);
    assertCanSeeQuiz(viewer, quiz);
    if (viewer.role === "student") assertStudentMayHavePaper(quiz.quiz, await openAttemptOf(app.db, quiz.quiz.id, viewer.id), app.now());
    const file = await quizPdfFile(app.db, quiz);
    if (!file) throw notFound("This quiz has no PDF");
    return file;
  }

  app.get("/quizzes/:id/pdf", guarded(ANY_SIGNED_IN, { tags: ["quizzes"], summary: PDF_SUMMARY, params: IdParamsSchema }), async (req, reply) =>
    sendDownload(reply, await storedFileDownload(app.storage, await pdfFor(req, req.params.id), req.log)),
  );

  app.get(
    "/quizzes/:id/pdf/link",
    guarded(ANY_SIGNED_IN, { tags: ["quizzes"], summary: PDF_SUMMARY, params: IdParamsSchema, response: { 200: FileLinkSchema } }),
    async (req) => signFileLink(app.db, (await pdfFor(req, req.params.id)).id, app.now()),
  );

  app.get(
    "/submissions/quiz/:id/attempts",
    guarded(ANY_SIGNED_IN, { tags: ["quizzes"], params: IdParamsSchema, response: { 200: AttemptInfoSchema } }),
    async (req) => studentAttemptInfo(app.db, viewerOf(req), req.params.id, app.now()),
  );

  app.post("/quizzes", guarded(STAFF, { tags: ["quizzes"], ...FORM_BODY, response: { 201: QuizSchema } }), async (req, reply) => {
    const viewer = viewerOf(req);
    // A teacher without a course is refused before the upload is read.
    const taught = viewer.role === "teacher" ? await countTaughtCourses(app.db, viewer.id) : 0;
    assertCanCreateQuizzes(viewer, taught);
    const form = await readForm(req, ["pdf"]);
    const upload = form.files.pdf;
    if (upload) assertPdf(upload, PDF_LABEL);
    const input = parseInput(QuizFormSchema, form.fields);
    // The questions are the quiz (decision 018): the PDF is needed only when none are typed in.
    if (!upload && !input.questions?.length) throw badRequest(QUIZ_MESSAGES.pdfOrQuestions);
    const course = await checkCourseForQuiz(app.db, viewer, input.courseId, taught);
    checkSections(input.timedSections, (input.questions ?? []).length);
    const stored = upload ? await storePdf(app.storage, upload, "quiz.pdf") : null;
    const created = await createQuiz(app.db, viewer, input, course, stored, actorOf(req), () => app.now());
    return reply.status(201).send(created);
  });

  app.put("/quizzes/:id", guarded(STAFF, { tags: ["quizzes"], ...FORM_BODY, params: IdParamsSchema, response: { 200: QuizSchema } }), async (req) => {
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
  });

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
      return updateQuizQuestions(app.db, viewer, existing, req.body.questions, sections, actorOf(req), () => app.now());
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

  app.post(
    "/quizzes/:id/release-answers",
    guarded(STAFF, {
      tags: ["quizzes"],
      summary: "Release the correct answers to students now (the quiz's teacher or an admin; audited)",
      params: IdParamsSchema,
      response: { 200: AnswersReleasedSchema },
    }),
    async (req) => {
      const viewer = viewerOf(req);
      const existing = await findQuiz(app.db, req.params.id);
      if (!existing) throw notFound(NOT_FOUND);
      assertCanManageQuiz(viewer, existing);
      return releaseAnswers(app.db, existing, actorOf(req), app.now());
    },
  );

  for (const [path, to, summary] of [
    ["publish", "published", "Publish the quiz: students of its level see it from now on, within its window (its teacher or an admin; audited)"],
    ["unpublish", "draft", "Back to draft: students no longer see the quiz (its teacher or an admin; audited). 409 once a student has started it"],
  ] as const) {
    app.post(`/quizzes/:id/${path}`, guarded(STAFF, { tags: ["quizzes"], summary, params: IdParamsSchema, response: { 200: QuizSchema } }), async (req) => {
      const viewer = viewerOf(req);
      const existing = await findQuiz(app.db, req.params.id);
      if (!existing) throw notFound(NOT_FOUND);
      assertCanManageQuiz(viewer, existing);
      return setPublication(app.db, existing, to, actorOf(req), () => app.now());
    });
  }

  app.delete("/quizzes/:id", guarded(STAFF, { tags: ["quizzes"], params: IdParamsSchema, response: { 200: OkSchema } }), async (req) => {
    const viewer = viewerOf(req);
    const existing = await findQuiz(app.db, req.params.id);
    if (!existing) throw notFound(NOT_FOUND);
    assertCanManageQuiz(viewer, existing);
    await deleteQuiz(app.db, existing, actorOf(req), () => app.now());
    return { ok: true as const };
  });
};
