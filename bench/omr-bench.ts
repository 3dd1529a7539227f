/**
 * Reading photographed answer sheets (issue 29, "Accuracy, measured"): the whole test set.
 *
 *   npm run bench:omr -- [--sheets 200] [--large-every 5] [--seed 29] [--tag name]
 *
 * Two sittings are printed as a teacher prints them (question papers and answer sheets in one PDF, renderDocument):
 * 30 questions with two written boxes in four versions for 24 students and two blank sheets, and 60 questions in two
 * versions for 12 students. Their answer sheets are found by their QR codes, filled in (solid, tick, cross, light
 * pencil, erased-then-changed, two marks, empty; names and written boxes) and photographed (turned up to 20°, leant up
 * to 15°, blurred, uneven light, a shadow, JPEG 50; every 5th at 3,000 × 4,000, the rest 1,200 × 1,600), then read one
 * at a time by readSheet in this process, as the document worker reads them.
 *
 * Prints rows right / flagged / wrong, sheets refused and why, ms per sheet (p50, p95) and every sheet with a flag, a
 * wrong row or a refusal, with its distortion; writes bench/results/omr-bench[-tag].json.
 * Targets: 0 wrong, at most 2 % of the rows with an answer flagged, every QR code read or the sheet refused with a reason.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { renderDocument } from "../server/src/documents/print/render";
import { paperFixture } from "../server/src/documents/sittings/paper-fixture";
import { readSheet } from "../server/src/documents/sittings/read-sheet";
import {
  accuracyPlan,
  PrintedPdf,
  scoreSheet,
  sheetPhoto,
  sheetsOf,
  summarize,
  troubleList,
  type SheetOutcome,
} from "../server/src/documents/sittings/testset/index";

const { values: args } = parseArgs({
  options: {
    sheets: { type: "string", default: "200" },
    "large-every": { type: "string", default: "5" },
    seed: { type: "string", default: "29" },
    tag: { type: "string" },
    bad: { type: "string", default: "6" },
  },
});
const total = Number(args.sheets);
const largeEvery = Number(args["large-every"]);
const seed = Number(args.seed);

/** Photos hardly anyone could read (far out of focus, nearly dark): each refused with its reason, or read without a wrong row. */
const BAD = [
  { blur: 9, quality: 50 },
  { blur: 14, quality: 40, rotate: 10 },
  { light: 0.97, quality: 50, noise: 10 },
  { blur: 6, light: 0.85, shadow: 0.6, quality: 30, noise: 12 },
];
const badCount = Number(args.bad);

const SITTINGS = [
  { input: { sittingId: 41, questions: 30, boxes: 2, versions: 4, students: 24, blankSheets: 2 }, share: 0.6 },
  { input: { sittingId: 42, questions: 60, boxes: 0, versions: 2, students: 12, blankSheets: 0 }, share: 0.4 },
];

const loadBefore = os.loadavg();
const started = performance.now();
const outcomes: SheetOutcome[] = [];
const makeMs: number[] = [];
const printed: Record<string, unknown>[] = [];
let done = 0;
const bad: { distortion: object; status: string; reason: string | null; message: string | null; wrong: number }[] = [];
for (const [i, s] of SITTINGS.entries()) {
  const count = i === SITTINGS.length - 1 ? total - done : Math.round(total * s.share);
  const doc = paperFixture(s.input);
  const t0 = performance.now();
  const pdfBytes = await renderDocument(doc);
  const printMs = performance.now() - t0;
  const pdf = await PrintedPdf.open(pdfBytes);
  try {
    const t1 = performance.now();
    const sheets = await sheetsOf(pdf);
    printed.push({
      sittingId: s.input.sittingId,
      pages: pdf.pages,
      answerSheets: sheets.length,
      printMs: Math.round(printMs),
      findSheetsMs: Math.round(performance.now() - t1),
    });
    console.log(`sitting ${s.input.sittingId}: ${pdf.pages} pages printed in ${Math.round(printMs)} ms, ${sheets.length} answer sheets found; ${count} photos`);
    for (const request of accuracyPlan(doc.paper, sheets, count, { seed: seed + i, largeEvery })) {
      const photo = await sheetPhoto(pdf, request);
      makeMs.push(photo.ms);
      const t2 = performance.now();
      const reading = await readSheet(photo.jpeg);
      const o = scoreSheet(photo, reading, performance.now() - t2);
      outcomes.push(o);
      done++;
      if (done % 20 === 0 || o.wrong || o.status !== "read")
        console.log(
          `  ${done}/${total} ${o.size} ${o.status}${o.reason ? ` (${o.reason})` : ""}: ${o.right} right, ${o.flagged} flagged, ${o.wrong} wrong, read ${o.readMs} ms`,
        );
    }
    if (i === 0) {
      for (let b = 0; b < badCount; b++) {
        const photo = await sheetPhoto(pdf, { page: sheets[b % sheets.length].page, answers: {}, distortion: { ...BAD[b % BAD.length] }, seed: b });
        const reading = await readSheet(photo.jpeg);
        const o = scoreSheet(photo, reading);
        bad.push({ distortion: BAD[b % BAD.length], status: o.status, reason: o.reason, message: o.message, wrong: o.wrong });
      }
      console.log(`poor photos: ${JSON.stringify(bad.map((b) => b.reason ?? `${b.status}, ${b.wrong} wrong`))}`);
    }
  } finally {
    await pdf.close();
  }
}

const summary = summarize(outcomes);
const trouble = troubleList(outcomes);
const pct = (x: number) => `${(x * 100).toFixed(2)} %`;
const met = {
  noWrong: summary.wrong === 0 && summary.misread === 0,
  flaggedAtMost2pc: summary.flaggedShare <= 0.02,
  everyQrReadOrRefusedWithReason: outcomes.every((o) => o.status === "read" || (o.status === "refused" && !!o.message)),
  unreadablePhotosRefusedOrReadRight: bad.every((b) => (b.status === "refused" && !!b.message) || (b.status === "read" && b.wrong === 0)),
};
console.log(`
${summary.sheets} sheets (${Object.entries(summary.bySize)
  .map(([k, v]) => `${v.sheets} at ${k}`)
  .join(", ")}), ${summary.read} read, ${summary.refused} refused ${JSON.stringify(summary.refusals)}, ${summary.misread} read as another sheet
rows: ${summary.rows} — right ${summary.right} (of which flagged as they must be: ${summary.flaggedAsNeeded}), flagged ${summary.flagged} (${pct(summary.flaggedShare)} of ${summary.answerableRows} rows with an answer), WRONG ${summary.wrong}
read ms per sheet: p50 ${summary.msP50}, p95 ${summary.msP95}; by size ${JSON.stringify(Object.fromEntries(Object.entries(summary.bySize).map(([k, v]) => [k, v.msP50])))}
by style: ${Object.entries(summary.byStyle)
  .map(([k, t]) => `${k} ${t.right}/${t.rows} right, ${t.flagged} flagged, ${t.wrong} wrong`)
  .join("; ")}
darkness (reader's fill): ${Object.entries(summary.darkness)
  .map(([k, d]) => `${k} p5 ${d.p5} p50 ${d.p50} p95 ${d.p95} [${d.min}–${d.max}]`)
  .join("; ")}
targets: 0 wrong ${met.noWrong ? "MET" : "NOT MET"}; ≤ 2 % flagged ${met.flaggedAtMost2pc ? "MET" : "NOT MET"}; every QR read or refused with a reason ${met.everyQrReadOrRefusedWithReason ? "MET" : "NOT MET"}; poor photos refused with a reason ${bad.filter((b) => b.status === "refused").length}/${bad.length}, the rest read without a wrong row ${met.unreadablePhotosRefusedOrReadRight ? "MET" : "NOT MET"}
${trouble.length} sheets with a flag, a wrong row or a refusal${trouble.length ? ":\n  " + trouble.slice(0, 60).join("\n  ") : ""}`);

const result = {
  machine: {
    cpus: os.availableParallelism(),
    loadBefore: loadBefore.map((x) => Math.round(x * 10) / 10),
    loadAfter: os.loadavg().map((x) => Math.round(x * 10) / 10),
    node: process.version,
  },
  at: new Date().toISOString(),
  args: { sheets: total, largeEvery, seed },
  wallS: Math.round((performance.now() - started) / 100) / 10,
  makeMsP50: [...makeMs].sort((a, b) => a - b)[Math.floor(makeMs.length / 2)],
  printed,
  met,
  unreadable: bad,
  summary,
  trouble,
  sheets: outcomes.map(({ darkness: _d, ...o }) => o),
};
const dir = path.join(import.meta.dirname, "results");
fs.mkdirSync(dir, { recursive: true });
const file = path.join(dir, `omr-bench${args.tag ? `-${args.tag}` : ""}.json`);
fs.writeFileSync(file, JSON.stringify(result, null, 1) + "\n");
console.log(`written ${path.relative(process.cwd(), file)}`);
