/**
 * Paper sittings (issue 29, decision 051): a quiz printed as a question paper with one answer sheet per student,
 * and the phone photos (or a scanner's PDF) of those sheets read back into submissions.
 *
 * Calls (all under /api; staff only: an admin for any quiz, a teacher for quizzes of their courses; a student never):
 *   GET    /sittings?quizId=&page=&limit=        → SittingList
 *   POST   /sittings                             SittingInput → 201 Sitting
 *   GET    /sittings/{id}                        → Sitting
 *   DELETE /sittings/{id}                        → { ok: true } (409 once a sheet is recorded: the photos stay with the quiz)
 *   GET    /sittings/{id}/students?search=&page=&limit= → SittingStudentList (the class's active students by name:
 *                                                the students a blank sheet may be given to)
 *   POST   /sittings/{id}/print                  → 202 PrintJob (kind "paper": question paper + answer sheets, one PDF)
 *   POST   /sittings/{id}/scans                  multipart `files` (JPEG/PNG/WebP photos, or a PDF of several pages)
 *                                                → 202 ScanUpload (each sheet queued; read in the worker pool)
 *   GET    /sittings/{id}/scans?status=&page=&limit= → ScanList
 *   GET    /sittings/{id}/scans/{scanId}         → Scan
 *   GET    /sittings/{id}/scans/{scanId}/sheet   → image/jpeg: the sheet straightened (rows' crops are cut from it)
 *   GET    /sittings/{id}/scans/{scanId}/photo   → the photo as uploaded
 *   PUT    /sittings/{id}/scans/{scanId}         ScanSettleInput → Scan (choose the student, settle flagged rows, mark boxes)
 *   POST   /sittings/{id}/scans/{scanId}/record  ScanRecordInput → Scan (409 while rows are unsettled, or when the
 *                                                student already has a submission of the quiz and `confirm` is not true)
 *   DELETE /sittings/{id}/scans/{scanId}         → { ok: true } (409 once recorded)
 */
import { z } from "zod";
import { idParams, pageOf, pageQuery, positiveId, SEARCH_TOO_LONG, searchParam, wholeNumber } from "../common";

/** Most questions on one answer sheet: four columns of 25, numbered like a BECE answer sheet. */
export const MAX_SHEET_BUBBLE_QUESTIONS = 100;
/** Most written boxes (short answer, numerical) on one sheet, below the bubbles. */
export const MAX_SHEET_BOX_QUESTIONS = 20;
export const MAX_SITTING_VERSIONS = 4;
export const MAX_BLANK_SHEETS = 100;
/** Photos or PDFs in one upload, and the largest file. */
export const MAX_SCAN_FILES = 60;
export const MAX_SCAN_FILE_BYTES = 15 * 1024 * 1024;
/** Bubble letters of every row, A–E. */
export const SHEET_LETTERS = ["A", "B", "C", "D", "E"] as const;
export type SheetLetter = (typeof SHEET_LETTERS)[number];

export const SITTING_MESSAGES = {
  notFound: "Sitting not found",
  scanNotFound: "Sheet not found",
  quizNotFound: "Quiz not found",
  noPaperQuestions: "This quiz has no questions that can be answered on a sheet (multiple choice, true/false, short answer, numerical)",
  tooManyBubbles: `An answer sheet holds at most ${MAX_SHEET_BUBBLE_QUESTIONS} multiple-choice and true/false questions`,
  tooManyBoxes: `An answer sheet holds at most ${MAX_SHEET_BOX_QUESTIONS} short-answer and numerical questions`,
  sheetFull: "The questions do not fit on one answer sheet: at most 100 bubble rows, and fewer written boxes the more bubble rows there are",
  tooManyOptions: "A question on a sheet can have at most 5 options (A–E)",
  noStudents: "No students in this class and no blank sheets: add blank sheets or choose another class",
  versions: `versions must be between 1 and ${MAX_SITTING_VERSIONS}`,
  blankSheets: `blankSheets must be between 0 and ${MAX_BLANK_SHEETS}`,
  stream: "stream must be a letter or two (the B of JHS 2B)",
  noFiles: "Choose at least one photo or PDF of answer sheets",
  tooManyFiles: `Upload at most ${MAX_SCAN_FILES} files at a time`,
  fileType: "Upload photos (JPEG, PNG or WebP) or a PDF of the answer sheets",
  fileTooLarge: `A photo or PDF can be at most ${MAX_SCAN_FILE_BYTES / 1024 / 1024} MB`,
  /** A sheet the reader could not finish (the reader failed or was busy): upload it again. */
  unreadable: "This photo could not be read. Upload it again.",
  markersNotFound: "The four corner squares were not found: retake the photo with the whole sheet in view, flat and well lit",
  qrUnreadable: "The QR code is not readable: retake the photo with the whole sheet in view",
  notOurSheet: "This is not an Adesua answer sheet",
  otherSitting: "This sheet belongs to another printing of a quiz: scan it from that sitting",
  unsettled: "Settle every flagged row before recording this sheet",
  noStudent: "Choose the student of this blank sheet before recording it",
  /** A blank sheet is given only to a student GET /sittings/{id}/students lists. */
  studentNotInLevel: "The student must be an active student of the sitting's class",
  rowNotFound: "rows names a row this sheet does not have",
  notAnOption: "That letter is not one of the question's options",
  markRange: "A mark must be between 0 and the question's marks",
  /** A box question marked by its key (short answer, numerical) takes 0, full marks, or a share its key gives. */
  markNotInKey: "This question is marked by its key: give 0, full marks, or a share one of its accepted answers earns",
  /** 409 when recording: `{name}` is filled in. */
  alreadySubmitted: "{name} already has a submission of this quiz. Record this sheet as another attempt?",
  alreadyRecorded: "This sheet is already recorded",
  stillReading: "This sheet is still being read",
  /** 409 on DELETE /sittings/{id}: photos of recorded sheets stay with their submissions until the quiz is deleted. */
  hasRecorded: "This sitting has recorded sheets: it stays, with their photos, until the quiz is deleted",
} as const;

/** One version as printed: the quiz's questions in the version's order, each with its options in printed order. */
export const SittingVersionSchema = z.object({
  version: z.number().int(),
  /** Sheet rows in order: bubble questions first (numbered 1…), then box questions. */
  questions: z.array(
    z.object({
      questionId: z.number().int(),
      /** Printed option i (A, B, …) is the question's option `options[i]` (an index into the question's options). */
      options: z.array(z.number().int()),
      /** bubbles: multiple choice and true/false; box: a written box the teacher marks from the photo. */
      kind: z.enum(["bubbles", "box"]),
    }),
  ),
});
export type SittingVersion = z.infer<typeof SittingVersionSchema>;

export const SittingInputSchema = z.object({
  quizId: positiveId("quizId"),
  /** The class's stream (B for JHS 2B); omitted or null: every student of the quiz's level. */
  stream: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,2}$/, { error: SITTING_MESSAGES.stream })
    .transform((s) => s.toUpperCase())
    .nullish(),
  versions: wholeNumber(SITTING_MESSAGES.versions, 1, MAX_SITTING_VERSIONS).default(1),
  blankSheets: wholeNumber(SITTING_MESSAGES.blankSheets, 0, MAX_BLANK_SHEETS).default(0),
});
export type SittingInput = z.input<typeof SittingInputSchema>;

export const SittingSchema = z.object({
  id: z.number().int(),
  quiz: z.object({ id: z.number().int(), title: z.string(), level: z.string() }),
  /** "JHS 2B", or "JHS 2" for the whole level. */
  class: z.string(),
  stream: z.string().nullable(),
  versions: z.number().int(),
  blankSheets: z.number().int(),
  /** Named sheets (students of the class) and questions on each sheet. */
  students: z.number().int(),
  bubbleQuestions: z.number().int(),
  boxQuestions: z.number().int(),
  /** Sheets scanned so far, by state. */
  scans: z.object({ total: z.number().int(), recorded: z.number().int(), review: z.number().int(), refused: z.number().int(), reading: z.number().int() }),
  createdAt: z.string(),
});
export type Sitting = z.infer<typeof SittingSchema>;
export const SittingListSchema = pageOf(SittingSchema);
export type SittingList = z.infer<typeof SittingListSchema>;
export const SittingListQuerySchema = pageQuery(20).extend({ quizId: positiveId("quizId").optional() });
export type SittingListQuery = z.infer<typeof SittingListQuerySchema>;

/**
 * A student of the sitting's class (the active students of the quiz's level, of the sitting's stream when it has
 * one): those who get a named sheet, and the only students a blank sheet may be given to.
 */
export const SittingStudentSchema = z.object({ id: z.number().int(), name: z.string(), class: z.string() });
export type SittingStudent = z.infer<typeof SittingStudentSchema>;
export const SittingStudentListSchema = pageOf(SittingStudentSchema);
export type SittingStudentList = z.infer<typeof SittingStudentListSchema>;
/** Search: part of the name, any case. */
export const SittingStudentsQuerySchema = pageQuery(20).extend({ search: searchParam(SEARCH_TOO_LONG) });
export type SittingStudentsQuery = z.infer<typeof SittingStudentsQuerySchema>;

export const ScanStatusSchema = z.enum(["queued", "reading", "refused", "review", "recorded"]);
export type ScanStatus = z.infer<typeof ScanStatusSchema>;
/** Why a row waits for the teacher: two firm marks, no mark, a mark the reader is unsure of, a letter the question has not. */
export const ScanFlagSchema = z.enum(["two", "empty", "unsure", "not-an-option"]);
export type ScanFlag = z.infer<typeof ScanFlagSchema>;

/** A box (in pixels of the straightened sheet image) to crop for the teacher. */
export const CropSchema = z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });
export type Crop = z.infer<typeof CropSchema>;

/** One row of a sheet as stored (server side) and shown to the teacher. */
export const ScanRowStateSchema = z.object({
  /** The number printed on the sheet (1…). */
  n: z.number().int(),
  questionId: z.number().int(),
  kind: z.enum(["bubbles", "box"]),
  /** A multiple-answer question (type "multiple"): the row may be settled to several letters. Rows stored before it: false. */
  multiple: z.boolean(),
  /** Letters the question has on this version (A–B for true/false, A–D for four options, …). */
  letters: z.array(z.string()),
  /** Bubbles: how dark each of A–E is, 0 (clean) to 1 (solid), as read. */
  fill: z.array(z.number()),
  /** The letters the reader is sure were marked (empty when none or when flagged). */
  read: z.array(z.string()),
  flag: ScanFlagSchema.nullable(),
  /** The teacher's answer for a flagged row: letters, or [] for "no answer"; null while unsettled or unflagged. */
  settled: z.array(z.string()).nullable(),
  /** Box rows: the teacher's mark (null until marked) out of `maxMarks`. */
  mark: z.number().nullable(),
  maxMarks: z.number(),
  crop: CropSchema,
});
export type ScanRowState = z.infer<typeof ScanRowStateSchema>;

export const ScanSchema = z.object({
  id: z.number().int(),
  sittingId: z.number().int(),
  status: ScanStatusSchema,
  student: z.object({ id: z.number().int(), name: z.string(), class: z.string() }).nullable(),
  version: z.number().int().nullable(),
  fileName: z.string(),
  page: z.number().int(),
  rows: z.array(ScanRowStateSchema),
  /** Rows still waiting for the teacher (flags unsettled, boxes unmarked). */
  unsettled: z.number().int(),
  error: z.string().nullable(),
  /** Once recorded: the submission and its score. */
  submissionId: z.number().int().nullable(),
  score: z.number().nullable(),
  /** The straightened sheet (image/jpeg) and the photo as uploaded; null when refused before straightening. */
  sheetUrl: z.string().nullable(),
  photoUrl: z.string().nullable(),
  sheetSize: z.object({ width: z.number().int(), height: z.number().int() }).nullable(),
  createdAt: z.string(),
});
export type Scan = z.infer<typeof ScanSchema>;
export const ScanListSchema = pageOf(ScanSchema);
export type ScanList = z.infer<typeof ScanListSchema>;
export const ScanListQuerySchema = pageQuery(20).extend({ status: ScanStatusSchema.optional() });
export type ScanListQuery = z.infer<typeof ScanListQuerySchema>;
export const ScanUploadSchema = z.object({ scans: z.array(ScanSchema) });
export type ScanUpload = z.infer<typeof ScanUploadSchema>;

export const ScanSettleInputSchema = z.object({
  /** The student of a blank sheet (or a correction of a misread one). */
  studentId: positiveId("studentId").optional(),
  rows: z
    .array(
      z.object({
        n: wholeNumber("n must be a row number", 1, 200),
        /** Bubble rows: the letters marked; [] for "no answer". */
        answer: z
          .array(z.enum(SHEET_LETTERS, { error: "answer letters must be A to E" }))
          .max(5)
          .optional(),
        /** Box rows: the teacher's mark. */
        mark: z.number().min(0, { error: SITTING_MESSAGES.markRange }).max(1000, { error: SITTING_MESSAGES.markRange }).optional(),
      }),
    )
    .max(200)
    .default([]),
});
export type ScanSettleInput = z.input<typeof ScanSettleInputSchema>;

export const ScanRecordInputSchema = z.object({ confirm: z.boolean().optional() });
export type ScanRecordInput = z.infer<typeof ScanRecordInputSchema>;

export const SittingParamsSchema = idParams("id");
export const ScanParamsSchema = idParams("id", "scanId");
