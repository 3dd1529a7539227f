import { beforeAll, describe, expect, it } from "vitest";
import { call, capturedLog, useTestApp } from "../test/test-app";
import { buildCourse, buildQuiz, signedIn } from "../test/factories";
import { form } from "../test/uploads";
import { docxBomb, hugeCsv, manyEntriesZip, pdfBomb, xlsxBomb } from "../test/bombs";
import { DOCUMENT_MESSAGES } from "./documents/errors";

/**
 * Issue 25 item 1: one upload guard. Every route that takes an uploaded file gets a zip bomb (a 320 KB
 * .docx whose document.xml unpacks to 315 MB), the same bomb lying in its directory that it unpacks to
 * 2 KB, an .xlsx bomb, a zip of 6,000 entries and an 11 MB CSV. Each answers 413, 415 or 422 with a clear
 * `{ error }`, the server keeps answering /api/health, and the log holds none of the names or values sent.
 */

const { lines: logLines, stream: logStream } = capturedLog();
const t = useTestApp({}, { logger: { stream: logStream, level: "info" } });
const MARKER = "SECRETMARKER";

let admin: string;
let teacher: string;
let ids: { quiz: number; course: number; event: number; mock: number; paper: number; term: number; sitting: number };

type Sample = "docxBomb" | "lyingDocx" | "xlsxBomb" | "lyingXlsx" | "manyEntries" | "hugeCsv" | "pdfBomb";
let samples: Record<Sample, Buffer>;

beforeAll(async () => {
  const db = t.database.db;
  const a = await signedIn(db, { role: "admin" });
  const te = await signedIn(db, { role: "teacher" });
  admin = a.token;
  teacher = te.token;
  const course = await buildCourse(db, { teacherId: te.user.id });
  const { quiz } = await buildQuiz(db, { teacherId: te.user.id, courseId: course.id });
  const ev = await call(t.app, { method: "POST", url: "/api/schedules", token: teacher, payload: event() as never });
  expect(ev.status).toBe(201);
  // Issue 28's uploads: a mock paper's marks, a term's attendance, the school's crest.
  const mock = await call(t.app, {
    method: "POST",
    url: "/api/mocks",
    token: admin,
    payload: {
      title: "Mock",
      level: "jhs3",
      subjects: [
        { name: "Mathematics", core: true, papers: [{ name: "Paper 2", kind: "marks", outOf: 100, startsAt: "2027-03-08T09:00:00Z", durationMinutes: 90 }] },
      ],
    } as never,
  });
  expect(mock.status).toBe(201);
  const term = await call(t.app, {
    method: "POST",
    url: "/api/terms",
    token: admin,
    payload: { name: "Term 1", startsOn: "2027-01-05", endsOn: "2027-04-01" } as never,
  });
  expect(term.status).toBe(201);
  // Issue 29: photos of answer sheets (a paper sitting of the quiz, with one blank sheet since the class is empty).
  const sitting = await call(t.app, { method: "POST", url: "/api/sittings", token: teacher, payload: { quizId: quiz.id, blankSheets: 1 } as never });
  expect(sitting.status).toBe(201);
  ids = {
    quiz: quiz.id,
    course: course.id,
    event: ev.body.id,
    mock: mock.body.id,
    paper: mock.body.subjects[0].papers[0].id,
    term: term.body.id,
    sitting: sitting.body.id,
  };
  const started = performance.now();
  samples = {
    docxBomb: docxBomb(315),
    lyingDocx: docxBomb(315, { lie: true }),
    xlsxBomb: xlsxBomb(315),
    lyingXlsx: xlsxBomb(315, { lie: true }),
    manyEntries: manyEntriesZip(6000),
    hugeCsv: hugeCsv(11),
    pdfBomb: pdfBomb(315),
  };
  // The bombs are built from one compressed megabyte repeated: fast, and never held unpacked.
  expect(performance.now() - started).toBeLessThan(5000);
  expect(samples.docxBomb.length).toBeLessThan(400 * 1024);
}, 60_000);

function event(over: Record<string, unknown> = {}) {
  return { title: "Staff briefing", description: "Weekly", start: "2027-01-05T09:00:00Z", end: "2027-01-05T10:00:00Z", recurrence: "", courseId: "", ...over };
}

type Route = {
  method: "POST" | "PUT";
  url: () => string;
  token: () => string;
  field: string;
  fields: () => Record<string, string>;
  name: string;
  /** A background reading (202 and a job): its refusal is the job's error once it ends. */
  job?: boolean;
  /** The path as the API document names it, when it has ids before its end. */
  doc?: string;
};

/** Every route that takes a file, with the fields that get it past its other checks to the file. */
const ROUTES: Route[] = [
  { method: "POST", url: () => "/api/questions/parse", token: () => teacher, field: "attachment", fields: () => ({}), name: "paper.docx" },
  { method: "POST", url: () => "/api/questions/parse-answers", token: () => teacher, field: "attachment", fields: () => ({}), name: "key.docx" },
  {
    method: "POST",
    url: () => "/api/questions/parse-jobs",
    token: () => teacher,
    field: "attachment",
    fields: () => ({ kind: "questions" }),
    name: "paper.docx",
    job: true,
  },
  {
    method: "POST",
    url: () => "/api/questions/import-csv",
    token: () => teacher,
    field: "csvFile",
    fields: () => ({ year: "2024", subject: "Mathematics" }),
    name: "q.csv",
  },
  {
    method: "POST",
    url: () => "/api/questions/import",
    token: () => teacher,
    field: "file",
    fields: () => ({ year: "2024", subject: "Mathematics", format: "gift" }),
    name: "q.gift",
  },
  { method: "POST", url: () => "/api/import-export/questions", token: () => teacher, field: "file", fields: () => ({}), name: "bank.csv" },
  { method: "POST", url: () => "/api/users/import", token: () => admin, field: "file", fields: () => ({}), name: "class.xlsx" },
  { method: "POST", url: () => "/api/schedules/parse", token: () => teacher, field: "file", fields: () => ({}), name: "circular.docx" },
  { method: "POST", url: () => "/api/schedules", token: () => teacher, field: "file", fields: () => event(), name: "letter.docx" },
  { method: "PUT", url: () => `/api/schedules/${ids.event}`, token: () => teacher, field: "file", fields: () => event(), name: "letter.docx" },
  {
    method: "POST",
    url: () => "/api/quizzes",
    token: () => admin,
    field: "pdf",
    fields: () => ({ title: "Quiz", courseId: String(ids.course), studentType: "jhs1" }),
    name: "quiz.pdf",
  },
  {
    method: "PUT",
    url: () => `/api/quizzes/${ids.quiz}`,
    token: () => admin,
    field: "pdf",
    fields: () => ({ title: "Quiz", courseId: String(ids.course), studentType: "jhs1" }),
    name: "quiz.pdf",
  },
  { method: "POST", url: () => "/api/courses", token: () => admin, field: "material", fields: () => ({ title: "Course", description: "x" }), name: "m.pdf" },
  {
    method: "POST",
    url: () => `/api/mocks/${ids.mock}/papers/${ids.paper}/marks/import`,
    doc: "/api/mocks/{id}/papers/{paperId}/marks/import",
    token: () => admin,
    field: "file",
    fields: () => ({}),
    name: "marks.xlsx",
  },
  {
    method: "POST",
    url: () => `/api/terms/${ids.term}/attendance/import`,
    doc: "/api/terms/{id}/attendance/import",
    token: () => admin,
    field: "file",
    fields: () => ({}),
    name: "attendance.xlsx",
  },
  { method: "PUT", url: () => "/api/school/crest", token: () => admin, field: "file", fields: () => ({}), name: "crest.png" },
  {
    method: "POST",
    url: () => `/api/sittings/${ids.sitting}/scans`,
    doc: "/api/sittings/{id}/scans",
    token: () => teacher,
    field: "files",
    fields: () => ({}),
    name: "sheet.jpg",
  },
  {
    method: "PUT",
    url: () => `/api/courses/${ids.course}`,
    token: () => admin,
    field: "material",
    fields: () => ({ title: "Course", description: "x" }),
    name: "m.pdf",
  },
];

/** Routes whose files may be larger than 11 MB (photos of answer sheets, 15 MB): a large CSV is the wrong type there. */
const LARGE_FILE_ROUTES = new Set(["/api/sittings/{id}/scans"]);
/** Routes that read Word files (a .docx bomb is refused as a bomb, 413); the others refuse it as the wrong type (415). */
const READS_DOCX = new Set([
  "/api/questions/parse",
  "/api/questions/parse-answers",
  "/api/questions/parse-jobs",
  "/api/schedules/parse",
  "/api/schedules",
  `/api/schedules/{id}`,
]);
const READS_XLSX = new Set(["/api/users/import", "/api/mocks/{id}/papers/{paperId}/marks/import", "/api/terms/{id}/attendance/import"]);
/** Routes that take text (CSV, GIFT…) or a class list: a PDF is the wrong type there. */
const TEXT_ROUTES = new Set([
  "/api/questions/import-csv",
  "/api/questions/import",
  "/api/import-export/questions",
  "/api/users/import",
  "/api/mocks/{id}/papers/{paperId}/marks/import",
  "/api/terms/{id}/attendance/import",
  // An image: a PDF is the wrong type there too.
  "/api/school/crest",
]);

describe("the one upload guard (issue 25 item 1)", () => {
  /** A parse job's end, answered as the synchronous route would have: its error's status and `{ error }`. */
  async function jobOutcome(id: string) {
    for (let i = 0; i < 600; i++) {
      const job = await call(t.app, { method: "GET", url: `/api/questions/parse-jobs/${id}`, token: teacher });
      if (job.body.status === "failed") return { ...job, status: job.body.error.status as number, body: { error: job.body.error.error as string } };
      if (job.body.status === "done") return { ...job, status: 200, body: job.body.result };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the parse job did not end");
  }

  it("finds every route that takes a multipart file in the route table", () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> };
    const multipart = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.requestBody?.content?.["multipart/form-data"])
        .map(([m]) => `${m.toUpperCase()} ${path}`),
    );
    const tested = ROUTES.map((r) => `${r.method} ${r.doc ?? r.url().replace(/\/\d+$/, "/{id}")}`);
    expect(new Set(multipart)).toEqual(new Set(tested));
  });

  for (const sample of ["docxBomb", "lyingDocx", "xlsxBomb", "lyingXlsx", "manyEntries", "hugeCsv", "pdfBomb"] as const) {
    it(`refuses ${sample} on every upload route with 413/415/422 and a clear message; /api/health still answers`, async () => {
      const answers: string[] = [];
      for (const r of ROUTES) {
        const path = r.doc ?? r.url().replace(/\/\d+$/, "/{id}");
        const started = performance.now();
        let res = await call(t.app, {
          method: r.method,
          url: r.url(),
          token: r.token(),
          payload: form(
            { ...r.fields(), note: MARKER },
            { [r.field]: { name: `${MARKER}-${r.name}`, bytes: samples[sample], type: "application/octet-stream" } },
          ) as never,
        });
        if (r.job && res.status === 202) res = await jobOutcome(res.body.id as string);
        const ms = Math.round(performance.now() - started);
        answers.push(`${r.method} ${path} → ${res.status} ${ms} ms ${JSON.stringify(res.body).slice(0, 90)}`);
        const expected =
          sample === "hugeCsv"
            ? LARGE_FILE_ROUTES.has(path)
              ? [415]
              : [413]
            : sample === "pdfBomb"
              ? TEXT_ROUTES.has(path)
                ? [415]
                : [413]
              : (sample === "docxBomb" || sample === "lyingDocx") && READS_DOCX.has(path)
                ? [413]
                : (sample === "xlsxBomb" || sample === "lyingXlsx") && READS_XLSX.has(path)
                  ? [413]
                  : [413, 415];
        expect.soft(expected, `${r.method} ${path} answered ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
        expect.soft(typeof res.body?.error === "string" && res.body.error.length > 10, `${r.method} ${path}: ${JSON.stringify(res.body)}`).toBe(true);
        const health = await call(t.app, { method: "GET", url: "/api/health" });
        expect(health.status).toBe(200);
      }
      console.log(`${sample} (${samples[sample].length} bytes):\n  ${answers.join("\n  ")}`);
    }, 120_000);
  }

  it("says a bomb is a bomb, not a damaged file", async () => {
    const res = await call(t.app, {
      method: "POST",
      url: "/api/schedules/parse",
      token: teacher,
      payload: form({}, { file: { name: "circular.docx", bytes: samples.lyingDocx } }) as never,
    });
    expect(res).toMatchObject({ status: 413, body: { error: DOCUMENT_MESSAGES.zipBomb } });
  });

  it("refuses a class list CSV of a million rows without parsing them all (within the upload limit)", async () => {
    const rows = "Ama Mensah,,student,jhs1\n".repeat(380_000);
    const bytes = Buffer.from("name,email,role,level\n" + rows);
    expect(bytes.length).toBeLessThan(10 * 1024 * 1024);
    const res = await call(t.app, {
      method: "POST",
      url: "/api/users/import",
      token: admin,
      payload: form({}, { file: { name: "class.csv", bytes, type: "text/csv" } }) as never,
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("at most 5000 rows");
  });

  it("refuses a question CSV of more than 5,000 questions with 413 (within the upload limit)", async () => {
    const bytes = Buffer.concat([
      Buffer.from("question,optionA,optionB,optionC,optionD,correctOption\n"),
      Buffer.from("What is 1 + 1?,1,2,3,4,B\n".repeat(6000)),
    ]);
    const res = await call(t.app, {
      method: "POST",
      url: "/api/questions/import-csv",
      token: teacher,
      payload: form({ year: "2024", subject: "Mathematics" }, { csvFile: { name: "q.csv", bytes, type: "text/csv" } }) as never,
    });
    expect(res).toMatchObject({ status: 413, body: { error: DOCUMENT_MESSAGES.tooManyQuestions } });
  });

  it("wrote nothing it was sent to the log", () => {
    const log = logLines.join("");
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(MARKER);
    expect(log).not.toContain("AAAAAAAA");
  });
});
