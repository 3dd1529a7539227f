import type { MockResults } from "@adesua/domain";
import { FONT } from "./fonts.ts";
import { type Column, type Doc, type Picture, GREY, line, num, rule, tableHead, tableRow } from "./draw.ts";
import type { RenderHooks, SchoolPrint } from "./types.ts";

const W = 841.89;
const H = 595.28;
const M = 24;
const ROW = 14;
const HEAD_ROW = 30;

/**
 * Landscape A4: students × subjects (score and grade), total, aggregate and position, the heading repeated on every
 * page, the subjects' means last. Nine subjects fit at full width; more narrow the columns.
 */
export function drawBroadsheet(doc: Doc, school: SchoolPrint, crest: Picture, results: MockResults, hooks: RenderHooks): void {
  const inner = W - 2 * M;
  const subjects = results.students[0]?.subjects.map((s) => s.name) ?? results.subjects.map((s) => s.name);
  const fixed: Column[] = [
    { title: "#", width: 20, align: "right" },
    { title: "Student", width: 128 },
    { title: "Class", width: 44 },
  ];
  const tail: Column[] = [
    { title: "Total", width: 42, align: "right" },
    { title: "Agg.", width: 30, align: "center" },
    { title: "Pos.", width: 30, align: "center" },
  ];
  const fixedWidth = [...fixed, ...tail].reduce((s, c) => s + c.width, 0);
  const per = subjects.length ? (inner - fixedWidth) / subjects.length : 0;
  const scoreCol = Math.round(per * 0.6 * 100) / 100;
  const subjectCols: Column[] = subjects.flatMap((name) => [
    { title: name, width: scoreCol, align: "right" as const },
    { title: "Gr", width: per - scoreCol, align: "center" as const },
  ]);
  const cols = [...fixed, ...subjectCols, ...tail];
  const top = M + 62;
  const perPage = Math.floor((H - top - HEAD_ROW - M - 14) / ROW);
  const rows = results.students.length + 1; // + the means
  const pages = Math.max(1, Math.ceil(rows / perPage));
  hooks.start(pages);
  const size = per < 40 ? 7 : 8;

  let r = 0;
  for (let page = 1; page <= pages; page++) {
    doc.addPage({ size: "A4", layout: "landscape", margin: 0 });
    heading(doc, school, crest, results, page, pages);
    let y = top;
    drawHead(doc, cols, fixed.length, subjects, y);
    y += HEAD_ROW;
    for (let i = 0; i < perPage && r < rows; i++, r++) {
      const s = results.students[r];
      if (s) {
        const cells = [
          String(r + 1),
          s.name,
          s.class,
          ...s.subjects.flatMap((sub) => [num(sub.score), sub.grade === null ? "–" : String(sub.grade)]),
          num(s.total),
          s.aggregate === null ? "Inc." : String(s.aggregate),
          s.position === null ? "–" : String(s.position),
        ];
        tableRow(doc, cols, cells, M, y, ROW, { size });
      } else {
        const means = subjects.flatMap((name) => [num(results.subjects.find((x) => x.name === name)?.mean ?? null), ""]);
        tableRow(doc, cols, ["", "Mean", "", ...means, "", "", ""], M, y, ROW, { size, bold: true });
      }
      y += ROW;
    }
    hooks.step();
  }
}

function heading(doc: Doc, school: SchoolPrint, crest: Picture, results: MockResults, page: number, pages: number): void {
  const inner = W - 2 * M;
  if (crest) doc.image(crest, M, M, { fit: [44, 44] });
  const x = M + (crest ? 52 : 0);
  line(doc, school.name.toUpperCase(), x, M, inner - 200, { size: 14, font: FONT.bold });
  line(doc, `BROADSHEET · ${results.mock.title}`, x, M + 19, inner - 200, { size: 10.5, font: FONT.bold });
  const classes = [...new Set(results.students.map((s) => s.class))];
  const who = classes.length === 1 ? classes[0] : `${results.students.length} students`;
  line(doc, `${who} · sitting ${results.sitting} · ${results.mock.grading === "stanine" ? "stanine grading" : "grade bands"}`, x, M + 34, inner - 200, {
    size: 8.5,
    color: GREY,
  });
  line(doc, `Page ${page} of ${pages}`, W - M - 180, M, 180, { size: 8.5, color: GREY, align: "right" });
  rule(doc, M, M + 52, W - M, 1);
}

/** The heading row: fixed columns' titles, then each subject's name over its score and grade columns. */
function drawHead(doc: Doc, cols: Column[], fixedCount: number, subjects: string[], y: number): void {
  tableHead(
    doc,
    cols.map((c, i) => (i >= fixedCount && i < fixedCount + subjects.length * 2 ? { ...c, title: "" } : c)),
    M,
    y,
    HEAD_ROW,
    7.5,
  );
  let x = M + cols.slice(0, fixedCount).reduce((s, c) => s + c.width, 0);
  for (let i = 0; i < subjects.length; i++) {
    const w = cols[fixedCount + 2 * i].width + cols[fixedCount + 2 * i + 1].width;
    doc.font(FONT.narrowBold).fontSize(7).fillColor("black");
    doc.text(subjects[i], x + 1, y + 2, { width: w - 2, height: 17, align: "center", ellipsis: true });
    line(doc, "Score", x, y + 20, cols[fixedCount + 2 * i].width - 2, { size: 6.5, align: "right", color: GREY });
    line(doc, "Gr", x + cols[fixedCount + 2 * i].width, y + 20, cols[fixedCount + 2 * i + 1].width, { size: 6.5, align: "center", color: GREY });
    doc
      .moveTo(x, y)
      .lineTo(x, y + HEAD_ROW)
      .lineWidth(0.4)
      .strokeColor("#999999")
      .stroke();
    x += w;
  }
}
