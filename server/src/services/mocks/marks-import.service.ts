import { sql } from "drizzle-orm";
import { MOCK_MESSAGES, type MarksImportResult } from "@adesua/domain";
import type { Db } from "../../db/client";
import { recordAudit, type Actor } from "../../audit/audit";
import { readClassListInPool } from "../../documents";
import type { Viewer } from "../../lib/viewer";
import { rowsOf } from "../performance/scope";
import { levelStudentsSql } from "./mock-load";
import { entryProblem, loadPaperForMarks, missingCount, storeMarks, type CheckedMark, type PaperContext } from "./marks.service";

/** Lower case, letters and digits only: "Student ID" → "studentid". */
const key = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, "");
const HEADERS = {
  id: ["studentid", "id", "userid"],
  login: ["username", "email", "emailaddress", "signin", "login", "user"],
  name: ["name", "fullname", "studentname", "student", "pupil", "learner", "names"],
  mark: ["mark", "marks", "score", "total", "totalmark"],
};
/** A question label as a header: "Q1", "1", "Question 1" all name question "1". */
const labelKey = (h: string) => key(h).replace(/^(question|qu|q)(?=\d)/, "");

type Student = { id: number; name: string; email: string | null; username: string | null };

/** The student a row names: by id, else username/email, else name (an ambiguous name is a problem). */
function findStudent(students: Student[], cells: { id?: string; login?: string; name?: string }): Student | string {
  const id = cells.id?.trim();
  if (id && /^\d+$/.test(id)) return students.find((s) => s.id === Number(id)) ?? `${MOCK_MESSAGES.studentNotFound}: ${id}`;
  const login = cells.login?.trim().toLowerCase();
  if (login)
    return students.find((s) => s.email?.toLowerCase() === login || s.username?.toLowerCase() === login) ?? `${MOCK_MESSAGES.studentNotFound}: ${login}`;
  const name = cells.name?.replace(/\s+/g, " ").trim().toLowerCase();
  if (!name) return MOCK_MESSAGES.studentNotFound;
  const named = students.filter((s) => s.name.replace(/\s+/g, " ").trim().toLowerCase() === name);
  if (named.length === 1) return named[0];
  if (named.length > 1) return `Two or more students are named ${cells.name?.trim()}: give their username or student id`;
  return `${MOCK_MESSAGES.studentNotFound}: ${cells.name?.trim()}`;
}

const numberOf = (text: string | undefined): number | null | "bad" => {
  const t = (text ?? "").trim();
  if (t === "") return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : "bad";
};

/** Reads the sheet's rows into entries and problems (rows are numbered as the spreadsheet shows them). */
function readRows(table: string[][], ctx: PaperContext, students: Student[]) {
  const headerAt = table.findIndex((r) => r.some((c) => c.trim() !== ""));
  const header = (table[headerAt] ?? []).map(key);
  const col = (names: string[]) => header.findIndex((h) => names.includes(h));
  const cols = { id: col(HEADERS.id), login: col(HEADERS.login), name: col(HEADERS.name), mark: col(HEADERS.mark) };
  const questionCols = ctx.questions?.map((q) => (table[headerAt] ?? []).findIndex((h) => labelKey(h) !== "" && labelKey(h) === labelKey(q.label))) ?? [];
  const problems: MarksImportResult["problems"] = [];
  const checked = new Map<number, CheckedMark>();
  if (headerAt < 0) return { problems: [{ row: 1, error: "The file has no rows" }], checked };
  if (cols.id < 0 && cols.login < 0 && cols.name < 0)
    return { problems: [{ row: headerAt + 1, error: "The first row must name a column of names, usernames or student ids" }], checked };
  const perQuestion = ctx.questions !== null && questionCols.some((c) => c >= 0);
  if (!perQuestion && cols.mark < 0)
    return { problems: [{ row: headerAt + 1, error: "The first row must name a mark column (or one per question)" }], checked };
  for (let i = headerAt + 1; i < table.length; i++) {
    const r = table[i] ?? [];
    if (!r.some((c) => (c ?? "").trim() !== "")) continue;
    const cell = (c: number) => (c >= 0 ? r[c] : undefined);
    const student = findStudent(students, { id: cell(cols.id), login: cell(cols.login), name: cell(cols.name) });
    if (typeof student === "string") {
      problems.push({ row: i + 1, error: student });
      continue;
    }
    const values = perQuestion ? questionCols.map((c) => numberOf(cell(c))) : [numberOf(cell(cols.mark))];
    if (values.includes("bad")) {
      problems.push({ row: i + 1, error: `The mark for ${student.name} is not a number` });
      continue;
    }
    const nums = values as (number | null)[];
    if (nums.every((v) => v === null)) continue;
    const entry = perQuestion ? { studentId: student.id, questionMarks: nums } : { studentId: student.id, mark: nums[0] };
    const result = ctx.questions && !perQuestion ? { problem: MOCK_MESSAGES.perQuestion } : entryProblem(ctx, entry, student.name);
    if ("problem" in result) problems.push({ row: i + 1, error: result.problem });
    else checked.set(student.id, result.ok);
  }
  return { problems, checked };
}

/** POST /mocks/{id}/papers/{paperId}/marks/import: the rows that read well are saved; the rest come back as problems. */
export async function importMarks(
  db: Db,
  viewer: Viewer,
  mockId: number,
  paperId: number,
  file: { data: Uint8Array; filename: string },
  actor: Actor,
): Promise<MarksImportResult> {
  const ctx = await loadPaperForMarks(db, viewer, mockId, paperId);
  const [table, students] = await Promise.all([
    readClassListInPool(file.data, file.filename),
    rowsOf<Student>(db, sql`select u.id, u.name, u.email, u.username from users u where ${levelStudentsSql(ctx.head.level)}`),
  ]);
  const { problems, checked } = readRows(table, ctx, students);
  const marks = [...checked.values()];
  if (marks.length)
    await db.transaction(async (tx) => {
      await storeMarks(tx, paperId, marks, viewer.id);
      await recordAudit(tx, {
        entityType: "mock_paper",
        entityId: paperId,
        action: "import",
        actor,
        after: { mockId, paper: `${ctx.subject} ${ctx.paper.name}`, file: file.filename, marks: marks.length, problems: problems.length },
      });
    });
  return { saved: marks.length, problems, missing: await missingCount(db, ctx) };
}
