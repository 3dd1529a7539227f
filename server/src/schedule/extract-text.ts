/**
 * Plain text of an uploaded circular, judged by its bytes (never by its name): a PDF through `unpdf`,
 * a DOCX through `mammoth`. The document module of another issue will own this later; the schedule
 * parser only needs text.
 */
import mammoth from "mammoth";
import { extractText as extractPdfText, getDocumentProxy } from "unpdf";

export type CircularFileKind = "pdf" | "docx";

/** The bytes are neither a PDF nor a DOCX (answer 415). */
export class UnsupportedDocumentError extends Error {}

/** The bytes claim to be a PDF or DOCX but cannot be read: damaged, encrypted or hostile (answer 400). */
export class UnreadableDocumentError extends Error {}

/** "pdf", "docx", or null when the bytes are neither (a DOCX is a zip holding word/document.xml). */
export function sniffDocument(bytes: Uint8Array): CircularFileKind | null {
  const head = Buffer.from(bytes.subarray(0, 5)).toString("latin1");
  if (head === "%PDF-") return "pdf";
  if (head.startsWith("PK\x03\x04") && Buffer.from(bytes).includes("word/document.xml")) return "docx";
  return null;
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  // verbosity 0: pdf.js reports errors only (a damaged file is our error to report, not console noise).
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    const { text } = await extractPdfText(pdf, { mergePages: true });
    return text;
  } finally {
    await pdf.destroy();
  }
}

/**
 * The document's text, lines separated by "\n" (DOCX paragraphs by a blank line). Throws
 * UnsupportedDocumentError for other bytes and UnreadableDocumentError for a damaged file.
 */
export async function extractText(bytes: Uint8Array): Promise<string> {
  const kind = sniffDocument(bytes);
  if (!kind) throw new UnsupportedDocumentError("Only .pdf and .docx files can be parsed");
  try {
    if (kind === "pdf") return await pdfText(bytes);
    return (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
  } catch (e) {
    throw new UnreadableDocumentError(`The ${kind === "pdf" ? "PDF" : "Word"} file could not be read`, { cause: e });
  }
}
