/**
 * Reading teachers' files: question papers and answer keys (.pdf, .docx, .doc), the CSV template, and the
 * GIFT / Aiken / Moodle XML exchange formats. Routes call the pool functions (they run in a worker) and
 * answer a `DocumentError` as `{ error: message }` with its `status`.
 */
export { DocumentError, DOCUMENT_MESSAGES, MAX_DOCUMENT_BYTES } from "./errors.ts";
export {
  DocumentPool,
  documentPool,
  closeDocumentPool,
  parseQuestionFile,
  parseAnswerFile,
  parseQuestionCsvFile,
  importQuestionFile,
  parseCircularInPool,
  readClassListInPool,
  verifyUploadInPool,
  renderPdfInPool,
  type DocumentPoolOptions,
} from "./pool.ts";
export { exportQuestionCsv, CSV_COLUMNS, type CsvImportResult } from "./csv.ts";
export { exportGift } from "./gift.ts";
export { exportAiken } from "./aiken.ts";
export { exportMoodleXml } from "./moodle-xml.ts";
export type { ClassListTable } from "./class-list.ts";
export type { ExchangeFormat } from "./read.ts";
export type { AnswerParseResult, ExchangeQuestion, ImagePart, ParsedQuestion, ParseWarning, QuestionParseResult, RowError } from "./types.ts";
export type { PrintDocument, SchoolPrint } from "./print/types.ts";
