/**
 * The question bank's calls (spec 000 §3, §7, §8; spec 001 §3–§9; issue 11). Every path is under /api.
 *
 *   POST   /questions/parse            multipart `attachment` (.pdf/.docx/.doc ≤ 10 MB); teacher, admin
 *                                      → ParseQuestionsResult; 400 no file, 413, 415, 422 (scanned/damaged/slow), 503 busy
 *   POST   /questions/parse-answers    multipart `attachment`; teacher, admin → ParseAnswersResult
 *                                      400 "Please select an answer file to upload."
 *                                      415 "Unsupported file type. Please upload a PDF, DOC, or DOCX file."
 *   POST   /questions/import-csv       multipart `csvFile` + fields year, subject, section (A|B, default A), topic?
 *                                      teacher, admin → ImportResult `{ count, message: "Imported N questions", skippedDuplicates }`
 *                                      400 `{ error, errors: [{ row, message }] }` (CsvRowsError) — all rows or none
 *   POST   /questions/import           multipart `file` + fields format (gift|aiken|moodle-xml), year, subject, section, topic?
 *                                      teacher, admin → ImportResult (+ warnings)
 *   GET    /questions/export           ?format=gift|aiken|moodle-xml|csv&year=&subject=&section=&topic= ; teacher, admin
 *                                      → the file (text/plain, application/xml, text/csv) as an attachment
 *   POST   /questions                  BankQuestionInput (options as an array or JSON text); teacher, admin → BankQuestion (201)
 *   POST   /questions/bulk             BulkSaveInput `{ questions, metadata: { year, subject, section, topic } }`; teacher, admin
 *                                      → BulkSaveResult `{ count, skippedDuplicates }` (201) — all or none
 *   GET    /questions                  BankListQuery ?year=&subject=&topic=&section=&search=&page=&limit= ; everyone signed in
 *                                      → BankQuestionPage (staff) / StudentBankQuestionPage (students: no `answer` at all)
 *   GET    /questions/groups           BankGroupsQuery ?year=&subject=&section=&search= ; everyone → BankGroupList
 *   GET    /questions/{id}             everyone → BankQuestion (staff) / StudentBankQuestion (students); 404 not a bank question
 *   GET    /questions/{id}/images/{n}  the n-th (from 1) picture of the question (image/*); 404. A bank question's: everyone.
 *                                      A quiz question's: the quiz's staff; a student only inside their running attempt or its
 *                                      released review (403 otherwise); others 404 (quiz-images.service, docs/spec-differences.md)
 *   DELETE /questions/{id}             admin → Ok; teacher and student 403; 404
 *   DELETE /questions?year=&subject=&section=   (a whole group) admin → DeleteGroupResult `{ count }`; 403 others
 *
 * Duplicates: a question whose text and options (spaces collapsed, case ignored) are already in the bank,
 * or that appears twice in one payload, is not stored again; `skippedDuplicates` counts them.
 * Groups: `bankGroupKey()` / `parseBankGroupKey()` (constants) turn year+subject+section into the `{id}`
 * of `questions/read/{id}` and `past-questions/attempt/{id}`.
 */
import { z } from "zod";
import { BANK_LIMITS, BANK_MESSAGES, BANK_SECTIONS, QUIZ_LIMITS, QUIZ_MESSAGES } from "../../constants";
import { MAX_ID, PageMetaSchema, pageQuery, positiveId, wholeNumber } from "../common";
import { checkQuestionType, QuestionSchema, questionTypeInputShape, QuestionTypeFieldsSchema, StudentQuestionTypeFieldsSchema } from "../quizzes";

export { BANK_LIMITS, BANK_MESSAGES, BANK_SECTIONS, bankGroupKey, parseBankGroupKey, importedMessage, type BankSection } from "../../constants";
const M = BANK_MESSAGES;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const toJson = (v: unknown) => {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
};

// ---------- parsing (nothing stored) ----------

/** A question a file holds that Adesua does not import (issue 27): named, never stored as another type. */
export const UnsupportedQuestionSchema = z.object({
  /** Its number or position in the file (from 1), when known. */
  number: z.number().int().nullable(),
  /** Its title or the start of its text. */
  title: z.string(),
  /** What it is: matching, ordering, cloze, calculated, drag and drop… */
  kind: z.string(),
  message: z.string(),
});
export type UnsupportedQuestion = z.infer<typeof UnsupportedQuestionSchema>;

export const ParseWarningSchema = z.object({
  /** 1-based position in `questions` when the warning concerns one question. */
  question: z.number().int().optional(),
  message: z.string(),
});
export type ParseWarning = z.infer<typeof ParseWarningSchema>;

/** A question as read from a file, before review (spec 000 §3). Its type fields (issue 27) are sent back as they are when saving. */
export const ParsedQuestionSchema = z
  .object({
    text: z.string(),
    options: z.array(z.string()),
    /** The text of the correct option when the file marks one, else "". */
    answer: z.string(),
    /** A passage this question (and the next ones) refer to. */
    passage: z.string().optional(),
    /** Pictures found in the question, already stored: send them back in `imageIds` when saving. */
    imageIds: z.array(z.number().int()).optional(),
    /**
     * Read by OCR from a scan or a photo: "read from a scan: check it". `page` (from 1) and `cropId`, the stored picture
     * of the part of the page it came from (GET /files/parsed/{cropId} for its author), shown beside it in the review.
     */
    scan: z.object({ page: z.number().int(), cropId: z.number().int().nullable() }).optional(),
  })
  .extend(QuestionTypeFieldsSchema.partial().shape);
export type ParsedQuestion = z.infer<typeof ParsedQuestionSchema>;

export const ParseQuestionsResultSchema = z.object({
  questions: z.array(ParsedQuestionSchema),
  warnings: z.array(ParseWarningSchema),
  /**
   * The paper's title and subtitle lines before question 1 (joined by "\n"), never part of a question; null when the
   * paper has none. The upload screen offers it as the quiz's title (issue 24). Always sent by the server.
   */
  heading: z.string().nullable().optional(),
  /** The paper's instructions ("Answer all questions…"), never part of a question or a passage; null when none. */
  instructions: z.string().nullable().optional(),
  /** Questions found but not imported, each named (e.g. matching, ordering): `message` reads "Q7 'Match the tools' is a matching question: not imported". */
  unsupported: z.array(UnsupportedQuestionSchema).optional(),
  /** How the paper was read: from its text, or by OCR from scanned pages or photos. */
  source: z.enum(["text", "ocr"]).optional(),
});
export type ParseQuestionsResult = z.infer<typeof ParseQuestionsResultSchema>;

export const ParseAnswersResultSchema = z.object({
  /** Letters A–E in question order; "" where the key gives none for that number. */
  answers: z.array(z.string()),
  warnings: z.array(ParseWarningSchema),
});
export type ParseAnswersResult = z.infer<typeof ParseAnswersResultSchema>;

// ---------- metadata ----------

const year = z.preprocess(
  // Only plain digits are a year from a form field: "0x7D0" or "2e3" are refused, not read as numbers.
  (v) => (isBlank(v) ? undefined : typeof v === "string" && /^\d{1,10}$/.test(v.trim()) ? Number(v.trim()) : v),
  z
    .number({ error: (iss) => (iss.input === undefined ? M.yearSubjectRequired : M.year) })
    .int({ error: M.year })
    .min(BANK_LIMITS.year.min, { error: M.year })
    .max(BANK_LIMITS.year.max, { error: M.year }),
);
const subject = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  z.string({ error: M.yearSubjectRequired }).trim().max(100, { error: M.subjectTooLong }),
);
const section = z.preprocess((v) => (isBlank(v) ? "A" : typeof v === "string" ? v.trim().toUpperCase() : v), z.enum(BANK_SECTIONS, { error: M.section }));
const topic = z.preprocess((v) => (isBlank(v) ? null : v), z.string().trim().max(100, { error: M.topicTooLong }).nullable()).optional();

/** Where bank questions go: year, subject, section (A or B, default A), optional topic. */
export const BankMetadataSchema = z.object({ year, subject, section, topic });
export type BankMetadataInput = z.input<typeof BankMetadataSchema>;
export type BankMetadata = z.output<typeof BankMetadataSchema>;

// ---------- saving ----------

const questionText = z
  .string({ error: QUIZ_MESSAGES.questionText })
  .trim()
  .min(1, { error: QUIZ_MESSAGES.questionText })
  .max(5000, { error: "Question text must be at most 5000 characters" });
const options = z.preprocess(
  toJson,
  z
    .array(
      z
        .string({ error: QUIZ_MESSAGES.optionEmpty })
        .trim()
        .min(1, { error: QUIZ_MESSAGES.optionEmpty })
        .max(1000, { error: "An option must be at most 1000 characters" }),
      {
        error: QUIZ_MESSAGES.options,
      },
    )
    .min(QUIZ_LIMITS.options.min, { error: QUIZ_MESSAGES.options })
    .max(QUIZ_LIMITS.options.max, { error: QUIZ_MESSAGES.options }),
);
/** The correct option's text, or its letter A–E; empty means unknown. */
const answer = z.preprocess((v) => (isBlank(v) ? null : v), z.string().trim().max(1000).nullable()).optional();
const imageIds = z.array(z.number().int().positive().max(MAX_ID)).max(20).optional();

/** One question's content as the bulk save and the parse review carry it (a single-answer question needs no `type`). */
export const BankQuestionContentSchema = z
  .object({ text: questionText, options: options.optional(), answer, imageIds })
  .extend(questionTypeInputShape)
  .superRefine((q, ctx) => checkQuestionType(q, ctx, { singleKeyByLetter: true }));
export type BankQuestionContentInput = z.input<typeof BankQuestionContentSchema>;

/** POST /questions: one question with its metadata (spec 001 §7); `options` may be JSON text; `timeLimit`, `originalOrder` are accepted and ignored. */
export const BankQuestionInputSchema = z
  .object({ text: questionText, options: options.optional(), answer, imageIds })
  .extend(questionTypeInputShape)
  .extend({
    year,
    subject,
    section,
    topic,
    timeLimit: z
      .union([z.number(), z.string().max(20)])
      .nullable()
      .optional(),
    originalOrder: z
      .union([z.number(), z.string().max(20)])
      .nullable()
      .optional(),
  })
  .superRefine((q, ctx) => checkQuestionType(q, ctx, { singleKeyByLetter: true }));
export type BankQuestionInput = z.input<typeof BankQuestionInputSchema>;

/** POST /questions/bulk. */
export const BulkSaveSchema = z.object({
  questions: z
    .array(BankQuestionContentSchema, { error: M.noQuestions })
    .min(1, { error: M.noQuestions })
    .max(BANK_LIMITS.bulkMax, { error: M.tooManyQuestions }),
  metadata: BankMetadataSchema,
});
export type BulkSaveInput = z.input<typeof BulkSaveSchema>;

export const BulkSaveResultSchema = z.object({ count: z.number().int(), skippedDuplicates: z.number().int() });
export type BulkSaveResult = z.infer<typeof BulkSaveResultSchema>;

/** Fields of POST /questions/import-csv (beside the file `csvFile`). */
export const ImportCsvFieldsSchema = BankMetadataSchema;
export const EXCHANGE_FORMATS = ["gift", "aiken", "moodle-xml"] as const;
/** Fields of POST /questions/import (beside the file `file`). */
export const ImportExchangeFieldsSchema = BankMetadataSchema.extend({ format: z.enum(EXCHANGE_FORMATS, { error: M.exchangeFormat }) });

export const ImportResultSchema = z.object({
  count: z.number().int(),
  /** "Imported N questions". */
  message: z.string(),
  skippedDuplicates: z.number().int(),
  warnings: z.array(ParseWarningSchema).optional(),
  /** Questions of the file not imported, each named (issue 27). */
  unsupported: z.array(UnsupportedQuestionSchema).optional(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

/**
 * 422 of POST /questions/import when no question of the file can be imported (issue 27): `error` reads "No question in
 * this file can be imported: …" and names them; `unsupported` lists the questions of kinds Adesua does not import,
 * `warnings` the broken ones.
 */
export const ImportRefusalSchema = z.object({
  error: z.string(),
  unsupported: z.array(UnsupportedQuestionSchema),
  warnings: z.array(ParseWarningSchema).optional(),
});
export type ImportRefusal = z.infer<typeof ImportRefusalSchema>;

/** 400 of import-csv when rows are bad: nothing was imported. `row` counts the header as row 1. */
export const CsvRowsErrorSchema = z.object({ error: z.string(), errors: z.array(z.object({ row: z.number().int(), message: z.string() })) });
export type CsvRowsError = z.infer<typeof CsvRowsErrorSchema>;

// ---------- reading ----------

const filterText = (max = 100) => z.preprocess((v) => (isBlank(v) ? undefined : v), z.string().trim().max(max).optional());
const filterYear = z.preprocess(
  (v) => (isBlank(v) ? undefined : v),
  z.coerce
    .number({ error: M.year })
    .int({ error: M.year })
    .min(BANK_LIMITS.year.min, { error: M.year })
    .max(BANK_LIMITS.year.max, { error: M.year })
    .optional(),
);
const filterSection = z.preprocess(
  (v) => (isBlank(v) ? undefined : typeof v === "string" ? v.trim().toUpperCase() : v),
  z.enum(BANK_SECTIONS, { error: M.section }).optional(),
);

/** GET /questions: filters are exact (subject, topic: case-insensitive); `search` looks in text and options. */
export const BankListQuerySchema = pageQuery(20, 100).extend({
  year: filterYear,
  subject: filterText(),
  topic: filterText(),
  section: filterSection,
  search: filterText(200),
});
export type BankListQuery = z.input<typeof BankListQuerySchema>;

/** Where a question stands in the bank: the year, subject and section of its paper (one bank group, `bankGroupKey`). */
export const BankPlaceSchema = z.object({ year: z.number().int(), subject: z.string(), section: z.enum(BANK_SECTIONS) });

/**
 * A bank question as teachers and admins see it: the question and its key as a quiz holds them (`position`: 0-based
 * order within its group; the answer is NEVER sent to students), and its place in the bank.
 */
export const BankQuestionSchema = QuestionSchema.pick({ id: true, position: true, text: true, options: true, answer: true })
  .extend(QuestionTypeFieldsSchema.shape)
  .extend({
    ...BankPlaceSchema.shape,
    topic: z.string().nullable(),
    /** How many pictures the question has: GET /questions/{id}/images/{n}, n from 1 to imageCount. */
    imageCount: z.number().int(),
  });
export type BankQuestion = z.infer<typeof BankQuestionSchema>;

/** A bank question as a student sees it: there is no answer field at all, and no key or marking scheme of any type. */
export const StudentBankQuestionSchema = BankQuestionSchema.pick({
  id: true,
  position: true,
  text: true,
  options: true,
  topic: true,
  imageCount: true,
  ...{ year: true, subject: true, section: true },
}).extend(StudentQuestionTypeFieldsSchema.shape);
export type StudentBankQuestion = z.infer<typeof StudentBankQuestionSchema>;

export const BankQuestionPageSchema = z.object({ questions: z.array(BankQuestionSchema), pagination: PageMetaSchema });
export const StudentBankQuestionPageSchema = z.object({ questions: z.array(StudentBankQuestionSchema), pagination: PageMetaSchema });
/** Either page; students get the one without answers. */
export type BankQuestionPage = { questions: (BankQuestion | StudentBankQuestion)[]; pagination: z.infer<typeof PageMetaSchema> };

export const BankGroupsQuerySchema = z.object({ year: filterYear, subject: filterText(), section: filterSection, search: filterText(200) });
export type BankGroupsQuery = z.input<typeof BankGroupsQuerySchema>;

/** One group of the bank screen. `key` is `bankGroupKey(group)`. */
export const BankGroupSchema = z.object({
  key: z.string(),
  ...BankPlaceSchema.shape,
  count: z.number().int(),
  /** Topics present in the group, sorted. */
  topics: z.array(z.string()),
});
export type BankGroup = z.infer<typeof BankGroupSchema>;
/** Sorted by year (newest first), subject, section. */
export const BankGroupListSchema = z.object({ groups: z.array(BankGroupSchema) });
export type BankGroupList = z.infer<typeof BankGroupListSchema>;

export const QuestionImageParamsSchema = z.object({
  id: positiveId("id"),
  n: wholeNumber("n must be a picture number from 1 to 20", 1, 20),
});

// ---------- export and delete ----------

export const EXPORT_FORMATS = ["gift", "aiken", "moodle-xml", "csv"] as const;
export const BankExportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: M.exportFormat }),
  year: filterYear,
  subject: filterText(),
  section: filterSection,
  topic: filterText(),
});
export type BankExportQuery = z.input<typeof BankExportQuerySchema>;

/** DELETE /questions?year=&subject=&section= : all three are required. */
export const DeleteGroupQuerySchema = z.object({
  year: z.preprocess(
    (v) => (isBlank(v) ? undefined : v),
    z.coerce
      .number({ error: M.groupRequired })
      .int({ error: M.year })
      .min(BANK_LIMITS.year.min, { error: M.year })
      .max(BANK_LIMITS.year.max, { error: M.year }),
  ),
  subject: z.preprocess((v) => (isBlank(v) ? undefined : v), z.string({ error: M.groupRequired }).trim().max(100)),
  section: z.preprocess((v) => (isBlank(v) ? undefined : typeof v === "string" ? v.trim().toUpperCase() : v), z.enum(BANK_SECTIONS, { error: M.section })),
});
export type DeleteGroupQuery = z.input<typeof DeleteGroupQuerySchema>;
export const DeleteGroupResultSchema = z.object({ count: z.number().int() });

/** The spec's confirmation before a group delete (001 §5). */
export const deleteGroupConfirmation = (g: { count: number; year: number; subject: string; section: string }) =>
  `Are you sure you want to delete ${g.count} question${g.count === 1 ? "" : "s"} for ${g.year} ${g.subject} Section ${g.section}? This cannot be undone.`;
