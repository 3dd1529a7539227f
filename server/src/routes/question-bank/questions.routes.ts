import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  FileLinkSchema,
  BANK_MESSAGES,
  BankExportQuerySchema,
  BankGroupListSchema,
  BankGroupsQuerySchema,
  BankListQuerySchema,
  BankQuestionInputSchema,
  BankQuestionPageSchema,
  BankQuestionSchema,
  BulkSaveResultSchema,
  BulkSaveSchema,
  CsvRowsErrorSchema,
  DeleteGroupQuerySchema,
  DeleteGroupResultSchema,
  ErrorSchema,
  IdParamsSchema,
  ImportCsvFieldsSchema,
  ImportExchangeFieldsSchema,
  ImportRefusalSchema,
  ImportResultSchema,
  OkSchema,
  ParseAnswersResultSchema,
  ParseQuestionsResultSchema,
  QuestionImageParamsSchema,
  StudentBankQuestionPageSchema,
  StudentBankQuestionSchema,
} from "@adesua/domain";
import { DocumentError, importQuestionFile, parseAnswerFile, parseQuestionCsvFile, parseQuestionFile } from "../../documents";
import { viewerOf } from "../../lib/viewer";
import { actorOf } from "../../lib/context";
import { ADMIN, ANY_SIGNED_IN, STAFF } from "../../lib/access";
import { guarded } from "../route-options";
import { badRequest, HttpError, notFound } from "../../lib/errors";
import { readForm, type UploadedFile } from "../../lib/form";
import { pageMeta } from "../../lib/pagination";
import { listAwareErrors, parseInput } from "../../lib/validation";
import { contentDisposition, storedFileDownload } from "../../services/files/files.service";
import { presentParsedPaper } from "../../services/question-bank/parse-job.service";
import { sendDownload } from "../../lib/download";
import { signFileLink } from "../../services/files/file-link.service";
import {
  addBankQuestion,
  bankQuestionFor,
  bankQuestionPage,
  bankReaderOf,
  deleteBankGroup,
  deleteBankQuestion,
  findBankQuestion,
  importBankQuestions,
  imageFile,
  listBankGroups,
  saveBankQuestions,
} from "../../services/question-bank/question-bank.service";
import { exportBank, importExchangeQuestions, NothingToImportError } from "../../services/question-bank/exchange.service";
import type { ExchangeImport } from "../../documents/exchange-types.ts";
import { assertMaySeeQuizPicture, questionPictures } from "../../services/quizzes/quiz-images.service";

const MULTIPART = { consumes: ["multipart/form-data"] };
const PICTURE_SUMMARY =
  "A question's n-th picture (from 1): a bank question's for everyone signed in (for a student, not while a quiz they could still take holds the question: 404); a quiz question's for its staff, and for a student only inside their running attempt or its released review (403), others 404";

/** A reader's refusal (wrong type, too large, scanned, damaged, too slow, busy) answers as itself. */
async function reading<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof DocumentError) throw new HttpError(e.status, e.message);
    throw e;
  }
}

function requireFile(file: UploadedFile | undefined, message: string): UploadedFile {
  if (!file || file.data.length === 0) throw badRequest(message);
  return file;
}

/** An import's upload: its file (in `field`) and its form fields, refused first without a year and a subject. */
async function importForm(req: FastifyRequest, field: string, fileMessage: string, yearSubjectMessage: string) {
  const form = await readForm(req, [field]);
  const file = requireFile(form.files[field], fileMessage);
  const f = form.fields;
  if (typeof f.year !== "string" || !f.year.trim() || typeof f.subject !== "string" || !f.subject.trim()) throw badRequest(yearSubjectMessage);
  return { file, fields: f };
}

export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post("/questions/parse", guarded(STAFF, { tags: ["questions"], ...MULTIPART, response: { 200: ParseQuestionsResultSchema } }), async (req) => {
    const viewer = viewerOf(req);
    const form = await readForm(req, ["attachment"]);
    const file = requireFile(form.files.attachment, BANK_MESSAGES.questionFileRequired);
    // A scan or a photo is read by OCR (issue 27): this waits for it, as scripts expect; the screens use parse jobs.
    const result = await reading(() => parseQuestionFile(file.data, file.filename));
    return presentParsedPaper(app.db, app.storage, result, viewer.id);
  });

  app.post("/questions/parse-answers", guarded(STAFF, { tags: ["questions"], ...MULTIPART, response: { 200: ParseAnswersResultSchema } }), async (req) => {
    const form = await readForm(req, ["attachment"]);
    const file = requireFile(form.files.attachment, BANK_MESSAGES.answerFileRequired);
    return reading(() => parseAnswerFile(file.data, file.filename));
  });

  app.post(
    "/questions/import-csv",
    guarded(STAFF, { tags: ["questions"], ...MULTIPART, response: { 201: ImportResultSchema, 400: CsvRowsErrorSchema.or(ErrorSchema) } }),
    async (req, reply) => {
      const { file, fields } = await importForm(req, "csvFile", BANK_MESSAGES.csvFileRequired, BANK_MESSAGES.csvYearSubjectRequired);
      const meta = parseInput(ImportCsvFieldsSchema, fields);
      const parsed = await reading(() => parseQuestionCsvFile(file.data));
      if (!parsed.ok) return reply.status(400).send({ error: BANK_MESSAGES.csvRows, errors: parsed.errors });
      return reply.status(201).send(await importBankQuestions(app.db, meta, parsed.questions, actorOf(req)));
    },
  );

  app.post(
    "/questions/import",
    guarded(STAFF, { tags: ["questions"], ...MULTIPART, response: { 201: ImportResultSchema, 422: ImportRefusalSchema.or(ErrorSchema) } }),
    async (req, reply) => {
      const { file, fields } = await importForm(req, "file", BANK_MESSAGES.importFileRequired, BANK_MESSAGES.yearSubjectRequired);
      const { format, ...meta } = parseInput(ImportExchangeFieldsSchema, fields);
      // The worker sends the whole reading (questions, warnings and the questions not imported, ExchangeImport).
      const read = (await reading(() => importQuestionFile(file.data, format))) as ExchangeImport;
      try {
        return reply.status(201).send(await importExchangeQuestions(app.db, app.storage, meta, read, { ...actorOf(req), id: viewerOf(req).id }));
      } catch (e) {
        if (e instanceof NothingToImportError) return reply.status(422).send({ error: e.message, unsupported: e.unsupported, warnings: e.warnings });
        throw e;
      }
    },
  );

  app.get("/questions/export", guarded(STAFF, { tags: ["questions"], querystring: BankExportQuerySchema }), async (req, reply) => {
    const { body, type, filename } = await exportBank(app.db, app.storage, req.query);
    return reply.header("Content-Type", type).header("Content-Disposition", contentDisposition(filename)).send(body);
  });

  app.post(
    "/questions",
    guarded(STAFF, { tags: ["questions"], body: BankQuestionInputSchema, response: { 201: BankQuestionSchema.extend({ skippedDuplicate: z.boolean() }) } }),
    async (req, reply) => reply.status(201).send(await addBankQuestion(app.db, req.body, actorOf(req))),
  );

  app.post(
    "/questions/bulk",
    {
      config: { access: STAFF },
      schema: { tags: ["questions"], body: BulkSaveSchema, response: { 201: BulkSaveResultSchema } },
      schemaErrorFormatter: listAwareErrors,
    },
    async (req, reply) => {
      const saved = await saveBankQuestions(app.db, req.body.metadata, req.body.questions, actorOf(req));
      return reply.status(201).send({ count: saved.count, skippedDuplicates: saved.skippedDuplicates });
    },
  );

  app.get(
    "/questions",
    {
      config: { access: ANY_SIGNED_IN },
      // The staff shape comes first: `answer` is required in it, so a student payload (which has none) never
      // matches it; the student shape would strip a staff payload's answers.
      schema: { tags: ["questions"], querystring: BankListQuerySchema, response: { 200: BankQuestionPageSchema.or(StudentBankQuestionPageSchema) } },
    },
    async (req) => {
      const { questions, total } = await bankQuestionPage(app.db, viewerOf(req), req.query, app.now());
      return { questions, pagination: pageMeta(req.query, total) };
    },
  );

  app.get(
    "/questions/groups",
    guarded(ANY_SIGNED_IN, { tags: ["questions"], querystring: BankGroupsQuerySchema, response: { 200: BankGroupListSchema } }),
    async (req) => ({ groups: await listBankGroups(app.db, req.query, bankReaderOf(viewerOf(req), app.now())) }),
  );

  app.get(
    "/questions/:id",
    guarded(ANY_SIGNED_IN, { tags: ["questions"], params: IdParamsSchema, response: { 200: BankQuestionSchema.or(StudentBankQuestionSchema) } }),
    async (req) => bankQuestionFor(app.db, viewerOf(req), req.params.id, app.now()),
  );

  /**
   * The n-th picture (from 1) of a question. Bank questions are open to every signed-in user; a quiz
   * question's pictures follow its text (quiz-images.service): staff of the quiz, and students only
   * inside their attempt or its released review. The check comes first, so a refusal says nothing of n.
   */
  async function pictureOf(req: FastifyRequest, id: number, n: number) {
    const row = await questionPictures(app.db, id);
    if (!row) throw notFound("Picture not found");
    const viewer = viewerOf(req);
    if (row.quizId !== null) await assertMaySeeQuizPicture(app.db, viewer, row.quizId, app.now());
    // A bank question withheld from students (a quiz they could still take holds it) has no pictures for them either.
    else if (viewer.role === "student" && !(await findBankQuestion(app.db, id, bankReaderOf(viewer, app.now())))) throw notFound("Picture not found");
    const fileId = row.imageFileIds[n - 1];
    if (fileId === undefined) throw notFound("Picture not found");
    const file = await imageFile(app.db, fileId);
    if (!file) throw notFound("Picture not found");
    return file;
  }

  app.get(
    "/questions/:id/images/:n",
    guarded(ANY_SIGNED_IN, { tags: ["questions"], summary: PICTURE_SUMMARY, params: QuestionImageParamsSchema }),
    async (req, reply) => sendDownload(reply, await storedFileDownload(app.storage, await pictureOf(req, req.params.id, req.params.n), req.log)),
  );

  app.get(
    "/questions/:id/images/:n/link",
    guarded(ANY_SIGNED_IN, { tags: ["questions"], params: QuestionImageParamsSchema, response: { 200: FileLinkSchema } }),
    async (req) => signFileLink(app.db, (await pictureOf(req, req.params.id, req.params.n)).id, app.now()),
  );

  app.delete("/questions/:id", guarded(ADMIN, { tags: ["questions"], params: IdParamsSchema, response: { 200: OkSchema } }), async (req) => {
    await deleteBankQuestion(app.db, req.params.id, actorOf(req));
    return { ok: true as const };
  });

  app.delete(
    "/questions",
    guarded(ADMIN, { tags: ["questions"], querystring: DeleteGroupQuerySchema, response: { 200: DeleteGroupResultSchema } }),
    async (req) => ({ count: await deleteBankGroup(app.db, req.query, actorOf(req)) }),
  );
};
