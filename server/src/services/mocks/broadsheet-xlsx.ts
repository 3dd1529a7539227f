import ExcelJS from "exceljs";
import { STUDENT_TYPE_LABELS, type MockResults, type StudentType } from "@adesua/domain";

/**
 * The broadsheet as an Excel workbook (issue 28): a title row with the mock and level, then one row per student with
 * each subject's score and grade, the total, the aggregate and the position; landscape A4, fitted to the page width,
 * the header rows repeated on every printed page. Built in memory (a level of 300 students is a few hundred KB).
 */
export async function broadsheetXlsx(results: MockResults, schoolName: string): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  wb.creator = "Adesua";
  const ws = wb.addWorksheet("Broadsheet", {
    pageSetup: { orientation: "landscape", paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: "3:4" },
    views: [{ state: "frozen", xSplit: 2, ySplit: 4 }],
  });
  const subjects = results.subjects.length ? results.subjects.map((s) => s.name) : (results.students[0]?.subjects.map((s) => s.name) ?? []);
  const level = STUDENT_TYPE_LABELS[results.mock.level as StudentType] ?? results.mock.level;
  const width = 2 + subjects.length * 2 + 4;

  ws.getCell(1, 1).value = `${schoolName}: ${results.mock.title}`;
  ws.getCell(1, 1).font = { bold: true, size: 14 };
  ws.getCell(2, 1).value = `${level} broadsheet · ${results.sitting} students · grading: ${results.mock.grading}`;
  ws.mergeCells(1, 1, 1, width);
  ws.mergeCells(2, 1, 2, width);

  // Row 3: subject names over their two columns; row 4: Score / Grade.
  const head3: (string | null)[] = ["Name", "Class"];
  const head4: string[] = ["", ""];
  for (const s of subjects) {
    head3.push(s, null);
    head4.push("Score", "Grade");
  }
  head3.push("Total", "Aggregate", "Position", "Note");
  head4.push("", "", "", "");
  ws.getRow(3).values = head3;
  ws.getRow(4).values = head4;
  subjects.forEach((_, i) => ws.mergeCells(3, 3 + i * 2, 3, 4 + i * 2));
  for (const r of [3, 4]) {
    ws.getRow(r).font = { bold: true };
    ws.getRow(r).alignment = { horizontal: "center", vertical: "middle", wrapText: true };
  }

  for (const st of results.students) {
    const cells: (string | number | null)[] = [st.name, st.class];
    for (const name of subjects) {
      const s = st.subjects.find((x) => x.name === name);
      cells.push(s?.score ?? null, s?.grade ?? null);
    }
    cells.push(st.total, st.aggregate, st.position, st.incomplete ? "Incomplete" : null);
    ws.addRow(cells);
  }

  ws.getColumn(1).width = 28;
  ws.getColumn(2).width = 9;
  for (let c = 3; c <= width; c++) ws.getColumn(c).width = 8;
  const grid: Partial<ExcelJS.Borders> = { top: { style: "thin" }, left: { style: "thin" }, bottom: { style: "thin" }, right: { style: "thin" } };
  for (let r = 3; r <= ws.rowCount; r++) for (let c = 1; c <= width; c++) ws.getCell(r, c).border = grid;
  return new Uint8Array(await wb.xlsx.writeBuffer());
}
