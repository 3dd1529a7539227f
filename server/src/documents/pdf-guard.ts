import zlib from "node:zlib";
import { DocumentError, DOCUMENT_MESSAGES } from "./errors.ts";
import { MAX_UNPACKED_BYTES, MAX_XML_PART_BYTES } from "./zip.ts";

/**
 * The upload guard's check of a PDF (issue 25 item 1): a 320 KB PDF whose one content stream inflates to
 * 315 MB kills the process through pdf.js, worker limits or not, exactly as a .docx bomb does. Before pdf.js
 * sees a PDF, every stream's filters are read from its dictionary and each Flate step is inflated against a
 * ceiling (16 MB a stream, 60 MB in all, the zip limits): past it the file is refused with 413.
 * - Filters that only shrink or are never decoded for text (ASCIIHex, ASCII85 before nothing else, DCT, JPX,
 *   CCITT, JBIG2) are left alone; LZW and RunLength (which pdf.js would expand without a bound, and which
 *   no modern writer uses for text) and any filter before a Flate step are refused (422).
 * - An encrypted PDF's streams cannot be measured before decryption: refused (422), as Word never encrypts
 *   an exported paper unless asked for a password.
 */

const STREAM = Buffer.from("stream");
const ENDSTREAM = Buffer.from("endstream");
const NAME = /\/(\w+)/g;

const bomb = () => new DocumentError(413, DOCUMENT_MESSAGES.zipBomb);
const refused = (message: string) => new DocumentError(422, message);

export function verifyPdf(bytes: Uint8Array): void {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (/\/Encrypt\s/.test(data.subarray(Math.max(0, data.length - 4096)).toString("latin1")) || data.includes("/Encrypt ") || data.includes("/Encrypt\n"))
    throw refused(DOCUMENT_MESSAGES.encryptedPdf);
  let budget = MAX_UNPACKED_BYTES;
  let at = 0;
  for (;;) {
    const s = data.indexOf(STREAM, at);
    if (s < 0) return;
    at = s + STREAM.length;
    // "endstream" also contains "stream"; only a keyword right after a dictionary's ">>" opens a stream.
    const before = data.subarray(Math.max(0, s - 2048), s).toString("latin1");
    if (!/>>\s*$/.test(before) || data.subarray(s - 3, s).toString("latin1") === "end") continue;
    let start = at;
    if (data[start] === 0x0d) start++;
    if (data[start] === 0x0a) start++;
    const end = data.indexOf(ENDSTREAM, start);
    const dict = before.slice(before.lastIndexOf("obj") >= 0 ? before.lastIndexOf("obj") : 0);
    const filterMatch = /\/Filter\s*(\[[^\]]*\]|\/\w+)/.exec(dict);
    const filters = filterMatch ? [...filterMatch[1].matchAll(NAME)].map((m) => m[1]) : [];
    let content = data.subarray(start, end < 0 ? data.length : end);
    let expanded = false;
    for (const f of filters) {
      if (f === "FlateDecode" || f === "Fl") {
        content = inflateWithin(content, Math.min(MAX_XML_PART_BYTES, budget));
        expanded = true;
      } else if (f === "LZWDecode" || f === "LZW" || f === "RunLengthDecode" || f === "RL") throw refused(DOCUMENT_MESSAGES.oldPdfCompression);
      else if (expanded || filters.indexOf(f) < filters.length - 1) {
        // A filter before a Flate step (its input would have to be decoded first) is not measured: refused.
        if (filters.slice(filters.indexOf(f) + 1).some((g) => g === "FlateDecode" || g === "Fl")) throw refused(DOCUMENT_MESSAGES.oldPdfCompression);
      }
    }
    if (expanded) budget -= content.length;
    if (end >= 0) at = end + ENDSTREAM.length;
  }
}

/** Inflates a zlib (or, damaged, raw) stream, refusing it once it passes `ceiling` bytes; a damaged stream counts what it gave. */
function inflateWithin(packed: Buffer, ceiling: number): Buffer {
  const options = { maxOutputLength: ceiling + 1, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  for (const attempt of [() => zlib.inflateSync(packed, options), () => zlib.inflateRawSync(packed.subarray(2), options)]) {
    try {
      const out = attempt();
      if (out.length > ceiling) throw bomb();
      return out;
    } catch (e) {
      if (e instanceof DocumentError) throw e;
      if ((e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw bomb();
    }
  }
  // Neither reads it: pdf.js cannot either, and will refuse the file as damaged.
  return Buffer.alloc(0);
}
