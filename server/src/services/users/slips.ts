import { AlignmentType, BorderStyle, Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from "docx";
import { csvDocument } from "../../lib/csv-writer";
import { ROLE_LABEL, classLabel, type Slip } from "@adesua/domain";

/** Where the slips are for: the school's name (SCHOOL_NAME) and the address to sign in at (PUBLIC_URL or the admin's). */
export type SlipSchool = { name: string; signInAt: string };

/**
 * The address printed on slips: PUBLIC_URL when set, else the address the admin's browser used (its Origin, or the
 * protocol and host the request came to), with "/login" where people sign in.
 */
export function signInAddress(publicUrl: string | null | undefined, req: { headers: { origin?: string }; protocol: string; host: string }): string {
  let base = publicUrl ?? null;
  if (!base) {
    const origin = req.headers.origin;
    base = origin && /^https?:\/\/[^\s/]+$/i.test(origin) ? origin : `${req.protocol}://${req.host}`;
  }
  return `${base.replace(/\/+$/, "")}/login`;
}

/** Slips in print order: students by class (JHS 1A, JHS 1B, … JHS 3), then teachers and admins, each by name. */
function ordered(slips: Slip[]): Slip[] {
  const group = (s: Slip) => (s.role === "student" ? `${s.studentType ?? "jhs9"} ${s.stream ?? ""}` : s.role === "teacher" ? "x-teacher" : "y-admin");
  return [...slips].sort((a, b) => group(a).localeCompare(group(b)) || a.name.localeCompare(b.name));
}

/** "JHS 1B" (issue 24: the stream is kept beside the level), "Students" without a level, "Teachers", "Admins". */
const groupLabel = (s: Slip) => (s.role === "student" ? classLabel(s.studentType, s.stream) || "Students" : `${ROLE_LABEL[s.role]}s`);

/** The sheet as CSV (with a BOM so Excel shows names with accents): one line per person, with the school and where to sign in. */
export function slipsCsv(slips: Slip[], school: SlipSchool): string {
  const rows = ordered(slips).map((s) => [groupLabel(s), s.name, s.signIn, s.password, ROLE_LABEL[s.role], school.name, school.signInAt]);
  return csvDocument(["Class", "Name", "Sign in with", "One-time password", "Role", "School", "Sign in at"], rows);
}

const dashed = { style: BorderStyle.DASHED, size: 8, color: "666666" };

function slipCell(s: Slip, today: string, school: SlipSchool): TableCell {
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
      new Paragraph({ spacing: { after: 40 }, children: [new TextRun({ text: school.name, bold: true, size: 20, color: "444444" })] }),
      new Paragraph({ spacing: { after: 80 }, children: [new TextRun({ text: s.name, bold: true, size: 28 })] }),
      line("Class", groupLabel(s).replace(/s$/, "")),
      line("Sign in at", school.signInAt, true),
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
export async function slipsDocx(slips: Slip[], now: Date, school: SlipSchool): Promise<Buffer> {
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
        children: [new TextRun(`${school.name} — sign-in slips — ${label} (${list.length})`)],
      }),
    );
    children.push(
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        rows: list.map((s) => new TableRow({ cantSplit: true, children: [slipCell(s, today, school)] })),
      }),
    );
  });
  const doc = new Document({ creator: school.name, title: `Sign-in slips — ${school.name}`, sections: [{ children }] });
  return Packer.toBuffer(doc);
}
