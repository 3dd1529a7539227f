import { TRUE_FALSE_OPTIONS, type SittingVersion } from "@adesua/domain";
import { FONT } from "../print/fonts.ts";
import { type Doc, GREY, line, type Picture, rule, schoolHeading } from "../print/draw.ts";
import type { RenderHooks, SchoolPrint } from "../print/types.ts";
import { drawAnswerSheet, type SheetHeading } from "./print-sheet.ts";
import { type PaperPrint, type PaperQuestion, paperSheets } from "./paper-types.ts";

export type { PaperPrint, PaperQuestion, PaperSheet, PaperStudent } from "./paper-types.ts";
export { paperSheets } from "./paper-types.ts";

/**
 * A paper sitting's PDF (issue 29): the question paper of each version, then one answer sheet per student of the class
 * (versions dealt round the class list) and the blank sheets. The question paper is laid out first (measured, not
 * drawn), so the total of pages is known before the first one and progress counts every page and sheet.
 */

const W = 595.28;
const H = 841.89;
const M = 50;
const TOP = 48;
const BOTTOM = H - 56;
const NUM_W = 26;
const CONTENT_W = W - 2 * M - NUM_W;
const TEXT_SIZE = 10.5;
const OPTION_SIZE = 10;
const GAP = 13;
const MAX_PICTURE_H = 200;
const MAX_PICTURE_W = 340;

type Opened = { image: Picture; width: number; height: number };
type Block = { n: number; q: PaperQuestion; row: SittingVersion["questions"][number]; height: number; pictures: Opened[]; optionCols: number };
type PaperPage = { blocks: { block: Block; y: number }[]; first: boolean };

export function drawPaper(doc: Doc, school: SchoolPrint, crest: Picture, paper: PaperPrint, hooks: RenderHooks): void {
  const questions = new Map(paper.questions.map((q) => [q.id, q]));
  const pictures = new Map<number, Opened[]>();
  const plans = paper.versions.map((v) => planVersion(doc, paper, v, questions, pictures));
  const sheets = paperSheets(paper);
  hooks.start(plans.reduce((s, p) => s + p.pages.length, 0) + sheets.length);
  for (const plan of plans) {
    plan.pages.forEach((page, i) => {
      drawPaperPage(doc, school, crest, paper, plan, page, i);
      hooks.step();
    });
  }
  const heading: SheetHeading = { school: school.name, title: paper.quiz.title, class: paper.class, versions: paper.versions.length };
  for (const sheet of sheets) {
    drawAnswerSheet(doc, paper.sittingId, sheet, heading);
    hooks.step();
  }
}

type Plan = { version: SittingVersion; pages: PaperPage[]; bubbles: number; boxes: number; headingH: number };

/** How tall the first page's heading is: the school, the title line, the details line and the instructions. */
function headingHeight(doc: Doc, title: string, instructions: string[]): number {
  doc.font(FONT.regular).fontSize(9);
  const body = instructions.reduce((s, t) => s + doc.heightOfString(t, { width: W - 2 * M - 30 }) + 2, 0);
  return 62 + 8 + titleHeight(doc, title) + 6 + 28 + 16 + body + 4 + 10;
}

/** The quiz's title on the paper: 15 pt, on two lines at most (a longer one is cut with "…"). */
const TITLE = { size: 15, lines: 2 };
function titleHeight(doc: Doc, title: string): number {
  doc.font(FONT.bold).fontSize(TITLE.size);
  return Math.min(doc.heightOfString(title || " ", { width: W - 2 * M, align: "center" }), doc.currentLineHeight(true) * TITLE.lines);
}

function instructionsOf(paper: PaperPrint, plan: Pick<Plan, "version" | "bubbles" | "boxes">): string[] {
  const out = ["Answer all questions. Write your answers on the answer sheet, not on this question paper."];
  if (paper.versions.length > 1)
    out.push(`This is Version ${plan.version.version}. Check that your answer sheet says Version ${plan.version.version}; if not, tell the invigilator.`);
  const range = (a: number, b: number) => (a === b ? `Question ${a}` : `Questions ${a}–${b}`);
  if (plan.bubbles)
    out.push(
      `${range(1, plan.bubbles)}: choose the answer and fill its bubble completely on the answer sheet, in pencil or dark pen. To change an answer, rub it out completely.`,
    );
  if (plan.boxes) out.push(`${range(plan.bubbles + 1, plan.bubbles + plan.boxes)}: write your answer in the box with the same number on the answer sheet.`);
  out.push("Write your name and index number on the answer sheet if they are not printed on it.");
  return out;
}

function planVersion(doc: Doc, paper: PaperPrint, version: SittingVersion, questions: Map<number, PaperQuestion>, pictures: Map<number, Opened[]>): Plan {
  const bubbles = version.questions.filter((r) => r.kind === "bubbles").length;
  const plan: Plan = { version, pages: [], bubbles, boxes: version.questions.length - bubbles, headingH: 0 };
  plan.headingH = headingHeight(doc, paper.quiz.title, instructionsOf(paper, plan));
  let page: PaperPage = { blocks: [], first: true };
  let y = TOP + plan.headingH;
  version.questions.forEach((row, i) => {
    const q = questions.get(row.questionId);
    // A question deleted after the sitting was made keeps its number, so the paper and the sheets still agree.
    const block = q
      ? measure(doc, i + 1, q, row, picturesOf(doc, q, pictures))
      : measure(doc, i + 1, removed(row.questionId, i + 1), { ...row, options: [] }, []);
    if (y + block.height > BOTTOM && page.blocks.length) {
      plan.pages.push(page);
      page = { blocks: [], first: false };
      y = TOP;
    }
    page.blocks.push({ block, y });
    y += block.height + GAP;
  });
  plan.pages.push(page);
  return plan;
}

function picturesOf(doc: Doc, q: PaperQuestion, cache: Map<number, Opened[]>): Opened[] {
  const known = cache.get(q.id);
  if (known) return known;
  const open = (doc as unknown as { openImage(src: Buffer): { width: number; height: number } }).openImage.bind(doc);
  const out: Opened[] = [];
  for (const bytes of q.images) {
    try {
      const image = open(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
      if (image.width > 0 && image.height > 0) out.push({ image: image as unknown as Picture, width: image.width, height: image.height });
    } catch {
      // A picture pdfkit cannot read is left out rather than failing the print.
    }
  }
  cache.set(q.id, out);
  return out;
}

/** A picture's printed size: its pixels at 96 dpi, no larger than MAX_PICTURE_W × MAX_PICTURE_H. */
function pictureSize(p: Opened): { w: number; h: number } {
  const k = Math.min(0.75, Math.min(CONTENT_W, MAX_PICTURE_W) / p.width, MAX_PICTURE_H / p.height);
  return { w: p.width * k, h: p.height * k };
}

function removed(id: number, n: number): PaperQuestion {
  const text = `This question was removed from the quiz. Leave number ${n} empty on the answer sheet.`;
  return { id, type: "single", text, options: [], marks: 1, unit: null, images: [] };
}

const LETTER = (i: number) => String.fromCharCode(65 + i);

function optionTexts(q: PaperQuestion, row: SittingVersion["questions"][number]): string[] {
  if (q.type === "true_false") return row.options.map((o) => TRUE_FALSE_OPTIONS[o] ?? q.options[o] ?? "");
  return row.options.map((o) => q.options[o] ?? "");
}

function hintOf(q: PaperQuestion, n: number): string | null {
  if (q.type === "multiple") return "Choose all the correct answers: fill the bubble of each.";
  if (q.type === "short") return `Write your answer in box ${n} on the answer sheet.`;
  if (q.type === "numerical") return `Write your answer in box ${n} on the answer sheet${q.unit ? ` (in ${q.unit})` : ""}.`;
  if (q.type === "written") return `Write your answer in box ${n} on the answer sheet and, in full, in your answer booklet.`;
  return null;
}

const OPTION_GUTTER = 20;
function measure(doc: Doc, n: number, q: PaperQuestion, row: SittingVersion["questions"][number], pictures: Opened[]): Block {
  doc.font(FONT.regular).fontSize(TEXT_SIZE);
  let h = doc.heightOfString(q.text || " ", { width: CONTENT_W - 60 });
  for (const p of pictures) h += 6 + pictureSize(p).h;
  const hint = hintOf(q, n);
  if (hint) {
    doc.font(FONT.oblique).fontSize(9);
    h += 4 + doc.heightOfString(hint, { width: CONTENT_W });
  }
  let optionCols = 1;
  if (row.kind === "bubbles") {
    const texts = optionTexts(q, row);
    doc.font(FONT.regular).fontSize(OPTION_SIZE);
    const widest = Math.max(0, ...texts.map((t) => doc.widthOfString(t)));
    // All on one line when they fit (A–E across), else A B C / D E, else two columns, else one under the other.
    const n = texts.length;
    const candidates = [n <= 5 ? n : 0, n === 5 ? 3 : 0, n >= 4 ? 2 : 0].filter((c) => c > 1);
    optionCols = candidates.find((c) => widest + OPTION_GUTTER + 8 <= CONTENT_W / c) ?? 1;
    h += 5 + optionsHeight(doc, texts, optionCols);
  }
  return { n, q, row, height: h, pictures, optionCols };
}

function optionsHeight(doc: Doc, texts: string[], cols: number): number {
  const colW = CONTENT_W / cols - OPTION_GUTTER;
  let h = 0;
  for (let i = 0; i < texts.length; i += cols) {
    const rowH = Math.max(...texts.slice(i, i + cols).map((t) => doc.heightOfString(t || " ", { width: colW })));
    h += rowH + 3;
  }
  return h;
}

function drawPaperPage(doc: Doc, school: SchoolPrint, crest: Picture, paper: PaperPrint, plan: Plan, page: PaperPage, index: number): void {
  doc.addPage({ size: "A4", layout: "portrait", margin: 0 });
  if (page.first) drawHeading(doc, school, crest, paper, plan);
  for (const { block, y } of page.blocks) drawBlock(doc, block, y);
  const last = index === plan.pages.length - 1;
  const versionText = paper.versions.length > 1 ? ` · Version ${plan.version.version}` : "";
  rule(doc, M, H - 44, W - M, 0.5, "#999999");
  line(doc, `${paper.quiz.title}${versionText} · page ${index + 1} of ${plan.pages.length}`, M, H - 38, W - 2 * M - 90, { size: 8, color: GREY });
  line(doc, last ? "END OF PAPER" : "Turn over", W - M - 90, H - 38, 90, { size: 8, font: FONT.bold, align: "right" });
}

function minutes(m: number): string {
  const h = Math.floor(m / 60);
  const r = m % 60;
  const hours = h ? `${h} hour${h > 1 ? "s" : ""}` : "";
  const mins = r ? `${r} minute${r > 1 ? "s" : ""}` : "";
  return [hours, mins].filter(Boolean).join(" ");
}

function drawHeading(doc: Doc, school: SchoolPrint, crest: Picture, paper: PaperPrint, plan: Plan): void {
  let y = TOP - 8;
  schoolHeading(doc, school, crest, M, y, W - 2 * M, 0.85);
  y += 62;
  rule(doc, M, y, W - M, 1);
  y += 8;
  const titleH = titleHeight(doc, paper.quiz.title);
  doc.font(FONT.bold).fontSize(TITLE.size).fillColor("black");
  doc.text(paper.quiz.title || " ", M, y, { width: W - 2 * M, align: "center", height: titleH + 1, ellipsis: true });
  y += titleH + 6;
  const details = [
    paper.class,
    paper.versions.length > 1 ? `Version ${plan.version.version}` : null,
    paper.quiz.timeLimit ? `Time allowed: ${minutes(paper.quiz.timeLimit)}` : null,
  ]
    .filter(Boolean)
    .join("   ·   ");
  line(doc, details, M, y, W - 2 * M, { size: 11, font: FONT.bold, align: "center" });
  y += 18 + 10;
  line(doc, "INSTRUCTIONS", M, y, W - 2 * M, { size: 9, font: FONT.bold });
  y += 16;
  doc.font(FONT.regular).fontSize(9).fillColor("black");
  instructionsOf(paper, plan).forEach((t, i) => {
    doc.text(`${i + 1}.`, M + 6, y, { lineBreak: false });
    doc.text(t, M + 30, y, { width: W - 2 * M - 30 });
    y = doc.y + 2;
  });
  y += 4;
  rule(doc, M, y, W - M, 0.6);
}

function drawBlock(doc: Doc, b: Block, top: number): void {
  const x = M + NUM_W;
  let y = top;
  line(doc, `${b.n}.`, M, y, NUM_W - 4, { size: TEXT_SIZE, font: FONT.bold });
  if (b.q.marks !== 1) line(doc, `[${b.q.marks} marks]`, W - M - 60, y, 60, { size: 8.5, color: GREY, align: "right" });
  doc.font(FONT.regular).fontSize(TEXT_SIZE).fillColor("black");
  // Cut (never flowed onto a new page) in the rare question longer than a page.
  doc.text(b.q.text || " ", x, y, { width: CONTENT_W - 60, height: Math.max(20, BOTTOM - y), ellipsis: true });
  y = doc.y;
  for (const p of b.pictures) {
    const s = pictureSize(p);
    y += 6;
    if (p.image) doc.image(p.image, x, y, { width: s.w, height: s.h });
    y += s.h;
  }
  const hint = hintOf(b.q, b.n);
  if (hint) {
    y += 4;
    doc.font(FONT.oblique).fontSize(9).fillColor(GREY);
    doc.text(hint, x, y, { width: CONTENT_W });
    y = doc.y;
  }
  if (b.row.kind !== "bubbles") return;
  y += 5;
  const texts = optionTexts(b.q, b.row);
  const colW = CONTENT_W / b.optionCols;
  doc.font(FONT.regular).fontSize(OPTION_SIZE).fillColor("black");
  for (let i = 0; i < texts.length; i += b.optionCols) {
    let rowH = 0;
    texts.slice(i, i + b.optionCols).forEach((t, k) => {
      const ox = x + k * colW;
      doc.font(FONT.bold).text(`${LETTER(i + k)}.`, ox, y, { lineBreak: false });
      doc.font(FONT.regular).text(t || " ", ox + OPTION_GUTTER, y, { width: colW - OPTION_GUTTER });
      rowH = Math.max(rowH, doc.y - y);
    });
    y += rowH + 3;
  }
}
