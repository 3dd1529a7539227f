import type { Mock } from "@adesua/domain";
import { FONT } from "./fonts.ts";
import { type Column, type Doc, type Picture, GREY, clock, line, longDate, rule, schoolHeading, tableHead, tableRow } from "./draw.ts";
import type { RenderHooks, SchoolPrint } from "./types.ts";

const W = 595.28;
const M = 36;

/** One page: every paper of the mock by date and time. */
export function drawTimetable(doc: Doc, school: SchoolPrint, crest: Picture, mock: Mock, hooks: RenderHooks): void {
  hooks.start(1);
  doc.addPage({ size: "A4", layout: "portrait", margin: 0 });
  const inner = W - 2 * M;
  let y = M + schoolHeading(doc, school, crest, M, M, inner);
  rule(doc, M, y, W - M, 1.2);
  y += 10;
  line(doc, mock.title, M, y, inner, { size: 13, font: FONT.bold, align: "center" });
  y += 18;
  line(doc, "TIMETABLE", M, y, inner, { size: 10, align: "center", color: GREY });
  y += 24;
  const papers = mock.subjects
    .flatMap((s) => s.papers.map((p) => ({ subject: s.name, ...p })))
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.subject.localeCompare(b.subject));
  const cols: Column[] = [
    { title: "Date", width: 150 },
    { title: "Time", width: 80 },
    { title: "Subject", width: inner - 350 },
    { title: "Paper", width: 60 },
    { title: "Duration", width: 60, align: "right" },
  ];
  tableHead(doc, cols, M, y, 18);
  y += 18;
  const rowH = Math.max(11, Math.min(20, 640 / Math.max(1, papers.length)));
  let lastDate = "";
  for (const p of papers) {
    const date = longDate(p.startsAt);
    const mins = p.durationMinutes;
    const duration = mins >= 60 ? `${Math.floor(mins / 60)} h${mins % 60 ? ` ${mins % 60}` : ""}` : `${mins} min`;
    tableRow(doc, cols, [date === lastDate ? "" : date, `${clock(p.startsAt)}–${clock(p.endsAt)}`, p.subject, p.name, duration], M, y, rowH, {
      size: rowH < 15 ? 8 : 9.5,
    });
    lastDate = date;
    y += rowH;
  }
  if (!papers.length) line(doc, "No papers have been set yet.", M, y + 10, inner, { align: "center", color: GREY });
  hooks.step();
}
