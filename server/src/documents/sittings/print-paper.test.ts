import jsQR from "jsqr";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { openPdf, renderPage } from "../ocr/render.ts";
import { renderDocument } from "../print/render.ts";
import { encodeSheetCode, MARKER_CENTRES, PAGE_H, PAGE_W, QR_BOX, sheetLayout } from "./layout.ts";
import { paperFixture, renderAnswerSheets } from "./paper-fixture.ts";
import { paperSheets } from "./paper-types.ts";

/** Issue 29: the question paper of each version and one answer sheet per student, drawn from layout.ts. */

async function pagesText(pdf: Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
  return (text as string[]).map((t) => t.replace(/\s+/g, " "));
}

async function pageGray(pdf: Uint8Array, n: number) {
  const png = await renderPage(await openPdf(pdf), n);
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, k: info.width / PAGE_W };
}

function counting() {
  const seen = { total: -1, steps: 0 };
  return { seen, hooks: { start: (n: number) => (seen.total = n), step: () => seen.steps++ } };
}

describe("paper sitting print (issue 29)", () => {
  it("prints each version's question paper, then a sheet per student in class order and the blank sheets, counting every page", async () => {
    const doc = paperFixture({ questions: 30, boxes: 4, students: 5, versions: 2, blankSheets: 2 });
    const { seen, hooks } = counting();
    const pdf = await renderDocument(doc, hooks);
    const t = await pagesText(pdf);
    expect(seen.total).toBe(t.length);
    expect(seen.steps).toBe(t.length);
    const sheets = paperSheets(doc.paper);
    expect(sheets.map((s) => s.version)).toEqual([1, 2, 1, 2, 1, 1, 2]);
    const firstSheet = t.length - sheets.length;
    const paperPages = t.slice(0, firstSheet);
    expect(paperPages.filter((p) => p.includes("Version 1")).length).toBeGreaterThan(0);
    expect(paperPages.filter((p) => p.includes("Version 2")).length).toBeGreaterThan(0);
    expect(paperPages[0]).toContain("Time allowed: 1 hour");
    expect(paperPages[0]).toContain("Questions 1–30: choose the answer and fill its bubble");
    expect(paperPages[0]).toContain("Questions 31–34: write your answer in the box with the same number");
    expect(paperPages.join(" ")).toContain("Write your answer in box 32 on the answer sheet (in cm²).");
    expect(paperPages.at(-1)).toContain("END OF PAPER");
    sheets.forEach((s, i) => {
      const page = t[firstSheet + i];
      expect(page).toContain("Index number");
      expect(page).toContain("JHS 2B");
      expect(page).toContain(`Version ${s.version}`);
      if (s.name) expect(page).toContain(`Name: ${s.name}`);
      else expect(page).toContain("write your name and index number");
    });
    expect(t[firstSheet + 1]).toContain("Ɛfua Ɔpoku 2");
  });

  it("letters each version's options in its printed order, true/false as A. True B. False", async () => {
    const doc = paperFixture({ questions: 14, students: 1, versions: 2 });
    const t = (await pagesText(await renderDocument(doc))).join(" ");
    const byId = new Map(doc.paper.questions.map((q) => [q.id, q]));
    const v2 = doc.paper.versions[1];
    const first = v2.questions[0];
    const q = byId.get(first.questionId)!;
    // "1. <text> A. <option[options[0]]> B. …" in version 2's paper.
    const start = t.indexOf("Version 2 · Time allowed");
    const expected = `1. ${q.text} ${q.type === "multiple" ? "Choose all the correct answers: fill the bubble of each. " : ""}A. ${q.type === "true_false" ? "True" : q.options[first.options[0]]} B.`;
    expect(t.slice(start)).toContain(expected);
    expect(t).toMatch(/A\. True B\. False/);
  });

  it("draws the corner squares solid, the QR code readable with its quiet zone white, the bubbles' places as layout.ts has them", async () => {
    const paper = paperFixture({ questions: 30, boxes: 2, students: 1, versions: 2, blankSheets: 1, sittingId: 4321 }).paper;
    const { pdf, sheets } = await renderAnswerSheets(paper);
    for (const [i, s] of sheets.entries()) {
      const g = await pageGray(pdf, i + 1);
      const at = (x: number, y: number) => g.data[Math.round(y * g.k) * g.width + Math.round(x * g.k)];
      for (const c of MARKER_CENTRES) expect(at(c.x, c.y)).toBeLessThan(60);
      // The quiet zone: the QR box's edge is white all round.
      for (let d = 1; d < QR_BOX.w; d += 7) {
        expect(at(QR_BOX.x + d, QR_BOX.y + 2)).toBeGreaterThan(200);
        expect(at(QR_BOX.x + d, QR_BOX.y + QR_BOX.h - 2)).toBeGreaterThan(200);
      }
      const crop = { x: Math.round(QR_BOX.x * g.k), y: Math.round(QR_BOX.y * g.k), w: Math.round(QR_BOX.w * g.k), h: Math.round(QR_BOX.h * g.k) };
      const rgba = new Uint8ClampedArray(crop.w * crop.h * 4);
      for (let y = 0; y < crop.h; y++)
        for (let x = 0; x < crop.w; x++) {
          const v = g.data[(crop.y + y) * g.width + crop.x + x];
          rgba.set([v, v, v, 255], (y * crop.w + x) * 4);
        }
      expect(jsQR(rgba, crop.w, crop.h)?.data).toBe(encodeSheetCode({ sittingId: 4321, student: s.student, version: s.version, bubbles: 30, boxes: 2 }));
      // A bubble's outline is dark on its circle and its centre light (the letter is small and grey).
      const layout = sheetLayout(30, 2)!;
      const b = layout.bubbleRows[29].bubbles[4];
      expect(at(b.cx + b.r, b.cy)).toBeLessThan(128);
      expect(at(b.cx - b.r * 0.6, b.cy - b.r * 0.6)).toBeGreaterThan(200);
      const box = layout.boxRows[1].box;
      expect(at(box.x + box.w / 2, box.y)).toBeLessThan(128);
      expect(at(box.x + box.w / 2, box.y + box.h / 2)).toBeGreaterThan(200);
      // Nothing between the bottom corner squares and the page's bottom edge but white.
      expect(at(PAGE_W / 2, PAGE_H - 30)).toBeGreaterThan(240);
    }
  });

  it("fits 100 bubble rows on one sheet and refuses to draw a sheet that cannot hold its rows", async () => {
    const { pdf } = await renderAnswerSheets(paperFixture({ questions: 100, students: 1 }).paper);
    const [page] = await pagesText(pdf);
    expect(page).toMatch(/\b100\b/);
    await expect(renderDocument(paperFixture({ questions: 101, students: 1 }))).rejects.toThrow(/cannot hold/);
  });

  it("leaves the number of a question removed since the sitting was made, with a note", async () => {
    const doc = paperFixture({ questions: 6, students: 1 });
    const gone = doc.paper.versions[0].questions[2].questionId;
    doc.paper.questions = doc.paper.questions.filter((q) => q.id !== gone);
    const t = (await pagesText(await renderDocument(doc))).join(" ");
    expect(t).toContain("3. This question was removed from the quiz. Leave number 3 empty on the answer sheet.");
    expect(t).toContain("4. ");
  });

  it("draws a class of 40 (30 questions, 2 versions) in well under 10 s", async () => {
    const doc = paperFixture({ questions: 30, students: 40, versions: 2 });
    const started = performance.now();
    const cpu = process.cpuUsage();
    const { seen, hooks } = counting();
    await renderDocument(doc, hooks);
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    console.log(
      `paper print: 40 sheets + question papers, ${seen.total} pages in ${Math.round(ms)} ms (${Math.round((used.user + used.system) / 1000)} ms CPU)`,
    );
    expect(seen.steps).toBe(seen.total);
    expect(ms).toBeLessThan(10_000);
  }, 30_000);
});
