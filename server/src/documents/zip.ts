import { unzipSync } from "fflate";
import { DocumentError, DOCUMENT_MESSAGES, unsupportedType } from "./errors.ts";

/** What a DOCX may unpack to: a 100-page paper with pictures is a few MB; this leaves ample room. */
export const MAX_UNPACKED_BYTES = 60 * 1024 * 1024;
/** More entries than any real Word file has. */
const MAX_ENTRIES = 5000;

/**
 * Unpacks the wanted entries of a zip, refusing zip bombs by the sizes the central directory declares.
 * fflate inflates each entry into a buffer of its declared size, so an entry that lies about its size
 * is cut short (and then fails to parse) rather than growing without bound.
 */
export function unzipLimited(bytes: Uint8Array, wanted: (name: string) => boolean): Map<string, Uint8Array> {
  let declared = 0;
  let entries = 0;
  let bomb = false;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (f) => {
        entries++;
        if (!wanted(f.name)) return false;
        declared += f.originalSize;
        if (declared > MAX_UNPACKED_BYTES || entries > MAX_ENTRIES) {
          bomb = true;
          throw new Error("zip bomb");
        }
        return true;
      },
    });
  } catch (e) {
    if (bomb) throw new DocumentError(413, DOCUMENT_MESSAGES.zipBomb);
    throw new DocumentError(422, DOCUMENT_MESSAGES.damagedDocx);
  }
  return new Map(Object.entries(files));
}

/** A zip that is not a Word document (an .xlsx, a .zip of photos) is the wrong type, not a damaged file. */
export function requireEntry(files: Map<string, Uint8Array>, name: string): Uint8Array {
  const f = files.get(name);
  if (!f) throw unsupportedType();
  return f;
}
