import { AlignmentType, Document, HeadingLevel, ImageRun, Packer, Paragraph, ShadingType, Table, TableCell, TableRow, TextRun, WidthType } from "docx";
import { scoreColor, type ReportCell, type ReportColumn, type ReportResult } from "@adesua/domain";
import { chartPng } from "./report-chart";
import { csvDocument } from "../../lib/csv-writer";

/** "BECE Readiness" on 2026-11-22 → "bece-readiness-2026-11-22" (spec §9: exports use name and ISO date). */
export function reportFileBase(report: Pick<ReportResult, "name" | "generatedAt">): string {
  const slug = report.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${slug}-${report.generatedAt.slice(0, 10)}`;
}

/** A cell as text: numbers as they are, dates as their ISO day, nothing as empty. */
export function cellText(col: ReportColumn, v: ReportCell): string {
  if (v === null || v === undefined) return "";
  if (col.kind === "date" && typeof v === "string") return v.slice(0, 10);
  return String(v);
}

/** The report's table as CSV (header row of the column labels), with a BOM so Excel reads UTF-8. */
export function reportCsv(report: ReportResult): string {
  // The one CSV writer (lib/csv-writer.ts): BOM, formula-safe cells.
  return csvDocument(
    report.columns.map((c) => c.label),
    report.rows.map((row) => report.columns.map((c) => cellText(c, row[c.key] ?? null))),
  );
}

const SHADE: Record<string, string> = { green: "D3F9D8", yellow: "FFF3BF", red: "FFE3E3" };

function cell(text: string, opts: { bold?: boolean; shade?: string; right?: boolean } = {}) {
  return new TableCell({
    children: [
      new Paragraph({ alignment: opts.right ? AlignmentType.RIGHT : AlignmentType.LEFT, children: [new TextRun({ text, bold: opts.bold, size: 18 })] }),
    ],
    shading: opts.shade ? { type: ShadingType.CLEAR, color: "auto", fill: opts.shade } : undefined,
  });
}

/**
 * The report as a Word document: the school's name, the report's title (and what it is about), the
 * date, its figures, its chart as a picture where it has one, and its table with scores shaded green
 * (≥ 80), yellow (≥ 60) or red.
 */
export async function reportDocx(report: ReportResult, schoolName: string): Promise<Buffer> {
  const numeric = (c: ReportColumn) => c.kind !== "text" && c.kind !== "date";
  const header = new TableRow({ tableHeader: true, children: report.columns.map((c) => cell(c.label, { bold: true, shade: "E9ECEF" })) });
  const body = report.rows.map(
    (row) =>
      new TableRow({
        children: report.columns.map((c) => {
          const v = row[c.key] ?? null;
          const shade = c.kind === "score" && typeof v === "number" ? SHADE[scoreColor(v)] : undefined;
          return cell(cellText(c, v), { shade, right: numeric(c) });
        }),
      }),
  );
  const children: (Paragraph | Table)[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun({ text: schoolName })] }),
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun({ text: report.name })] }),
  ];
  if (report.subject) children.push(new Paragraph({ children: [new TextRun({ text: report.subject, italics: true })] }));
  children.push(new Paragraph({ children: [new TextRun({ text: `Date: ${report.generatedAt.slice(0, 10)}` })] }));
  for (const s of report.summary)
    children.push(
      new Paragraph({ children: [new TextRun({ text: `${s.label}: `, bold: true }), new TextRun({ text: s.value === null ? "—" : String(s.value) })] }),
    );
  if (report.chart && report.chart.bars.length) {
    const { png, width, height } = await chartPng(report.chart);
    // 6 inches wide at most (the page's text width): 576 points at 96 dpi.
    const scale = Math.min(1, 576 / width);
    children.push(
      new Paragraph({
        children: [
          new ImageRun({
            type: "png",
            data: png,
            transformation: { width: Math.round(width * scale), height: Math.round(height * scale) },
            altText: { name: report.chart.title, description: report.chart.title, title: report.chart.title },
          }),
        ],
      }),
    );
  }
  children.push(
    report.rows.length
      ? new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows: [header, ...body] })
      : new Paragraph({ children: [new TextRun({ text: "No data for this report yet." })] }),
  );
  const doc = new Document({
    creator: schoolName,
    title: `${report.name} ${report.generatedAt.slice(0, 10)}`,
    sections: [{ children }],
  });
  return Packer.toBuffer(doc);
}
