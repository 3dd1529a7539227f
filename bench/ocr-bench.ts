/**
 * OCR of scanned papers and phone photos (issue 27): time per page and per paper, and how many questions come back
 * whole (text and four options right), one paper at a time as the server reads them (the document pool's OCR
 * process: forked, nice 19, the English model from npm, nothing downloaded).
 *
 *   npx tsx bench/ocr-bench.ts [--pages 4] [--runs 3]
 *
 * The papers are made here: a typed PDF rendered to pictures, each turned (up to 9°), shaded and speckled, wrapped
 * into a PDF with a scanner app's stamp; the photo is a 2,400 px JPEG turned 8° with light falling off to half.
 * Writes bench/results/ocr-bench.json. Target: a 4-page scanned A4 paper in under 60 s on the 2-core machine.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DocumentPool } from "../server/src/documents/pool";
import { phonePhoto, scannedPaper } from "../server/src/documents/ocr/make-scan";
import type { QuestionParseResult } from "../server/src/documents/types";

const { values: args } = parseArgs({ options: { pages: { type: "string", default: "4" }, runs: { type: "string", default: "3" } } });
const pages = Number(args.pages);
const runs = Number(args.runs);
const OPTIONS = ["Water", "Copper", "Oxygen", "Sunlight"];

const whole = (r: QuestionParseResult) =>
  r.questions.filter((q) => /^Which of the following .s a /.test(q.text) && q.options.join("|") === OPTIONS.join("|")).length;

async function timed(pool: DocumentPool, bytes: Uint8Array, name: string) {
  const t0 = performance.now();
  const pageDone: number[] = [];
  let firstPageAt: number | null = null;
  const r = await pool.parseQuestionFile(bytes, name, (p) => {
    if (p.stage.startsWith("Reading page") && firstPageAt === null) firstPageAt = performance.now();
    if (p.pagesDone > pageDone.length) pageDone.push(performance.now());
  });
  const total = performance.now() - t0;
  // Per page: from the first page's start to the last page's end, divided by the pages (start-up left out).
  const pagesMs = firstPageAt !== null && pageDone.length ? (pageDone[pageDone.length - 1] - firstPageAt) / pageDone.length : null;
  return {
    totalMs: Math.round(total),
    perPageMs: pagesMs === null ? null : Math.round(pagesMs),
    startupMs: firstPageAt === null ? null : Math.round(firstPageAt - t0),
    result: r,
  };
}

const pool = new DocumentPool();
try {
  console.log(`making a ${pages}-page scanned paper and a phone photo…`);
  const paper = await scannedPaper(pages);
  const photo = await phonePhoto(10);
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < runs; i++) {
    const s = await timed(pool, paper.pdf, "scan.pdf");
    const row = {
      kind: "scan",
      pages,
      totalMs: s.totalMs,
      perPageMs: s.perPageMs,
      startupMs: s.startupMs,
      questions: s.result.questions.length,
      whole: whole(s.result),
      expected: paper.questions,
    };
    console.log(JSON.stringify(row));
    rows.push(row);
    const p = await timed(pool, photo, "photo.jpg");
    const prow = {
      kind: "photo",
      pages: 1,
      totalMs: p.totalMs,
      perPageMs: p.perPageMs,
      startupMs: p.startupMs,
      questions: p.result.questions.length,
      whole: whole(p.result),
      expected: 10,
    };
    console.log(JSON.stringify(prow));
    rows.push(prow);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const scans = rows.filter((r) => r.kind === "scan");
  const photos = rows.filter((r) => r.kind === "photo");
  const summary = {
    machine: { cpus: os.availableParallelism(), load: os.loadavg().map((x) => Math.round(x * 10) / 10), node: process.version },
    scan: { pages, medianPaperS: median(scans.map((r) => r.totalMs as number)) / 1000, medianPageS: median(scans.map((r) => r.perPageMs as number)) / 1000 },
    photo: { medianS: median(photos.map((r) => r.totalMs as number)) / 1000 },
    targetPaperS: 60,
    rows,
  };
  console.log(JSON.stringify({ scan: summary.scan, photo: summary.photo, machine: summary.machine }));
  fs.mkdirSync(path.join(import.meta.dirname, "results"), { recursive: true });
  fs.writeFileSync(path.join(import.meta.dirname, "results", "ocr-bench.json"), JSON.stringify(summary, null, 2) + "\n");
} finally {
  await pool.close();
}
