import WordExtractor from "word-extractor";
import { DocumentError, DOCUMENT_MESSAGES } from "./errors.ts";
import type { TextLine } from "./types.ts";

/** Reads an old binary .doc (Word 97–2003) into lines of plain text: no bold, no automatic numbers, no pictures. */
export async function readDoc(bytes: Uint8Array): Promise<TextLine[]> {
  try {
    const doc = await new WordExtractor().extract(Buffer.from(bytes));
    return doc
      .getBody()
      .split(/\r\n|\r|\n/)
      .map((text) => ({ text }));
  } catch {
    throw new DocumentError(422, DOCUMENT_MESSAGES.damagedDoc);
  }
}
