import { DocumentError, DOCUMENT_MESSAGES, MAX_DOCUMENT_BYTES, unsupportedType } from "./errors.ts";

export type DocumentKind = "pdf" | "docx" | "doc";

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((x, i) => b[at + i] === x);

/**
 * The file's type from its first bytes, never from its name: a PNG renamed .pdf is refused.
 * A zip is only a candidate DOCX here; `readDocx` then requires `word/document.xml` inside it.
 */
export function sniffDocument(bytes: Uint8Array): DocumentKind {
  if (bytes.length > MAX_DOCUMENT_BYTES) throw new DocumentError(413, DOCUMENT_MESSAGES.tooLarge);
  // "%PDF-" may follow a little junk (some generators prepend a BOM or whitespace); readers allow 1 KB.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  if (head.startsWith("%PDF-") || (head.includes("%PDF-") && head.indexOf("%PDF-") < 1024)) return "pdf";
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return "docx";
  if (startsWith(bytes, OLE)) return "doc";
  throw unsupportedType();
}
