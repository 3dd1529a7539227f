/**
 * Builds the small Word and PDF files the documents tests read, so every case is visible in the test itself
 * (no binary fixtures). Test-only: `docx` and `pdf-lib` are devDependencies.
 */
import {
  AlignmentType,
  Document,
  ImageRun,
  LevelFormat,
  Math as OMath,
  MathFraction,
  MathRadical,
  MathRun,
  MathSuperScript,
  Packer,
  PageBreak,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from "docx";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import { crc32, deflateRawSync } from "node:zlib";

/** A valid 1×1 PNG. */
export const TINY_PNG = Uint8Array.from(
  Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"),
);

type Child = Paragraph | Table;

/** Runs of text; `**bold**` spans become bold runs. */
function runs(text: string): TextRun[] {
  const parts = text.split(/(\*\*[^*]+\*\*)/).filter(Boolean);
  return parts.map((s) => (s.startsWith("**") ? new TextRun({ text: s.slice(2, -2), bold: true }) : new TextRun(s)));
}

/** A paragraph; `**bold**` spans become bold runs. */
export function p(text: string): Paragraph {
  return new Paragraph({ children: runs(text) });
}

/** A paragraph in Word's automatic numbering: level 0 is "1.", level 1 is "A." (the number is not in the text). */
export function auto(text: string, level: 0 | 1, reference = "paper"): Paragraph {
  return new Paragraph({ children: runs(text), numbering: { reference, level } });
}

/** A piece of a Word equation: text, a superscript, a fraction or a square root (real OMML, written by the `docx` package). */
export type MathPiece = string | { sup: [string, string] } | { frac: [string, string] } | { sqrt: string; degree?: string };

function mathChildren(pieces: MathPiece[]) {
  return pieces.map((m) =>
    typeof m === "string"
      ? new MathRun(m)
      : "sup" in m
        ? new MathSuperScript({ children: [new MathRun(m.sup[0])], superScript: [new MathRun(m.sup[1])] })
        : "frac" in m
          ? new MathFraction({ numerator: [new MathRun(m.frac[0])], denominator: [new MathRun(m.frac[1])] })
          : new MathRadical({ children: [new MathRun(m.sqrt)], degree: m.degree ? [new MathRun(m.degree)] : undefined }),
  );
}

/** A paragraph of text and Word equations: `["Evaluate ", [{ sup: ["2", "3"] }], " × 2"]` (an array is one equation). */
export function mathP(...parts: (string | MathPiece[])[]): Paragraph {
  return new Paragraph({ children: parts.map((x) => (typeof x === "string" ? new TextRun(x) : new OMath({ children: mathChildren(x) }))) });
}

/** The same as a paragraph in automatic numbering (see `auto`). */
export function autoMath(level: 0 | 1, ...parts: (string | MathPiece[])[]): Paragraph {
  return new Paragraph({
    numbering: { reference: "paper", level },
    children: parts.map((x) => (typeof x === "string" ? new TextRun(x) : new OMath({ children: mathChildren(x) }))),
  });
}

export function pageBreak(): Paragraph {
  return new Paragraph({ children: [new PageBreak()] });
}

export function picture(): Paragraph {
  return new Paragraph({ children: [new ImageRun({ type: "png", data: TINY_PNG, transformation: { width: 40, height: 40 } })] });
}

/** A table; cells use the same `**bold**` convention. */
export function grid(rows: string[][]): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: rows.map((r) => new TableRow({ children: r.map((c) => new TableCell({ children: [p(c)] })) })),
  });
}

export async function buildDocx(children: (Child | string)[], numberingLetters: "upperLetter" | "lowerLetter" = "upperLetter"): Promise<Uint8Array> {
  const doc = new Document({
    numbering: {
      config: [
        {
          reference: "paper",
          levels: [
            { level: 0, format: LevelFormat.DECIMAL, text: "%1.", alignment: AlignmentType.START },
            {
              level: 1,
              format: numberingLetters === "upperLetter" ? LevelFormat.UPPER_LETTER : LevelFormat.LOWER_LETTER,
              text: numberingLetters === "upperLetter" ? "%2." : "(%2)",
              alignment: AlignmentType.START,
            },
          ],
        },
      ],
    },
    sections: [{ children: children.map((c) => (typeof c === "string" ? p(c) : c)) }],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/** Text drawn run after run on one baseline: a smaller run raised by `rise` points is a superscript, as PDFs print x². */
export interface PdfRuns {
  runs: { text: string; size?: number; rise?: number }[];
}

export interface PdfPage {
  /**
   * Each line is drawn on its own baseline; an array is drawn as columns (an option row) at `columnGap` points apart
   * (120 unless given); `{ runs }` draws sized and raised runs.
   */
  lines: (string | string[] | PdfRuns)[];
  columnGap?: number;
  header?: string;
  footer?: string;
}

export async function buildPdf(pages: PdfPage[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const pg of pages) {
    const page = doc.addPage([595, 842]);
    if (pg.header) page.drawText(pg.header, { x: 50, y: 810, size: 9, font });
    if (pg.footer) page.drawText(pg.footer, { x: 280, y: 25, size: 9, font });
    let y = 770;
    for (const line of pg.lines) {
      if (!Array.isArray(line) && typeof line !== "string") {
        let x = 50;
        for (const r of line.runs) {
          const size = r.size ?? 11;
          page.drawText(r.text, { x, y: y + (r.rise ?? 0), size, font });
          x += font.widthOfTextAtSize(r.text, size);
        }
        y -= 18;
        continue;
      }
      const cols = typeof line === "string" ? [line] : line;
      cols.forEach((c, i) => page.drawText(c, { x: 50 + i * (pg.columnGap ?? 120), y, size: 11, font }));
      y -= 18;
    }
  }
  return doc.save();
}

/** A "scanned" PDF: a page with a picture and a drawn box, and no text at all. */
export async function buildScannedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const png = await doc.embedPng(TINY_PNG);
  page.drawImage(png, { x: 50, y: 300, width: 495, height: 500 });
  page.drawRectangle({ x: 40, y: 40, width: 100, height: 50, color: rgb(0.5, 0.5, 0.5) });
  return doc.save();
}

/**
 * A one-entry zip written by hand with native zlib (fast even for hundreds of MB of zeros), so a test can
 * build a real zip bomb, or declare a size other than the real one (`declaredSize`) as hostile files do.
 */
export function buildZip(name: string, content: Uint8Array, declaredSize = content.length): Uint8Array {
  const data = deflateRawSync(content, { level: 9 });
  const nameBytes = Buffer.from(name);
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(declaredSize, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  const cdOffset = local.length + nameBytes.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(cdOffset, 16);
  return new Uint8Array(Buffer.concat([local, nameBytes, data, central, nameBytes, end]));
}

/**
 * A minimal Word 97 binary (.doc): an OLE compound file holding a WordDocument stream (a FIB and 8-bit text)
 * and a 1Table stream (one text piece). It is what Word writes for plain paragraphs, without formatting,
 * so `word-extractor` reads it exactly as it reads Word's own files. npm has no .doc writer to use instead.
 */
export function buildDoc(paragraphs: string[]): Uint8Array {
  const SECTOR = 512;
  const text = Buffer.from(paragraphs.join("\r") + "\r", "latin1");
  const TEXT_AT = 0x800;
  const word = Buffer.alloc(Math.max(4096, TEXT_AT + text.length + SECTOR) & ~(SECTOR - 1));
  word.writeUInt16LE(0xa5ec, 0); // wIdent
  word.writeUInt16LE(0x00c1, 2); // nFib (Word 97)
  word.writeUInt16LE(0x0200, 0x0a); // fWhichTblStm: the table stream is 1Table
  word.writeUInt32LE(TEXT_AT, 0x18); // fcMin
  word.writeUInt32LE(TEXT_AT + text.length, 0x1c); // fcMac
  word.writeUInt32LE(text.length, 0x4c); // ccpText
  word.writeUInt32LE(0, 0x1a2); // fcClx (in 1Table)
  text.copy(word, TEXT_AT);
  // Clx: one Pcdt (0x02, size, PlcPcd { cp[0], cp[1], Pcd }). fc with bit 30 set = 8-bit text at fc / 2.
  const plcPcd = Buffer.alloc(4 + 4 + 8);
  plcPcd.writeUInt32LE(0, 0);
  plcPcd.writeUInt32LE(text.length, 4);
  plcPcd.writeUInt32LE((0x40000000 | (TEXT_AT * 2)) >>> 0, 8 + 2);
  const clx = Buffer.concat([Buffer.from([0x02]), Buffer.alloc(4), plcPcd]);
  clx.writeUInt32LE(plcPcd.length, 1);
  word.writeUInt32LE(clx.length, 0x1a6); // lcbClx
  const table = Buffer.alloc(4096);
  clx.copy(table, 0);

  // Compound file: header, 1 FAT sector, 1 directory sector, then the two streams (each ≥ 4096 bytes, so no mini stream).
  const wordStart = 2;
  const wordSectors = word.length / SECTOR;
  const tableStart = wordStart + wordSectors;
  const tableSectors = table.length / SECTOR;
  const total = tableStart + tableSectors;
  const END = 0xfffffffe;
  const fat = Buffer.alloc(SECTOR, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // the FAT sector itself
  fat.writeUInt32LE(END, 4); // the directory
  for (let s = wordStart; s < total; s++) {
    const last = s === tableStart - 1 || s === total - 1;
    fat.writeUInt32LE(last ? END : s + 1, s * 4);
  }
  const header = Buffer.alloc(SECTOR);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  header.writeUInt16LE(6, 32);
  header.writeUInt32LE(1, 44); // FAT sectors
  header.writeUInt32LE(1, 48); // first directory sector
  header.writeUInt32LE(4096, 56); // mini stream cutoff
  header.writeUInt32LE(END, 60); // no mini FAT
  header.writeUInt32LE(END, 68); // no DIFAT sectors
  header.fill(0xff, 76);
  header.writeUInt32LE(0, 76); // DIFAT[0] = sector 0
  const dir = Buffer.alloc(SECTOR);
  const entry = (i: number, name: string, type: number, child: number, left: number, right: number, start: number, size: number) => {
    const o = i * 128;
    dir.write(name, o, "utf16le");
    dir.writeUInt16LE((name.length + 1) * 2, o + 64);
    dir.writeUInt8(type, o + 66);
    dir.writeUInt8(1, o + 67);
    dir.writeInt32LE(left, o + 68);
    dir.writeInt32LE(right, o + 72);
    dir.writeInt32LE(child, o + 76);
    dir.writeUInt32LE(start >>> 0, o + 116);
    dir.writeUInt32LE(size, o + 120);
  };
  entry(0, "Root Entry", 5, 1, -1, -1, END, 0);
  entry(1, "WordDocument", 2, -1, 2, -1, wordStart, word.length);
  entry(2, "1Table", 2, -1, -1, -1, tableStart, table.length);
  for (let i = 3; i < 4; i++) {
    dir.writeInt32LE(-1, i * 128 + 68);
    dir.writeInt32LE(-1, i * 128 + 72);
    dir.writeInt32LE(-1, i * 128 + 76);
  }
  return new Uint8Array(Buffer.concat([header, fat, dir, word, table]));
}
