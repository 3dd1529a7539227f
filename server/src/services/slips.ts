import { AlignmentType, BorderStyle, Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from "docx";
import Papa from "papaparse";
import { ROLE_LABEL, STUDENT_TYPE_LABELS, type Slip } from "@adesua/domain";

/** Slips in print order: students by level (JHS 1 first), then teachers and admins, each by name. */
function ordered(slips: Slip[]): Slip[] {
  const group = (s: Slip) => (s.role === "student" ? (s.studentType ?? "jhs9") : s.role === "teacher" ? "x-teacher" : "y-admin");
  return [...slips].sort((a, b) => group(a).localeCompare(group(b)) || a.name.localeCompare(b.name));
}

const groupLabel = (s: Slip) => (s.role === "student" ? (s.studentType ? STUDENT_TYPE_LABELS[s.studentType] : "Students") : `${ROLE_LABEL[s.role]}s`);

/** The sheet as CSV (with a BOM so Excel shows names with accents): one line per person. */
export function slipsCsv(slips: Slip[]): string {
  const rows = ordered(slips).map((s) => [groupLabel(s), s.name, s.signIn, s.password, ROLE_LABEL[s.role]]);
  return (
    "\ufeff" + Papa.unparse({ fields: ["Level", "Name", "Sign in with", "One-time password", "Role"], data: rows }, { newline: "\r\n", escapeFormulae: true })
  );
}

const dashed = { style: BorderStyle.DASHED, size: 8, color: "666666" };

function slipCell(s: Slip, today: string): TableCell {
  const line = (label: string, value: string, mono = false) =>
    new Paragraph({
      spacing: { after: 60 },
      children: [
        new TextRun({ text: `${label}: `, bold: true }),
        new TextRun({ text: value, font: mono ? "Courier New" : undefined, size: mono ? 26 : undefined }),
      ],
    });
  return new TableCell({
    borders: { top: dashed, bottom: dashed, left: dashed, right: dashed },
    margins: { top: 120, bottom: 120, left: 160, right: 160 },
    children: [
      new Paragraph({ spacing: { after: 80 }, children: [new TextRun({ text: s.name, bold: true, size: 28 })] }),
      line("Class", groupLabel(s).replace(/s$/, "")),
      line("Sign in with", s.signIn, true),
      line("One-time password", s.password, true),
      new Paragraph({
        children: [
          new TextRun({ text: `You will choose your own password the first time you sign in. Keep this slip private. (${today})`, italics: true, size: 18 }),
        ],
      }),
    ],
  });
}

/**
 * The printable sheet as a Word document: a heading per level (each on its own page) and one dashed
 * slip per person, to cut out and hand over.
 */
export async function slipsDocx(slips: Slip[], now: Date): Promise<Buffer> {
  const today = now.toISOString().slice(0, 10);
  const groups = new Map<string, Slip[]>();
  for (const s of ordered(slips)) {
    const g = groupLabel(s);
    groups.set(g, [...(groups.get(g) ?? []), s]);
  }
  const children: (Paragraph | Table)[] = [];
  [...groups.entries()].forEach(([label, list], i) => {
    children.push(
      new Paragraph({
        heading: HeadingLevel.HEADING_1,
        pageBreakBefore: i > 0,
        alignment: AlignmentType.LEFT,
        children: [new TextRun(`Sign-in slips — ${label} (${list.length})`)],
      }),
    );
    children.push(
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        rows: list.map((s) => new TableRow({ cantSplit: true, children: [slipCell(s, today)] })),
      }),
    );
  });
  const doc = new Document({ creator: "Adesua", title: "Sign-in slips", sections: [{ children }] });
  return Packer.toBuffer(doc);
}
