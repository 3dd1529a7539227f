import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, describe, expect, it } from "vitest";
import { DocumentPool } from "../pool.ts";
import { mock, mockResults, SCHOOL, SUBJECTS, termReports } from "./fixtures.ts";
import { renderDocument } from "./render.ts";

const A4 = [595.28, 841.89];

async function pages(pdf: Uint8Array) {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((p) => {
    const { width, height } = p.getSize();
    return [Math.round(width * 100) / 100, Math.round(height * 100) / 100];
  });
}
async function text(pdf: Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
  return text as string[];
}
const squash = (s: string) => s.replace(/\s+/g, " ");

describe("print renderers (issue 28)", () => {
  it("report cards: one A4 page per student in the given order, with the card's figures and Ghanaian letters", async () => {
    const reports = termReports(4, 3);
    const pdf = await renderDocument({ kind: "report-cards", school: SCHOOL, reports, preview: false });
    expect(await pages(pdf)).toEqual([A4, A4, A4, A4]);
    const t = (await text(pdf)).map(squash);
    expect(t[0]).toContain("ADESUA JHS");
    expect(t[0]).toContain("Kofi Mensah 1");
    expect(t[1]).toContain("Ɛfua Ɔpoku 2");
    expect(t[1]).toContain("2nd out of 4");
    expect(t[1]).toContain("Present 57 out of 60 days");
    expect(t[0]).toContain("Knowledge is light");
    expect(t[0]).toContain("Promoted to JHS 3");
    expect(t[0]).toContain("Tuesday, 12 January 2027");
    expect(t[0]).not.toContain("PREVIEW");
    const preview = await renderDocument({ kind: "report-cards", school: SCHOOL, reports: termReports(1), preview: true });
    const pt = (await text(preview)).join(" ");
    expect(pt).toContain("PREVIEW");
    expect(pt).not.toContain("Promotion");
  });

  it("result slips: two to an A4 page, each with aggregate, position of the sitting and the comparison", async () => {
    const results = mockResults(5);
    const pdf = await renderDocument({ kind: "result-slips", school: SCHOOL, results });
    expect(await pages(pdf)).toEqual([A4, A4, A4]);
    const t = (await text(pdf)).map(squash);
    expect(t[0]).toContain("Kofi Mensah 1");
    expect(t[0]).toContain("Ɛfua Ɔpoku 2");
    expect(t[0]).toContain("1st of 5");
    expect(t[0]).toContain("aggregate 10 then, 6 now (improved by 4)");
    expect(t[1]).toContain("Incomplete");
    expect(t[2]).toContain("Abena Ŋmɛnɛ 5");
  });

  it("broadsheet: landscape A4 with the heading on every page, nine subjects, totals, aggregates and positions", async () => {
    const results = mockResults(70);
    const pdf = await renderDocument({ kind: "broadsheet", school: SCHOOL, results });
    const sizes = await pages(pdf);
    expect(sizes.length).toBeGreaterThan(1);
    for (const s of sizes) expect(s).toEqual([A4[1], A4[0]]);
    const t = (await text(pdf)).map(squash);
    for (const [i, page] of t.entries()) {
      expect(page).toContain("BROADSHEET");
      expect(page).toContain(`Page ${i + 1} of ${t.length}`);
    }
    for (const s of SUBJECTS.slice(0, 4)) expect(t[0]).toContain(s);
    expect(t[0]).toContain("Kofi Mensah 1");
    expect(t.at(-1)).toContain("Mean");
  });

  it("timetable: one page, each paper by date and time", async () => {
    const pdf = await renderDocument({ kind: "timetable", school: SCHOOL, mock: mock() });
    expect(await pages(pdf)).toEqual([A4]);
    const t = squash((await text(pdf))[0]);
    expect(t).toContain("Monday, 8 March 2027");
    expect(t).toContain("08:00–09:00");
    expect(t).toContain("Social Studies");
  });

  it("the crest is drawn once into the file however many cards carry it", async () => {
    const crest = new Uint8Array(
      await sharp({ create: { width: 64, height: 64, channels: 3, background: "#1e6b3a" } })
        .png()
        .toBuffer(),
    );
    const one = await renderDocument({ kind: "report-cards", school: { ...SCHOOL, crest }, reports: termReports(1), preview: false });
    const many = await renderDocument({ kind: "report-cards", school: { ...SCHOOL, crest }, reports: termReports(20), preview: false });
    const images = async (pdf: Uint8Array) => {
      const doc = await PDFDocument.load(pdf);
      return doc.context
        .enumerateIndirectObjects()
        .filter(([, o]) => String((o as { dict?: { get(k: unknown): unknown } }).dict?.get?.(doc.context.obj("Subtype"))) === "/Image").length;
    };
    expect(await images(one)).toBe(1);
    expect(await images(many)).toBe(1);
    // A picture pdfkit cannot read is left out, not a failed print.
    const broken = await renderDocument({
      kind: "report-cards",
      school: { ...SCHOOL, crest: new Uint8Array([1, 2, 3]) },
      reports: termReports(1),
      preview: false,
    });
    expect(await pages(broken)).toHaveLength(1);
  });
});

describe("printing in the document pool", () => {
  const pool = new DocumentPool({ maxThreads: 1 });
  afterAll(() => pool.close());

  it("30 report cards render in a worker with progress reaching 30/30", async () => {
    const seen: [number, number][] = [];
    const pdf = await pool.renderPdf({ kind: "report-cards", school: SCHOOL, reports: termReports(30), preview: false }, (d, t) => seen.push([d, t]));
    expect(await pages(pdf)).toHaveLength(30);
    expect(seen.at(-1)).toEqual([30, 30]);
    expect(seen.every(([, t]) => t === 30)).toBe(true);
    for (let i = 1; i < seen.length; i++) expect(seen[i][0]).toBeGreaterThanOrEqual(seen[i - 1][0]);
  }, 60_000);
});
