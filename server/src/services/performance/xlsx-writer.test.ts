import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { columnName, XlsxWriter } from "./xlsx-writer";

async function workbook(sheets: { name: string; rows: (string | number | null)[][] }[]): Promise<ExcelJS.Workbook> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => out.on("end", r));
  const book = new XlsxWriter(
    out,
    sheets.map((s) => s.name),
  );
  for (const [i, s] of sheets.entries()) {
    const sheet = book.sheet(i);
    for (const row of s.rows) sheet.row(row);
    expect(await sheet.caughtUp(out)).toBe(false);
    sheet.end();
  }
  await book.finish();
  await ended;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return wb;
}

const values = (wb: ExcelJS.Workbook, name: string) =>
  wb
    .getWorksheet(name)!
    .getSheetValues()
    .slice(1)
    .map((row) => (row as unknown[]).slice(1));

describe("XlsxWriter", () => {
  it("names columns as a spreadsheet does", () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual(["A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]);
  });

  it("writes sheets that exceljs reads back: text, numbers, blanks, XML's special characters, edge spaces", async () => {
    const wb = await workbook([
      {
        name: "Summary & <notes>",
        rows: [
          ["Quiz", "Score"],
          ["Fractions & decimals <JHS 2>", 66.67],
          ["  spaced  ", -0.5],
        ],
      },
      {
        name: "Students",
        rows: [
          ["Name", "Email", "Score", "Note"],
          ['Ama "Nana" Owusu', null, 80, ""],
          ["Kofi\u0001 Mensah", "kofi@test.school", 0, "Yaw's > Esi's"],
        ],
      },
    ]);
    expect(wb.worksheets.map((w) => w.name)).toEqual(["Summary & <notes>", "Students"]);
    expect(values(wb, "Summary & <notes>")).toEqual([
      ["Quiz", "Score"],
      ["Fractions & decimals <JHS 2>", 66.67],
      ["  spaced  ", -0.5],
    ]);
    // A blank cell (null or "") is left out; a character XML forbids is dropped.
    const students = values(wb, "Students");
    expect(students[1]).toEqual(['Ama "Nana" Owusu', undefined, 80]);
    expect(students[2]).toEqual(["Kofi Mensah", "kofi@test.school", 0, "Yaw's > Esi's"]);
  });

  it("streams many rows without holding them", async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [i, `Student ${i}`, i % 101]);
    const wb = await workbook([{ name: "Big", rows }]);
    const got = values(wb, "Big");
    expect(got).toHaveLength(20_000);
    expect(got[19_999]).toEqual([19_999, "Student 19999", 19_999 % 101]);
  });
});
