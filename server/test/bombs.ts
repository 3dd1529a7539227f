/**
 * Hostile uploads for the upload guard's tests (issue 25 item 1): zip bombs built without ever holding
 * their unpacked bytes. A deflate stream of one repeated chunk is made once with a full flush (which
 * resets the compressor's window), so the same compressed bytes stand for every further copy of the chunk:
 * a 315 MB entry costs ~300 KB and a few milliseconds.
 */
import zlib from "node:zlib";

const CHUNK = 1024 * 1024;

type Entry = { name: string; data: Buffer; crc: number; size: number; method: 0 | 8 };

/** A stored (deflated) entry whose content is `prefix` + `copies` × 1 MB of `fill` + `suffix`. */
export function bombEntry(name: string, prefix: string, fill: string, copies: number, suffix: string): Entry {
  const chunk = Buffer.alloc(CHUNK, fill);
  const head = Buffer.from(prefix, "utf8");
  const tail = Buffer.from(suffix, "utf8");
  const full = (b: Buffer) => zlib.deflateRawSync(b, { finishFlush: zlib.constants.Z_FULL_FLUSH, level: 9 });
  // Each piece is its own raw deflate stream ending on a byte boundary with the window reset: concatenated,
  // they read as one stream (the last piece, finished normally, carries the final-block bit).
  const parts = [full(head)];
  const body = full(chunk);
  for (let i = 0; i < copies; i++) parts.push(body);
  parts.push(zlib.deflateRawSync(tail, { level: 9 }));
  let crc = zlib.crc32(head);
  for (let i = 0; i < copies; i++) crc = zlib.crc32(chunk, crc);
  crc = zlib.crc32(tail, crc);
  return { name, data: Buffer.concat(parts), crc, size: head.length + copies * CHUNK + tail.length, method: 8 };
}

/** A small entry, deflated. */
export function plainEntry(name: string, text: string): Entry {
  const raw = Buffer.from(text, "utf8");
  return { name, data: zlib.deflateRawSync(raw), crc: zlib.crc32(raw), size: raw.length, method: 8 };
}

/**
 * A zip of `entries`. `declare` may make the central directory and local headers lie about the unpacked
 * size (the bomb that says it is small).
 */
export function zipOf(entries: Entry[], declare: (e: Entry) => number = (e) => e.size): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    const size = declare(e);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(e.crc >>> 0, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const CONTENT_TYPES_DOCX =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS_DOCX =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';
const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

/** A .docx whose word/document.xml is one paragraph of `mb` MB of "A" (issue 25: 312 KB that unpacks to 315 MB). */
export function docxBomb(mb = 315, opts: { lie?: boolean } = {}): Buffer {
  const doc = bombEntry(
    "word/document.xml",
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>`,
    "A",
    mb,
    "</w:t></w:r></w:p></w:body></w:document>",
  );
  const entries = [plainEntry("[Content_Types].xml", CONTENT_TYPES_DOCX), plainEntry("_rels/.rels", RELS_DOCX), doc];
  return zipOf(entries, opts.lie ? (e) => Math.min(e.size, 2000) : undefined);
}

const CONTENT_TYPES_XLSX =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>';
const RELS_XLSX =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
  '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';

/** An .xlsx whose one sheet holds `mb` MB of an inline string (the workbook itself is small: only the sheet is the bomb). */
export function xlsxBomb(mb = 315, opts: { lie?: boolean } = {}): Buffer {
  const sheet = bombEntry(
    "xl/worksheets/sheet1.xml",
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>',
    "B",
    mb,
    "</t></is></c></row></sheetData></worksheet>",
  );
  const entries = [
    plainEntry("[Content_Types].xml", CONTENT_TYPES_XLSX),
    plainEntry("_rels/.rels", RELS_XLSX),
    plainEntry("xl/workbook.xml", WORKBOOK),
    plainEntry("xl/_rels/workbook.xml.rels", WORKBOOK_RELS),
    sheet,
  ];
  return zipOf(entries, opts.lie ? (e) => Math.min(e.size, 2000) : undefined);
}

/** A zip of `count` tiny entries (the entry-count cap). */
export function manyEntriesZip(count: number): Buffer {
  const entries = [plainEntry("[Content_Types].xml", CONTENT_TYPES_DOCX), plainEntry("word/document.xml", `<w:document xmlns:w="${W}"><w:body/></w:document>`)];
  for (let i = 0; i < count; i++) entries.push(plainEntry(`word/media/p${i}.png`, "x"));
  return zipOf(entries);
}

/** A CSV of about `mb` MB: a header and many rows (larger than the upload limit when mb > 10). */
export function hugeCsv(mb: number): Buffer {
  const row = "2024,Mathematics,A,Algebra,What is 1 + 1?,1,2,3,4,,B\r\n";
  const header = "year,subject,section,topic,question,optionA,optionB,optionC,optionD,optionE,correctOption\r\n";
  return Buffer.concat([Buffer.from(header), Buffer.alloc(mb * 1024 * 1024, row)]);
}

/**
 * A one-page PDF whose content stream (FlateDecode) unpacks to `mb` MB of a text-drawing operator: the
 * reader (pdf.js) would inflate it all to read the page's text. The zlib trailer's checksum is left zero:
 * the guard refuses the stream long before reaching it.
 */
export function pdfBomb(mb = 315): Buffer {
  const e = bombEntry("content", "BT /F1 12 Tf 72 720 Td (", "A", mb, ") Tj ET");
  const stream = Buffer.concat([Buffer.from([0x78, 0xda]), e.data, Buffer.alloc(4)]);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    null,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n")];
  const offsets: number[] = [];
  let at = parts[0].length;
  objects.forEach((o, i) => {
    offsets.push(at);
    const body =
      o === null
        ? Buffer.concat([
            Buffer.from(`${i + 1} 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`),
            stream,
            Buffer.from("\nendstream\nendobj\n"),
          ])
        : Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`);
    parts.push(body);
    at += body.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`));
  return Buffer.concat(parts);
}
