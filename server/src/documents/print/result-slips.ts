import type { MockResults, StudentResult } from "@adesua/domain";
import { ordinal } from "@adesua/domain";
import { FONT } from "./fonts.ts";
import { type Column, type Doc, type Picture, GREY, line, num, rule, schoolHeading, tableHead, tableRow } from "./draw.ts";
import type { RenderHooks, SchoolPrint } from "./types.ts";

const W = 595.28;
const H = 841.89;
const M = 30;
const HALF = H / 2;

/** A4 portrait, two result slips a page (cut along the dashed line), one per student in the order given. */
export function drawResultSlips(doc: Doc, school: SchoolPrint, crest: Picture, results: MockResults, hooks: RenderHooks): void {
  hooks.start(results.students.length);
  results.students.forEach((student, i) => {
    const top = i % 2 === 0 ? 0 : HALF;
    if (i % 2 === 0) doc.addPage({ size: "A4", layout: "portrait", margin: 0 });
    else {
      doc.save();
      doc
        .moveTo(M / 2, HALF)
        .lineTo(W - M / 2, HALF)
        .dash(4, { space: 4 })
        .lineWidth(0.5)
        .strokeColor("#888888")
        .stroke();
      doc.undash();
      doc.restore();
    }
    drawSlip(doc, school, crest, results, student, top);
    hooks.step();
  });
  if (!results.students.length) {
    doc.addPage({ size: "A4", layout: "portrait", margin: 0 });
    schoolHeading(doc, school, crest, M, M, W - 2 * M, 0.8);
    line(doc, `No results to print for ${results.mock.title}.`, M, 120, W - 2 * M, { align: "center" });
  }
}

function comparison(results: MockResults, s: StudentResult): string {
  if (!results.previous) return "Compared with the last mock: this is the first mock of the level.";
  if (s.previousAggregate === null || s.aggregate === null || s.change === null)
    return `Compared with ${results.previous.title}: no aggregate to compare${s.previousAggregate === null ? "" : ` (then ${s.previousAggregate})`}.`;
  const how = s.change < 0 ? `improved by ${-s.change}` : s.change > 0 ? `fell by ${s.change}` : "the same";
  return `Compared with ${results.previous.title}: aggregate ${s.previousAggregate} then, ${s.aggregate} now (${how}).`;
}

function drawSlip(doc: Doc, school: SchoolPrint, crest: Picture, results: MockResults, s: StudentResult, top: number): void {
  const inner = W - 2 * M;
  let y = top + 22 + schoolHeading(doc, school, crest, M, top + 22, inner, 0.75);
  rule(doc, M, y, W - M, 1);
  y += 6;
  line(doc, `RESULT SLIP · ${results.mock.title}`, M, y, inner, { size: 11, font: FONT.bold, align: "center" });
  y += 18;
  line(doc, "Name", M, y + 1, 40, { size: 8.5, color: GREY });
  line(doc, s.name, M + 40, y, inner / 2 + 40, { size: 10.5, font: FONT.bold });
  line(doc, "Class", M + inner / 2 + 90, y + 1, 36, { size: 8.5, color: GREY });
  line(doc, s.class, M + inner / 2 + 126, y, inner / 2 - 126, { size: 10.5, font: FONT.bold });
  y += 18;

  const cols: Column[] = [
    { title: "Subject", width: inner - 190 },
    { title: "Score", width: 70, align: "center" },
    { title: "Grade", width: 60, align: "center" },
    { title: "", width: 60, align: "center" },
  ];
  tableHead(doc, cols, M, y, 16, 8.5);
  y += 16;
  // 9 subjects at 16 pt; more shrink the rows so the slip stays on its half.
  const rowH = Math.max(10, Math.min(16, 170 / Math.max(1, s.subjects.length)));
  for (const sub of s.subjects) {
    tableRow(doc, cols, [sub.name, num(sub.score), sub.grade === null ? "–" : String(sub.grade), sub.core ? "core" : ""], M, y, rowH, {
      size: rowH < 13 ? 7.5 : 9,
    });
    y += rowH;
  }
  y += 8;
  const aggregate = s.aggregate === null ? "Incomplete (a core subject or paper is missing)" : String(s.aggregate);
  const position = s.position === null ? "–" : `${ordinal(s.position)} of ${results.sitting}`;
  line(doc, "Aggregate", M, y + 1, 70, { size: 8.5, color: GREY });
  line(doc, aggregate, M + 70, y, inner / 2, { size: 11, font: FONT.bold });
  line(doc, "Position", M + inner / 2 + 90, y + 1, 50, { size: 8.5, color: GREY });
  line(doc, position, M + inner / 2 + 140, y, inner / 2 - 140, { size: 11, font: FONT.bold });
  y += 18;
  line(doc, comparison(results, s), M, y, inner, { size: 8.5, color: GREY });
}
