import type { StudentReport, TermReports } from "@adesua/domain";
import { ordinal } from "@adesua/domain";
import { FONT } from "./fonts.ts";
import { type Column, type Doc, type Picture, GREY, line, longDate, num, para, rule, schoolHeading, tableHead, tableRow } from "./draw.ts";
import type { RenderHooks, SchoolPrint } from "./types.ts";

const W = 595.28;
const H = 841.89;
const M = 36;

/** One A4 terminal report per student, in the order given (the class list's). */
export function drawReportCards(doc: Doc, school: SchoolPrint, crest: Picture, reports: TermReports, preview: boolean, hooks: RenderHooks): void {
  hooks.start(reports.students.length);
  for (const student of reports.students) {
    doc.addPage({ size: "A4", layout: "portrait", margin: 0 });
    drawCard(doc, school, crest, reports, student);
    if (preview) previewMark(doc);
    hooks.step();
  }
  if (!reports.students.length) {
    doc.addPage({ size: "A4", layout: "portrait", margin: 0 });
    schoolHeading(doc, school, crest, M, M, W - 2 * M);
    line(doc, `No students in ${reports.class} for ${reports.term.name}.`, M, 140, W - 2 * M, { align: "center" });
  }
}

function field(doc: Doc, label: string, value: string, x: number, y: number, width: number): void {
  line(doc, label, x, y, 92, { size: 8.5, color: GREY });
  line(doc, value, x + 92, y - 1, width - 92, { size: 10, font: FONT.bold });
}

function drawCard(doc: Doc, school: SchoolPrint, crest: Picture, reports: TermReports, s: StudentReport): void {
  const inner = W - 2 * M;
  const { term } = reports;
  let y = M + schoolHeading(doc, school, crest, M, M, inner);
  rule(doc, M, y, W - M, 1.2);
  y += 8;
  line(doc, "TERMINAL REPORT", M, y, inner, { size: 13, font: FONT.bold, align: "center" });
  y += 18;
  line(doc, term.name, M, y, inner, { size: 10, align: "center", color: GREY });
  y += 22;

  const half = inner / 2;
  const position = s.overallPosition === null ? "–" : `${ordinal(s.overallPosition)} out of ${s.classSize}`;
  const attendance =
    s.attendance.present === null ? "–" : `Present ${s.attendance.present}${s.attendance.outOf === null ? "" : ` out of ${s.attendance.outOf}`} days`;
  field(doc, "Name", s.name, M, y, half + 60);
  field(doc, "Class", s.class, M + half + 70, y, half - 70);
  y += 17;
  field(doc, "Position", position, M, y, half + 60);
  field(doc, "On roll", String(s.classSize), M + half + 70, y, half - 70);
  y += 17;
  field(doc, "Attendance", attendance, M, y, half + 60);
  field(doc, "Term", term.number ? `Term ${term.number}` : term.name, M + half + 70, y, half - 70);
  y += 24;

  const cols: Column[] = [
    { title: "Subject", width: 140 },
    { title: `Class score (${num(term.classWeight)})`, width: 62, align: "center" },
    { title: `Exam score (${num(term.examWeight)})`, width: 62, align: "center" },
    { title: "Total (100)", width: 52, align: "center" },
    { title: "Position", width: 50, align: "center" },
    { title: "Grade", width: 40, align: "center" },
    { title: "Remark", width: inner - 406 },
  ];
  tableHead(doc, cols, M, y, 26);
  y += 26;
  // Up to 16 subjects fit at full height; more shrink the rows.
  const rowH = Math.max(12, Math.min(19, 300 / Math.max(1, s.subjects.length)));
  const size = rowH < 16 ? 8 : 9;
  for (const sub of s.subjects) {
    const pos = sub.position === null ? "–" : ordinal(sub.position);
    tableRow(
      doc,
      cols,
      [sub.name, num(sub.classScore), num(sub.examScore), num(sub.total), pos, sub.grade === null ? "–" : String(sub.grade), sub.remark],
      M,
      y,
      rowH,
      {
        size,
      },
    );
    y += rowH;
  }
  tableRow(doc, cols, ["Total", "", "", num(s.total), "", "", s.average === null ? "" : `Average ${num(s.average)}`], M, y, rowH, { size, bold: true });
  y += rowH + 14;

  field(doc, "Conduct", s.conduct ?? "–", M, y, half + 60);
  field(doc, "Interest", s.interest ?? "–", M + half + 70, y, half - 70);
  y += 20;
  y = remark(doc, "Class teacher's remarks", s.teacherRemark, y, inner);
  y = remark(doc, "Head teacher's remarks", s.headRemark, y, inner);
  if (term.number === 3) {
    field(doc, "Promotion", s.promotion ?? "–", M, y, inner);
    y += 20;
  }
  field(doc, "Next term begins", term.nextTermBegins ? longDate(term.nextTermBegins) : "–", M, y, inner);

  const sign = H - M - 30;
  rule(doc, M, sign, M + 180, 0.6);
  rule(doc, W - M - 180, sign, W - M, 0.6);
  line(doc, "Class teacher", M, sign + 4, 180, { size: 8.5, color: GREY, align: "center" });
  line(doc, "Head teacher", W - M - 180, sign + 4, 180, { size: 8.5, color: GREY, align: "center" });
}

function remark(doc: Doc, label: string, text: string | null, y: number, inner: number): number {
  line(doc, label, M, y, inner, { size: 8.5, color: GREY });
  para(doc, text?.trim() || "–", M, y + 12, inner, 34, { size: 10 });
  rule(doc, M, y + 46, M + inner, 0.3, "#bbbbbb");
  return y + 54;
}

/** "PREVIEW" across the page: the reports are not yet checked by both teachers. */
export function previewMark(doc: Doc): void {
  doc.save();
  doc.rotate(-50, { origin: [W / 2, H / 2] });
  doc.fillColor("#c0392b").fillOpacity(0.16).font(FONT.bold).fontSize(120);
  doc.text("PREVIEW", W / 2 - 330, H / 2 - 70, { width: 660, align: "center", lineBreak: false, height: 150 });
  doc.restore();
  doc.fillOpacity(1);
}
