import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, type TestApp } from "../test/test-app";
import { buildCourse, buildQuiz, buildUser, signedIn } from "../test/factories";
import { buildSubmission } from "../test/performance";
import { form } from "../test/uploads";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { questions } from "./db/schema";
import { csvCell, csvDocument, unescapeCsvCell } from "./lib/csv-writer";

/**
 * Issue 25 item 6: one CSV writer for every export. Every CSV the server sends starts with the UTF-8 BOM
 * (Excel then shows Ɛ and Ɔ), and no cell starts with =, +, -, @, a tab or a carriage return (OWASP's
 * formula injection) unless it is a plain number. The question bank's CSV goes back in exactly.
 */

let t: TestApp;
let admin: string;
let teacher: string;
let ids: { quiz: number; student: number };

const EVIL = ["=SUM(A1)", "-5 + 3 =", "+233 24 000 0000", "@cmd", "\tTabbed", '=HYPERLINK("http://x","Click")'];
const NAME = "@Ɛfua Ɔkyere";

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = (await signedIn(db, { role: "admin" })).token;
  const te = await signedIn(db, { role: "teacher", name: "=Teacher Ɔ" });
  teacher = te.token;
  const course = await buildCourse(db, { teacherId: te.user.id, title: "-Mathematics Ɛ" });
  const { quiz, questions: qs } = await buildQuiz(db, {
    courseId: course.id,
    teacherId: te.user.id,
    title: "=1+1 quiz",
    questions: [
      { text: "=SUM(A1)", options: ["-1", "+2", "@3", "4"], answer: "-1" },
      { text: "-5 + 3 =", options: ["-2", "2", "8", "-8"], answer: "-2" },
    ],
  });
  const student = await buildUser(db, { role: "student", name: NAME, studentType: "jhs1" });
  await buildSubmission(db, quiz, qs, student.id, ["-1", "2"]);
  ids = { quiz: quiz.id, student: student.id };
  await db.insert(questions).values(
    EVIL.map((text, i) => ({
      quizId: null,
      year: 2024,
      subject: "Formula Safety",
      section: "A",
      topic: i === 0 ? "=topic" : null,
      text,
      options: ["-1", "+2", "=3", "Ɔ4"],
      answer: "-1",
      position: i,
    })),
  );
}, 60_000);
afterAll(() => t?.close());

const get = (url: string, token: string) => call(t.app, { method: "GET", url, token });

/** The file's cells, after checking it is our CSV: BOM first, CRLF lines, no formula-like cell. */
function checkedCells(raw: string, label: string): string[][] {
  expect(raw.startsWith("\ufeff"), `${label}: starts with the BOM`).toBe(true);
  expect(raw.endsWith("\r\n"), `${label}: ends with CRLF`).toBe(true);
  const rows = Papa.parse<string[]>(raw.slice(1), { skipEmptyLines: true }).data;
  for (const row of rows)
    for (const cell of row) expect(/^[=+\-@\t\r]/.test(cell) && !/^[+-]?\d+(\.\d+)?$/.test(cell), `${label}: cell ${JSON.stringify(cell)}`).toBe(false);
  return rows;
}

describe("one CSV writer for every export (issue 25 item 6)", () => {
  it("writes cells, lines and files one way: quote formulas, not numbers; RFC 4180 quoting; BOM", () => {
    expect(EVIL.map(csvCell)).toEqual(["'=SUM(A1)", "'-5 + 3 =", "'+233 24 000 0000", "'@cmd", "'\tTabbed", `"'=HYPERLINK(""http://x"",""Click"")"`]);
    expect([-3, "-3", "+2.5", 0, null, undefined, "a,b", 'say "hi"', "two\nlines", "\r"].map(csvCell)).toEqual([
      "-3",
      "-3",
      "+2.5",
      "0",
      "",
      "",
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
      '"\'\r"',
    ]);
    expect(csvDocument(["a", "b"], [["Ɛ", 1]])).toBe("\ufeffa,b\r\nƐ,1\r\n");
    for (const s of [...EVIL, "'already quoted", "'-3", "-3", "plain"]) expect(unescapeCsvCell(csvCell(s).replace(/^"|"$/g, "").replace(/""/g, '"'))).toBe(s);
  });

  it("every CSV export starts with the BOM and quotes every formula-like cell", async () => {
    const files: [string, string, () => Promise<{ status: number; raw: string }>][] = [
      [
        "question bank (questions screen)",
        "/api/questions/export?format=csv&subject=Formula%20Safety",
        () => get("/api/questions/export?format=csv&subject=Formula%20Safety", teacher),
      ],
      ...["users", "courses", "quizzes", "submissions", "records", "question-bank"].map(
        (f) => [f, `/api/import-export/${f}`, () => get(`/api/import-export/${f}`, admin)] as [string, string, () => Promise<{ status: number; raw: string }>],
      ),
      ["performance", "/api/performance/export", () => get(`/api/performance/export?format=csv&quizIds=${ids.quiz}`, teacher)],
      [
        "performance with students",
        "/api/performance/export",
        () => get(`/api/performance/export?format=csv&includeStudentDetails=true&quizIds=${ids.quiz}`, teacher),
      ],
      ["student report", "/api/reports/student-performance", () => get(`/api/reports/student-performance/${ids.student}?format=csv`, admin)],
      ["quiz report", "/api/reports/quiz-analytics", () => get(`/api/reports/quiz-analytics/${ids.quiz}?format=csv`, admin)],
      [
        "sign-in slips",
        "/api/users/slips",
        () =>
          call(t.app, {
            method: "POST",
            url: "/api/users/slips",
            token: admin,
            payload: { format: "csv", slips: [{ name: NAME, signIn: "=efua", password: "-abcd-efgh", role: "student", studentType: "jhs1" }] },
          }),
      ],
    ];
    const seen = new Map<string, string>();
    for (const [label, , fetch] of files) {
      const r = await fetch();
      expect(r.status, `${label}: ${r.raw.slice(0, 200)}`).toBe(200);
      const rows = checkedCells(r.raw, label);
      seen.set(label, rows.flat().join("|"));
    }
    // The hostile values are there, quoted, not dropped; the Ghanaian letters survive.
    expect(seen.get("question bank (questions screen)")).toContain("'=SUM(A1)");
    expect(seen.get("question-bank")).toContain("'-5 + 3 =");
    expect(seen.get("users")).toContain(`'${NAME}`);
    expect(seen.get("courses")).toContain("'-Mathematics Ɛ");
    expect(seen.get("quizzes")).toContain("'=1+1 quiz");
    expect(seen.get("performance with students")).toContain(`'${NAME}`);
    expect(seen.get("sign-in slips")).toContain("'=efua");
  });

  it("takes the question bank's CSV back exactly, through both importers", async () => {
    const db = t.database.db;
    const bank = () =>
      db
        .select()
        .from(questions)
        .where(and(eq(questions.subject, "Formula Safety"), isNull(questions.quizId)))
        .orderBy(asc(questions.id));
    const original = (await bank()).map((q) => ({ text: q.text, options: q.options, answer: q.answer, topic: q.topic }));
    expect(original).toHaveLength(EVIL.length);
    for (const [exportUrl, importUrl, field, extra] of [
      ["/api/import-export/question-bank", "/api/import-export/questions", "file", {}],
      [
        "/api/questions/export?format=csv&subject=Formula%20Safety",
        "/api/questions/import-csv",
        "csvFile",
        { year: "2024", subject: "Formula Safety", section: "A" },
      ],
    ] as const) {
      const exported = (await get(exportUrl, teacher)).raw;
      expect(exported).toContain("'=SUM(A1)");
      // The bank is emptied of these questions, so the import cannot skip them as duplicates.
      await db.delete(questions).where(
        inArray(
          questions.id,
          (await bank()).map((q) => q.id),
        ),
      );
      const r = await call(t.app, {
        method: "POST",
        url: importUrl,
        token: teacher,
        payload: form(extra, { [field]: { name: "bank.csv", bytes: Buffer.from(exported), type: "text/csv" } }) as never,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.count).toBe(EVIL.length);
      // Read back as written, formula-like text and options included (the tab is trimmed by the importer, as any edge space).
      const back = (await bank()).map((q) => ({ text: q.text, options: q.options, answer: q.answer }));
      expect(back).toEqual(original.map(({ text, options, answer }) => ({ text: text.trim(), options, answer })));
      if (importUrl === "/api/import-export/questions") expect((await bank()).map((q) => q.topic)).toEqual(original.map((q) => q.topic));
    }
  });
});
