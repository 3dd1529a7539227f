import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { DOCUMENT_MESSAGES } from "./errors.ts";
import { SCAN_MESSAGES } from "./ocr/scan";
import { OCR_MESSAGES } from "./ocr/runner";
import { damagedPage, paperLines, typedPaper } from "./ocr/make-scan";
import { DocumentPool } from "./pool.ts";
import { buildDoc, buildDocx, buildPdf, buildScannedPdf, buildZip, picture, TINY_PNG } from "./test/build-files.ts";

const pool = new DocumentPool({ maxThreads: 1 });
afterAll(() => pool.close());

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e: { status: number; message: string }) => ({ status: e.status, message: e.message }),
  );

describe("the document worker pool", () => {
  it("runs the reading in a worker thread, not on the request thread", async () => {
    expect(await pool.probe()).toMatchObject({ isMainThread: false });
  });

  it.runIf(process.platform === "linux")("reads documents at the lowest CPU priority, so an exam's saves win the CPU", async () => {
    expect((await pool.probe()).priority).toBe(19);
    // The server's own thread keeps its priority.
    expect(os.getPriority()).toBeLessThan(19);
  });

  it.each([
    ["node --import tsx (the server's own command)", true],
    ["tsx registered in-process (npm start)", false],
  ])("starts its TypeScript worker under %s, from any working directory", (_, viaFlag) => {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "adesua-pool-"));
    const script = path.join(dir, "probe.mjs");
    fs.writeFileSync(
      script,
      [
        viaFlag ? "" : `const { register } = await import(${JSON.stringify(new URL("esm/api/index.mjs", tsx).href)}); register();`,
        `const { DocumentPool } = await import(${JSON.stringify(new URL("./pool.ts", import.meta.url).href)});`,
        "const pool = new DocumentPool({ maxThreads: 1 });",
        "console.log(JSON.stringify(await pool.probe()));",
        "await pool.close();",
      ].join("\n"),
    );
    try {
      const out = execFileSync(process.execPath, [...(viaFlag ? ["--import", tsx] : []), script], { cwd: "/", encoding: "utf8", timeout: 30_000 });
      expect(JSON.parse(out.trim())).toMatchObject({ isMainThread: false });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads a question paper in the worker, pictures included", async () => {
    const file = await buildDocx(["1. Study the diagram.", picture(), "A. a cell", "B. a leaf", "Answer: A"]);
    const r = await pool.parseQuestionFile(file, "Paper 1.DOCX");
    expect(r.questions).toMatchObject([{ text: "Study the diagram.", options: ["a cell", "a leaf"], answer: "a cell" }]);
    expect(r.questions[0].images![0].bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(r.questions[0].images![0].bytes).equals(Buffer.from(TINY_PNG))).toBe(true);
  });

  it("reads a .doc in the worker", async () => {
    expect((await pool.parseQuestionFile(buildDoc(["1. 2 + 2 =", "A. 3", "B. 4 *"]), "old.doc")).questions).toEqual([
      { text: "2 + 2 =", options: ["3", "4"], answer: "4" },
    ]);
  });

  it("reads an answer key and the CSV template in the worker", async () => {
    expect((await pool.parseAnswerFile(await buildPdf([{ lines: ["1.A 2.B"] }]), "key.pdf")).answers).toEqual(["A", "B"]);
    const csv = new TextEncoder().encode("question,optionA,optionB,optionC,optionD,correctOption\nQ,a,b,c,d,C\n");
    expect(await pool.parseQuestionCsv(csv)).toEqual({ ok: true, questions: [{ text: "Q", options: ["a", "b", "c", "d"], answer: "c" }] });
    expect((await pool.importQuestions(new TextEncoder().encode("Q?\nA. x\nB. y\nANSWER: A\n"), "aiken")).questions).toHaveLength(1);
  });

  it("refuses a PNG named .pdf (415) without reaching a worker", async () => {
    expect(await refusal(pool.parseQuestionFile(TINY_PNG, "paper.pdf"))).toEqual({ status: 415, message: DOCUMENT_MESSAGES.unsupported });
  });

  it("refuses a file type outside .pdf, .doc, .docx by name too", async () => {
    expect(await refusal(pool.parseQuestionFile(await buildPdf([{ lines: ["1. a"] }]), "paper.txt"))).toEqual({
      status: 415,
      message: DOCUMENT_MESSAGES.unsupported,
    });
  });

  it("refuses a 12 MB file with 413", async () => {
    const big = new Uint8Array(12 * 1024 * 1024);
    big.set(new TextEncoder().encode("%PDF-1.7\n"));
    expect(await refusal(pool.parseQuestionFile(big, "big.pdf"))).toEqual({ status: 413, message: DOCUMENT_MESSAGES.tooLarge });
  });

  it("carries the worker's refusals back with their status: no text layer, zip bomb, damaged .doc", async () => {
    // A PDF with no text layer is read by OCR (issue 27): this one's only picture is a pixel, so nothing is read.
    expect(await refusal(pool.parseQuestionFile(await buildScannedPdf(), "scan.pdf"))).toEqual({ status: 422, message: SCAN_MESSAGES.nothingRead });
    expect(await refusal(pool.parseQuestionFile(buildZip("word/document.xml", new Uint8Array(100 * 1024 * 1024)), "bomb.docx"))).toEqual({
      status: 413,
      message: DOCUMENT_MESSAGES.zipBomb,
    });
    const fakeDoc = new Uint8Array(4096);
    fakeDoc.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await refusal(pool.parseQuestionFile(fakeDoc, "old.doc"))).toEqual({ status: 422, message: DOCUMENT_MESSAGES.damagedDoc });
  });

  it("stops a file that takes longer than the time limit (422) and keeps serving", async () => {
    const slow = new DocumentPool({ maxThreads: 1, timeoutMs: 30 });
    try {
      const pages = Array.from({ length: 40 }, (_, i) => ({ lines: Array.from({ length: 30 }, (_, k) => `${i * 30 + k + 1}. Question text`) }));
      expect(await refusal(slow.parseQuestionFile(await buildPdf(pages), "long.pdf"))).toEqual({ status: 422, message: DOCUMENT_MESSAGES.tooSlow });
    } finally {
      await slow.close();
    }
    expect(await pool.probe()).toMatchObject({ isMainThread: false });
  });

  it("turns a worker that runs out of memory into a 422 for that file only", { timeout: 120_000 }, async () => {
    // A small .docx whose document.xml unpacks to 12 MB of tiny paragraphs: within the unpack limit, but its
    // XML tree outgrows a 48 MB heap. The worker dies, that file gets 422, and the pool goes on serving.
    const xml = `<w:document xmlns:w="w"><w:body>${"<w:p><w:r><w:t>x</w:t></w:r></w:p>".repeat(350_000)}</w:body></w:document>`;
    const file = buildZip("word/document.xml", new TextEncoder().encode(xml));
    // The time limit out of the way: the document threads run at the lowest CPU priority, and on a machine busy with
    // the rest of the suite the heap once filled only after the default 20 s limit had stopped the file (a CI run).
    const small = new DocumentPool({ maxThreads: 1, maxOldGenerationSizeMb: 48, timeoutMs: 100_000 });
    try {
      const err = await small.parseQuestionFile(file, "huge.docx").catch((e: unknown) => e);
      expect(err).toMatchObject({ status: 422, message: DOCUMENT_MESSAGES.crashed, cause: { code: "ERR_WORKER_OUT_OF_MEMORY" } });
      expect(await small.probe()).toMatchObject({ isMainThread: false });
    } finally {
      await small.close();
    }
  });
});

describe("the OCR process (scans and photos, issue 27)", () => {
  const photo = async () => damagedPage(await typedPaper([paperLines(2)]), 1, { angle: 4 });

  it("stops a scan past its memory limit or its time limit with 422, for that file only", async () => {
    const bytes = await photo();
    const tight = new DocumentPool({ maxThreads: 1, ocr: { maxRssMb: 60 } });
    try {
      expect(await refusal(tight.parseQuestionFile(bytes, "photo.jpg"))).toEqual({ status: 422, message: OCR_MESSAGES.tooMuchMemory });
    } finally {
      await tight.close();
    }
    const slow = new DocumentPool({ maxThreads: 1, ocr: { timeoutMs: 300 } });
    try {
      expect(await refusal(slow.parseQuestionFile(bytes, "photo.jpg"))).toEqual({ status: 422, message: DOCUMENT_MESSAGES.tooSlow });
    } finally {
      await slow.close();
    }
    // The shared pool still reads papers.
    expect(await pool.probe()).toMatchObject({ isMainThread: false });
  }, 60_000);

  it("reads one paper at a time, in order, each reporting its pages", async () => {
    const bytes = await photo();
    const order: string[] = [];
    const read = (name: string) =>
      pool
        .parseQuestionFile(bytes, name, (p) => {
          if (p.stage.startsWith("Reading page")) order.push(`${name} start`);
        })
        .then((r) => {
          order.push(`${name} done`);
          return r;
        });
    const [a, b] = await Promise.all([read("a.png.jpg"), read("b.jpg")]);
    expect(order).toEqual(["a.png.jpg start", "a.png.jpg done", "b.jpg start", "b.jpg done"]);
    expect(a.questions).toHaveLength(2);
    expect(b.questions).toHaveLength(2);
  }, 90_000);
});
