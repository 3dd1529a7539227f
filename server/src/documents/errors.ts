/** A refusal the routes can answer directly as `{ error: message }` with `status`. */
export class DocumentError extends Error {
  constructor(
    public readonly status: 413 | 415 | 422 | 503,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "DocumentError";
  }
}

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** Questions one CSV may hold: a year's papers for a subject are a few hundred. */
export const MAX_CSV_QUESTIONS = 5000;

export const DOCUMENT_MESSAGES = {
  unsupported: "Unsupported file type. Please upload a PDF, DOC, or DOCX file.",
  tooLarge: "File too large. The limit is 10 MB.",
  noTextLayer: "This PDF has no text layer (it looks scanned). Export it from Word, or type the questions in the CSV template.",
  zipBomb: "This file unpacks to far more data than a school document holds, so it was refused.",
  tooManyQuestions: "This file holds more than 5,000 questions. Split it into smaller files.",
  notCsv: "This is not a CSV file. Save the sheet as CSV (comma separated) and upload that.",
  notText: "This is not a GIFT, Aiken or Moodle XML file (those are plain text).",
  circularType: "Only .pdf and .docx files can be parsed",
  encryptedPdf: "This PDF is protected with a password, so it cannot be read. Export it again without a password.",
  oldPdfCompression: "This PDF uses an old kind of compression that cannot be read safely. Export it again from Word or print it to PDF.",
  damagedZip: "This file is damaged and could not be read. Open it and save it again.",
  damagedDocx: "This Word file is damaged and could not be read. Open it in Word and save it again.",
  damagedPdf: "This PDF is damaged and could not be read. Export it again and retry.",
  damagedDoc: "This .doc file could not be read. Save it as .docx in Word and retry.",
  tooSlow: "This file took too long to read, so reading it was stopped. Split it into smaller files or save it again.",
  busy: "The document reader is busy. Please try again in a minute.",
  crashed: "This file could not be read (the reader stopped on it). Save it again, or type the questions in the CSV template.",
} as const;

export const unsupportedType = () => new DocumentError(415, DOCUMENT_MESSAGES.unsupported);
