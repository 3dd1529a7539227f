/**
 * Builds real circular files for tests: a DOCX through the `docx` library (a dev dependency) and a
 * PDF written by hand (one page per 45 lines, Helvetica, WinAnsi text), so parsing is tested on bytes
 * a word processor or printer could have made, not on strings.
 */
import { Document, Packer, Paragraph, TextRun } from "docx";

/** A DOCX whose paragraphs are `paragraphs` (bold when the paragraph is all capitals, like a heading). */
export async function buildCircularDocx(paragraphs: string[]): Promise<Uint8Array> {
  const doc = new Document({
    sections: [
      {
        children: paragraphs.map((p) => new Paragraph({ children: [new TextRun({ text: p, bold: p !== "" && p === p.toUpperCase() && /[A-Z]/.test(p) })] })),
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

function pdfString(s: string): string {
  // WinAnsi covers the en dash; PDF strings escape backslash and parentheses.
  const encoded = Buffer.from(s.replace(/–/g, "\x96").replace(/—/g, "\x97"), "latin1").toString("latin1");
  return `(${encoded.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/** A PDF showing `lines`, one text line each (an empty string leaves a blank line). */
export function buildCircularPdf(lines: string[]): Uint8Array {
  const perPage = 45;
  const pages: string[][] = [];
  for (let i = 0; i < Math.max(lines.length, 1); i += perPage) pages.push(lines.slice(i, i + perPage));
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) + 0; // object number = index + 1
  add("<< /Type /Catalog /Pages 2 0 R >>");
  add(""); // pages, filled in below
  add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const kids: number[] = [];
  for (const page of pages) {
    const ops = ["BT", "/F1 11 Tf", "14 TL", "56 790 Td"];
    for (const line of page) ops.push(`${pdfString(line)} Tj T*`);
    ops.push("ET");
    const stream = ops.join("\n");
    const contentNo = add(`<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentNo} 0 R >>`));
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}
