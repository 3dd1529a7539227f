import { SITTING_MESSAGES } from "@adesua/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { paperFixturePrint, renderAnswerSheets } from "./paper-fixture.ts";
import { readSheet } from "./read-sheet.ts";
import { accuracyPlan, PrintedPdf, scoreSheet, sheetPhoto, sheetsOf, summarize, troubleList, type SheetOutcome, type Summary } from "./testset/index.ts";

/**
 * The reader against photos of printed, filled answer sheets (issue 29, "Accuracy, measured"), the `npm test` sample:
 * 20 sheets of a 30-question sitting in two versions (single choice of 3–5 options, true/false, multiple answers),
 * filled solid, ticked, crossed, in light pencil, erased-then-changed, with two marks and empty rows, photographed
 * turned up to 20°, leant up to 15°, blurred, unevenly lit and shadowed, JPEG quality 50, at 1,200 × 1,600 and
 * 3,000 × 4,000. The whole set of 200+ is bench/omr-bench.ts.
 */
const SHEETS = 20;
const outcomes: SheetOutcome[] = [];
let summary: Summary;
let trouble = "";
let sizes: string[] = [];
let makeMs = 0;

beforeAll(async () => {
  const paper = paperFixturePrint({ questions: 30, boxes: 2, students: 8, versions: 2, blankSheets: 2 });
  const { pdf } = await renderAnswerSheets(paper);
  const printed = await PrintedPdf.open(pdf);
  try {
    const sheets = await sheetsOf(printed);
    expect(sheets.length).toBe(10);
    // Every seventh at 3,000 × 4,000 (two of them): the large ones cost about five times as much to make.
    for (const request of accuracyPlan(paper, sheets, SHEETS, { seed: 29, largeEvery: 7 })) {
      const photo = await sheetPhoto(printed, request);
      makeMs += photo.ms;
      const t0 = performance.now();
      const reading = await readSheet(photo.jpeg);
      outcomes.push(scoreSheet(photo, reading, performance.now() - t0));
    }
  } finally {
    await printed.close();
  }
  summary = summarize(outcomes);
  trouble = troubleList(outcomes).join("\n");
  sizes = [...new Set(outcomes.map((o) => o.size))].sort();
  console.log(
    `accuracy sample: ${summary.sheets} sheets, ${summary.rows} rows read: ${summary.right} right, ${summary.flagged} flagged ` +
      `(${(summary.flaggedShare * 100).toFixed(1)} % of ${summary.answerableRows} answerable), ${summary.wrong} wrong; ` +
      `${summary.refused} refused; read p50 ${summary.msP50} ms, p95 ${summary.msP95} ms; photos made in ${Math.round(makeMs / 1000)} s`,
  );
}, 240_000);

describe("reading photographed answer sheets (issue 29 accuracy sample)", () => {
  it("covers both photo sizes and every way of marking", () => {
    expect(sizes).toEqual(["1200x1600", "3000x4000"]);
    expect(Object.keys(summary.byStyle).sort()).toEqual(["cross", "empty", "erased", "pencil", "solid", "tick", "two marks"]);
  });

  it("records no wrong answer: every uncertain row is flagged, never guessed", () => {
    expect(summary.misread, trouble).toBe(0);
    expect(summary.wrong, trouble).toBe(0);
  });

  it("reads every QR code, or refuses the sheet with the reason the teacher is told", () => {
    for (const o of outcomes) {
      if (o.status === "read") continue;
      expect(o.status).toBe("refused");
      expect([SITTING_MESSAGES.qrUnreadable, SITTING_MESSAGES.markersNotFound, SITTING_MESSAGES.notOurSheet]).toContain(o.message);
    }
  });

  it("flags at most 2 % of the rows that have an answer", () => {
    expect(summary.flaggedShare, trouble).toBeLessThanOrEqual(0.02);
  });

  it("reads most sheets (refusals are reported, and none may be a sheet read as another)", () => {
    expect(summary.read, trouble).toBeGreaterThanOrEqual(SHEETS - 1);
  });
});
