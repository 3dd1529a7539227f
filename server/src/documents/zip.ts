import zlib from "node:zlib";
import { unzipSync } from "fflate";
import { DocumentError, DOCUMENT_MESSAGES, unsupportedType } from "./errors.ts";

/**
 * What any uploaded zip (a .docx, an .xlsx) may unpack to, all entries together: a 100-page paper with
 * pictures is a few MB, a class list of 2,000 pupils well under 1 MB; this leaves ample room.
 */
export const MAX_UNPACKED_BYTES = 60 * 1024 * 1024;
/**
 * What one XML part may unpack to. The readers (mammoth, ExcelJS, our own XML reader) hold a part as a
 * string and then a tree several times its size, in a worker whose heap is 256 MB; a V8 heap running out
 * while flattening a string aborts the whole process, worker limits or not (issue 25). Word's own
 * document.xml for a 100-page paper is 2–5 MB.
 */
export const MAX_XML_PART_BYTES = 16 * 1024 * 1024;
/** More entries than any real Word or Excel file has. */
export const MAX_ENTRIES = 5000;

export type ZipEntry = {
  name: string;
  method: number;
  compressedSize: number;
  /** What the central directory says the entry unpacks to (it may lie: `verifyZip` checks). */
  size: number;
  localOffset: number;
};

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;

const bomb = () => new DocumentError(413, DOCUMENT_MESSAGES.zipBomb);
const damaged = () => new DocumentError(422, DOCUMENT_MESSAGES.damagedZip);

const isXmlPart = (name: string) => /\.(xml|rels|vml)$/i.test(name);

/** A zip starts with a local file header. */
export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/**
 * The entries of a zip's central directory, read without inflating anything; null when the bytes are not a
 * readable zip. ZIP64 sizes (0xFFFFFFFF) are read from their extra field.
 */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.length < 22 || !isZip(data)) return null;
  // The end record sits in the last 22 bytes plus a comment of up to 65,535 bytes.
  let end = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === ZIP_END) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  // A count of 0xFFFF means ZIP64 (more entries than the 16-bit field holds): walk until the records end.
  for (let n = 0; count === 0xffff || n < count; n++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== ZIP_CENTRAL) {
      if (count === 0xffff) break;
      return null;
    }
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    if (at + 46 + nameLength + extraLength > data.length) return null;
    let size = data.readUInt32LE(at + 24);
    let compressedSize = data.readUInt32LE(at + 20);
    let localOffset = data.readUInt32LE(at + 42);
    if (size === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff) {
      // ZIP64 extended information: the 64-bit values, in this order, for the fields that are 0xFFFFFFFF.
      let x = at + 46 + nameLength;
      const xEnd = x + extraLength;
      let found = false;
      while (x + 4 <= xEnd) {
        const id = data.readUInt16LE(x);
        const len = data.readUInt16LE(x + 2);
        if (id === 0x0001) {
          let p = x + 4;
          const next = () => {
            if (p + 8 > x + 4 + len) throw damaged();
            const v = Number(data.readBigUInt64LE(p));
            p += 8;
            return v;
          };
          if (size === 0xffffffff) size = next();
          if (compressedSize === 0xffffffff) compressedSize = next();
          if (localOffset === 0xffffffff) localOffset = next();
          found = true;
          break;
        }
        x += 4 + len;
      }
      if (!found) return null;
    }
    entries.push({
      name: data.subarray(at + 46, at + 46 + nameLength).toString("utf8"),
      method: data.readUInt16LE(at + 10),
      compressedSize,
      size,
      localOffset,
    });
    if (entries.length > MAX_ENTRIES) throw bomb();
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * The cheap half of the guard, on the request thread: the sizes the central directory declares, before
 * anything is unpacked. Throws 413 for too many entries or too many declared bytes, 422 for a broken zip.
 */
export function checkZipDeclared(bytes: Uint8Array): ZipEntry[] {
  const entries = zipEntries(bytes);
  if (!entries) throw damaged();
  let total = 0;
  for (const e of entries) {
    total += e.size;
    if (total > MAX_UNPACKED_BYTES || (isXmlPart(e.name) && e.size > MAX_XML_PART_BYTES)) throw bomb();
  }
  return entries;
}

/**
 * The full guard, in the document worker before any reader sees the file: every entry is inflated with a
 * ceiling on its output (its declared size, and what is left of the budget), so an entry that lies about its
 * size is caught when it passes what it declared, never unpacked in full. Output is thrown away at once:
 * the readers then unpack a file known to be small.
 */
export function verifyZip(bytes: Uint8Array): void {
  const entries = checkZipDeclared(bytes);
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let budget = MAX_UNPACKED_BYTES;
  for (const e of entries) {
    if (e.localOffset + 30 > data.length || data.readUInt32LE(e.localOffset) !== ZIP_LOCAL) throw damaged();
    const start = e.localOffset + 30 + data.readUInt16LE(e.localOffset + 26) + data.readUInt16LE(e.localOffset + 28);
    if (start + e.compressedSize > data.length) throw damaged();
    const packed = data.subarray(start, start + e.compressedSize);
    const ceiling = Math.min(e.size, budget, isXmlPart(e.name) ? MAX_XML_PART_BYTES : Infinity);
    let actual: number;
    if (e.method === 0) actual = packed.length;
    else if (e.method === 8) {
      try {
        // One byte over what it may be is enough to know it lies.
        actual = zlib.inflateRawSync(packed, { maxOutputLength: ceiling + 1 }).length;
      } catch (err) {
        if ((err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw bomb();
        throw damaged();
      }
    } else throw damaged();
    if (actual > ceiling) throw bomb();
    budget -= actual;
  }
}

/**
 * Unpacks the wanted entries of a zip (the guard has already checked what every entry unpacks to).
 * The declared sizes are checked again here, so a reader called without the guard still refuses a bomb.
 */
export function unzipLimited(bytes: Uint8Array, wanted: (name: string) => boolean): Map<string, Uint8Array> {
  if (!zipEntries(bytes)) throw new DocumentError(422, DOCUMENT_MESSAGES.damagedDocx);
  checkZipDeclared(bytes);
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (f) => wanted(f.name) });
  } catch {
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
