import { importAiken } from "./aiken.ts";
import { parseQuestionCsv, type CsvImportResult } from "./csv.ts";
import { importGift } from "./gift.ts";
import { importMoodleXml } from "./moodle-xml.ts";
import { readDoc } from "./read-doc.ts";
import { readDocx } from "./read-docx.ts";
import { readPdf } from "./read-pdf.ts";
import { recogniseAnswers } from "./recognise-answers.ts";
import { recogniseQuestions } from "./recognise-questions.ts";
import { sniffDocument } from "./sniff.ts";
import { DocumentError, DOCUMENT_MESSAGES } from "./errors.ts";
import { isScannerWatermark } from "./ocr/watermark.ts";
import type { AnswerParseResult, ExchangeQuestion, ParseWarning, QuestionParseResult, TextLine } from "./types.ts";

/** In-thread reading, by the file's content. The pool runs these inside a worker; tests and the benchmark may call them directly. */
export async function readDocumentLines(bytes: Uint8Array): Promise<TextLine[]> {
  const kind = sniffDocument(bytes);
  if (kind === "pdf") {
    // A scanner app's stamp ("Scanned with CamScanner") is not the paper's text: a PDF with only that has no text
    // layer of its own, and the pool reads its pages by OCR instead.
    const lines = (await readPdf(bytes)).filter((l) => !isScannerWatermark(l.text));
    if (!lines.some((l) => l.text.trim())) throw new DocumentError(422, DOCUMENT_MESSAGES.noTextLayer);
    return lines;
  }
  if (kind === "docx") return readDocx(bytes);
  return readDoc(bytes);
}

export async function readQuestionDocument(bytes: Uint8Array): Promise<QuestionParseResult> {
  return recogniseQuestions(await readDocumentLines(bytes));
}

export async function readAnswerDocument(bytes: Uint8Array): Promise<AnswerParseResult> {
  return recogniseAnswers(await readDocumentLines(bytes));
}

export type ExchangeFormat = "gift" | "aiken" | "moodle-xml";

export function readExchange(bytes: Uint8Array, format: ExchangeFormat): { questions: ExchangeQuestion[]; warnings: ParseWarning[] } {
  const text = new TextDecoder("utf-8").decode(bytes);
  if (format === "gift") return importGift(text);
  if (format === "aiken") return importAiken(text);
  return importMoodleXml(text);
}

export function readCsv(bytes: Uint8Array): CsvImportResult {
  return parseQuestionCsv(bytes);
}
