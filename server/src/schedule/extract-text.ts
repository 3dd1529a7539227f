/**
 * Plain text of an uploaded circular, judged by its bytes (never by its name): a PDF through `unpdf`,
 * a DOCX through `mammoth`. The document module of another issue will own this later; the schedule
 * parser only needs text.
 */
import mammoth from "mammoth";
import { extractText as extractPdfText, getDocumentProxy } from "unpdf";

export type CircularFileKind = "pdf" | "docx";

export class UnsupportedDocumentError extends Error {}

/** "pdf", "docx", or null when the bytes are neither (a DOCX is a zip holding word/document.xml). */
export function sniffDocument(bytes: Uint8Array): CircularFileKind | null {
  const head = Buffer.from(bytes.subarray(0, 5)).toString("latin1");
  if (head === "%PDF-") return "pdf";
  if (head.startsWith("PK\x03\x04") && Buffer.from(bytes).includes("word/document.xml")) return "docx";
  return null;
}

/** The document's text, lines separated by "\n", paragraphs (where the format keeps them) by a blank line. */
export async function extractText(bytes: Uint8Array): Promise<string> {
  const kind = sniffDocument(bytes);
  if (kind === "pdf") {
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    try {
      const { text } = await extractPdfText(pdf, { mergePages: true });
      return text;
    } finally {
      await pdf.destroy();
    }
  }
  if (kind === "docx") {
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    return value;
  }
  throw new UnsupportedDocumentError("Only .pdf and .docx files can be parsed");
}
