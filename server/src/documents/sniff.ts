import { DocumentError, DOCUMENT_MESSAGES, MAX_DOCUMENT_BYTES, unsupportedType } from "./errors.ts";
import { checkZipDeclared, isZip, verifyZip, zipEntries } from "./zip.ts";
import { verifyPdf } from "./pdf-guard.ts";

export type DocumentKind = "pdf" | "docx" | "doc";

/**
 * Every kind of upload the server tells apart, by content alone: `zip` is a zip that is neither a Word
 * nor an Excel file, `ole` an OLE2 compound file (.doc, .xls), `text` bytes with no NUL in their first 8 KB
 * (CSV, GIFT, Aiken, Moodle XML), `unknown` anything else.
 */
export type UploadKind = "pdf" | "docx" | "xlsx" | "zip" | "ole" | "png" | "jpeg" | "gif" | "webp" | "bmp" | "text" | "unknown";

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (b: Uint8Array, sig: number[], at = 0) => b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);

/** "%PDF-" within the first 1 KB (some generators prepend a BOM or whitespace; PDF readers allow it). */
function isPdfBytes(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(1024, bytes.byteLength)).toString("latin1");
  return head.includes("%PDF-");
}

/**
 * THE sniffer (issue 25): what an upload is, judged by its bytes, never by its name or declared type. A zip
 * is told apart by its central directory (a .docx holds word/document.xml, an .xlsx xl/workbook.xml);
 * nothing is inflated here.
 */
export function sniffUpload(bytes: Uint8Array): UploadKind {
  if (isPdfBytes(bytes)) return "pdf";
  if (isZip(bytes)) {
    let names: string[] | null = null;
    try {
      names = zipEntries(bytes)?.map((e) => e.name) ?? null;
    } catch {
      names = null; // too many entries: still a zip (the guard refuses it by its size)
    }
    if (names?.includes("word/document.xml")) return "docx";
    if (names?.includes("xl/workbook.xml")) return "xlsx";
    return "zip";
  }
  if (startsWith(bytes, OLE)) return "ole";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return "gif";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  if (startsWith(bytes, [0x42, 0x4d])) return "bmp";
  if (bytes.length > 0 && !bytes.subarray(0, 8192).includes(0)) return "text";
  return "unknown";
}

/**
 * A question paper's kind (.pdf, .docx, .doc). A zip is only a candidate DOCX here; `readDocx` then
 * requires `word/document.xml` inside it (a zip of photos is the wrong type, a broken zip a damaged file).
 */
export function sniffDocument(bytes: Uint8Array): DocumentKind {
  if (bytes.length > MAX_DOCUMENT_BYTES) throw new DocumentError(413, DOCUMENT_MESSAGES.tooLarge);
  if (isPdfBytes(bytes)) return "pdf";
  if (isZip(bytes)) return "docx";
  if (startsWith(bytes, OLE)) return "doc";
  throw unsupportedType();
}

/** What `guardUpload` accepts, and the refusal for anything else. */
export type UploadRule = { accept: readonly UploadKind[]; refuse: () => DocumentError };

/**
 * The cheap half of the one upload guard, on the request thread before anything is unpacked: the size
 * (413), the kind by content (415 unless accepted), and for a zip the sizes and entry count its central
 * directory declares (413). The worker pool runs the full check (`verifyUpload`) before any reader opens
 * the file. Answers the kind.
 */
export function guardUpload(bytes: Uint8Array, rule: UploadRule): UploadKind {
  if (bytes.length > MAX_DOCUMENT_BYTES) throw new DocumentError(413, DOCUMENT_MESSAGES.tooLarge);
  const kind = sniffUpload(bytes);
  if (!rule.accept.includes(kind)) throw rule.refuse();
  if (isZip(bytes)) checkZipDeclared(bytes);
  return kind;
}

/**
 * The full half of the guard, in the document worker before any reader (mammoth, ExcelJS, pdf.js, our own
 * DOCX reader) opens the file: a zip's every entry, and a PDF's every Flate stream (pdf-guard.ts), is
 * inflated against a ceiling, so one that lies about its size is refused (413) having unpacked at most its budget. A zip with no readable directory is left to the
 * reader, which refuses it as damaged.
 */
export function verifyUpload(bytes: Uint8Array): void {
  if (bytes.length > MAX_DOCUMENT_BYTES) throw new DocumentError(413, DOCUMENT_MESSAGES.tooLarge);
  if (isZip(bytes) && zipEntries(bytes)) verifyZip(bytes);
  else if (isPdfBytes(bytes)) verifyPdf(bytes);
}
