/**
 * Parse benchmark: builds a 100-question DOCX and a 100-question PDF like a teacher's paper (title,
 * instructions, sections, a passage, Word's automatic numbering, options one per line, on one line and in a
 * grid, answers marked by "Answer:", bold and *, Word equations and PDF superscripts in every tenth stem, running
 * headers, footers and page numbers in the PDF), checks
 * that all 100 questions and answers are read, then times reading them:
 *   - in-thread: the reader and recogniser alone;
 *   - pool: through the worker pool as the routes will call it (warm worker; includes the copy to and from it).
 *
 *   npm run bench:parse [-- --runs 20]
 *
 * Targets: DOCX under 300 ms, PDF under 500 ms. Writes bench/results/parse-bench.json.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DocumentPool } from "../server/src/documents/pool";
import { readQuestionDocument } from "../server/src/documents/read";
import { auto, autoMath, buildDocx, buildPdf, grid, type PdfPage, type PdfRuns } from "../server/src/documents/test/build-files";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf("--runs") + 1] || 20) || 20;
const QUESTIONS = 100;

const stem = (n: number) =>
  `A trader bought ${n + 10} bags of maize at GHS ${(n * 3.5).toFixed(2)} each and sold each bag for GHS ${(n * 4.25).toFixed(2)}. What was her total profit on the bags she sold?`;
const opts = (n: number) => [`GHS ${n * 2}.00`, `GHS ${n * 3}.50`, `GHS ${n * 4}.25`, `GHS ${n * 5}.75`];

async function docx(): Promise<Uint8Array> {
  const children: Parameters<typeof buildDocx>[0] = ["BASIC EDUCATION CERTIFICATE EXAMINATION", "MATHEMATICS PAPER 1", "Answer all questions.", "SECTION A"];
  for (let n = 1; n <= QUESTIONS; n++) {
    const o = opts(n);
    if (n === 51)
      children.push(
        "SECTION B",
        "Read the passage below and answer the questions that follow.",
        "Kofi and Ama sell oranges at the Kejetia market every Saturday. ".repeat(4),
      );
    // Questions in Word's automatic numbering throughout (as a teacher's paper is), options in four styles.
    // Every tenth stem holds a Word equation (OMML), as maths papers do (issue 27).
    children.push(n % 10 === 5 ? autoMath(0, `${stem(n)} Then evaluate `, [{ sup: ["2", "3"] }, " × ", { frac: ["x+1", "2"] }]) : auto(stem(n), 0));
    switch (n % 4) {
      case 0: // automatic lettering, bold answer
        children.push(...o.map((x, i) => auto(i === 2 ? `**${x}**` : x, 1)));
        break;
      case 1: // typed, one per line, Answer: line
        children.push(...o.map((x, i) => `${"ABCD"[i]}. ${x}`), "Answer: C");
        break;
      case 2: // options on one line, starred answer
        children.push(o.map((x, i) => `${"ABCD"[i]}. ${x}${i === 1 ? " *" : ""}`).join("   "));
        break;
      default: // options in a grid, bold answer
        children.push(
          grid([
            [`A. ${o[0]}`, `**B. ${o[1]}**`],
            [`C. ${o[2]}`, `D. ${o[3]}`],
          ]),
        );
    }
  }
  return buildDocx(children);
}

async function pdf(): Promise<Uint8Array> {
  const lines: (string | string[] | PdfRuns)[] = ["BASIC EDUCATION CERTIFICATE EXAMINATION", "Answer all questions."];
  for (let n = 1; n <= QUESTIONS; n++) {
    const s = stem(n);
    lines.push(`${n}. ${s.slice(0, 80)}`, s.slice(80));
    // Every tenth stem ends with a superscript printed small and raised (x²), read as x^2 (issue 27).
    if (n % 10 === 5) lines.push({ runs: [{ text: "If x" }, { text: "2", size: 7, rise: 4 }, { text: " = 49, find x." }] });
    const o = opts(n);
    if (n % 2) lines.push(o.map((x, i) => `${"ABCD"[i]}. ${x}${i === 0 ? " *" : ""}`));
    else lines.push(...o.map((x, i) => `(${"abcd"[i]}) ${x}`), "Answer: D");
  }
  const pages: PdfPage[] = [];
  for (let i = 0; i < lines.length; i += 36) pages.push({ header: "BECE 2019 MATHEMATICS", footer: `Page ${pages.length + 1}`, lines: lines.slice(i, i + 36) });
  return buildPdf(pages);
}

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  const q = (f: number) => s[Math.min(s.length - 1, Math.floor(f * s.length))];
  return { median: +q(0.5).toFixed(1), p95: +q(0.95).toFixed(1), min: +s[0].toFixed(1), max: +s[s.length - 1].toFixed(1) };
};

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 3; i++) await fn(); // warm-up: JIT, worker start, pdf.js load
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

const files = { docx: await docx(), pdf: await pdf() };
for (const [kind, bytes] of Object.entries(files)) {
  const r = await readQuestionDocument(bytes);
  const answered = r.questions.filter((q) => q.answer).length;
  if (r.questions.length !== QUESTIONS || answered !== QUESTIONS) {
    throw new Error(
      `${kind}: read ${r.questions.length} questions, ${answered} answered (expected ${QUESTIONS}); warnings: ${JSON.stringify(r.warnings.slice(0, 5))}`,
    );
  }
}

const pool = new DocumentPool({ maxThreads: 1 });
const results: Record<string, unknown> = {};
for (const [kind, bytes] of Object.entries(files)) {
  const inThread = stats(await time(() => readQuestionDocument(bytes)));
  const viaPool = stats(await time(() => pool.parseQuestionFile(bytes, `paper.${kind}`)));
  results[kind] = { bytes: bytes.length, questions: QUESTIONS, inThread, pool: viaPool };
  console.log(
    `${kind.padEnd(4)} ${(bytes.length / 1024).toFixed(0).padStart(4)} KB  in-thread median ${inThread.median} ms p95 ${inThread.p95} ms | pool median ${viaPool.median} ms p95 ${viaPool.p95} ms`,
  );
}
await pool.close();

const out = {
  when: new Date().toISOString(),
  node: process.version,
  cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}`,
  loadavg: os.loadavg().map((x) => +x.toFixed(2)),
  runs,
  targets: { docxMs: 300, pdfMs: 500 },
  results,
};
fs.mkdirSync(path.join(here, "results"), { recursive: true });
fs.writeFileSync(path.join(here, "results/parse-bench.json"), JSON.stringify(out, null, 2) + "\n");
console.log(`load average ${out.loadavg.join(" ")}; written to bench/results/parse-bench.json`);
