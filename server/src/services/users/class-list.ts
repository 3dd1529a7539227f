import { z } from "zod";
import { IMPORT_MAX_ROWS, ENROLMENT_MESSAGES, parseClassName, type ImportRowError, type Role, type StudentType } from "@adesua/domain";

/** A valid row of a class list, with its spreadsheet row number. */
export type ClassListRow = { row: number; name: string; email: string | null; role: Role; studentType: StudentType | null; stream: string | null };
export type ClassListResult = { ok: true; rows: ClassListRow[] } | { ok: false; errors: ImportRowError[] };

/** Lower case, letters and digits only: "Full Name" → "fullname", "E-mail" → "email". */
const key = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Header names as schools write them, by the column they mean. */
const HEADERS = {
  name: ["name", "fullname", "names", "studentname", "studentsname", "nameofstudent", "student", "pupil", "pupilname", "learner", "learnername"],
  firstName: ["firstname", "givenname", "forename", "othernames", "firstnames"],
  lastName: ["lastname", "surname", "familyname"],
  email: ["email", "emailaddress", "mail", "studentemail"],
  role: ["role", "usertype", "accounttype", "type"],
  level: ["level", "class", "form", "studenttype", "jhs", "grade", "classlevel", "year", "stage"],
  /** The class within the level when it has a column of its own ("B" beside "JHS 1"). */
  stream: ["stream", "classarm", "arm", "division"],
} as const;
type Column = keyof typeof HEADERS;

const ROLE_WORDS: Record<string, Role> = {
  student: "student",
  pupil: "student",
  learner: "student",
  teacher: "teacher",
  staff: "teacher",
  tutor: "teacher",
  admin: "admin",
  administrator: "admin",
};

/**
 * A level as schools write it: "jhs1", "JHS 1", "JHS1A" (a stream), "Form 2", "1", and Ghana's basic-school
 * numbering "Basic 7"/"B7" (JHS 1 is basic 7).
 */
export function readLevel(text: string): StudentType | null {
  return parseClassName(text)?.studentType ?? null;
}

const emailSchema = z.email();

/** Finds the header row: the first of the top ten with a name column (a title line may sit above it). */
function findHeader(table: string[][]): { at: number; col: Map<Column, number> } | null {
  for (let at = 0; at < Math.min(10, table.length); at++) {
    const keys = (table[at] ?? []).map((h) => key(String(h ?? "")));
    const col = new Map<Column, number>();
    for (const c of Object.keys(HEADERS) as Column[]) {
      // Variants in order of preference: "Class" wins over a "Year" column that may hold something else.
      for (const variant of HEADERS[c]) {
        const i = keys.indexOf(variant);
        if (i !== -1) {
          col.set(c, i);
          break;
        }
      }
    }
    if (col.has("name") || col.has("firstName") || col.has("lastName")) return { at, col };
  }
  return null;
}

/**
 * Reads a class list's cells into users: headers matched in any case and with common variants, the whole
 * file checked first. Any bad row makes the answer the list of every bad row (number and reason), so a
 * file is imported whole or not at all. Emails already registered are checked by the caller (it has the
 * database); duplicates within the file are caught here.
 */
export function readClassList(table: string[][]): ClassListResult {
  const header = findHeader(table);
  if (!header) return { ok: false, errors: [{ row: 1, message: "No name column: the first row must name the columns (name, email, role, level)" }] };
  const { at, col } = header;
  const get = (r: string[], c: Column) => {
    const i = col.get(c);
    return i === undefined ? "" : String(r[i] ?? "").trim();
  };
  const errors: ImportRowError[] = [];
  const rows: ClassListRow[] = [];
  const emailRow = new Map<string, number>();
  for (let i = at + 1; i < table.length; i++) {
    const r = table[i] ?? [];
    if (r.every((cell) => String(cell ?? "").trim() === "")) continue;
    const row = i + 1;
    if (rows.length + errors.length >= IMPORT_MAX_ROWS) return { ok: false, errors: [{ row, message: ENROLMENT_MESSAGES.tooManyRows }] };
    const problems: string[] = [];
    const name = (get(r, "name") || [get(r, "firstName"), get(r, "lastName")].filter(Boolean).join(" ")).replace(/\s+/g, " ");
    if (!name) problems.push("name is empty");
    else if (name.length > 120) problems.push("name is longer than 120 characters");
    const rawEmail = get(r, "email").toLowerCase();
    let email: string | null = null;
    if (rawEmail) {
      if (rawEmail.length > 254 || !emailSchema.safeParse(rawEmail).success) problems.push(`email "${rawEmail.slice(0, 60)}" is not a valid address`);
      else if (emailRow.has(rawEmail)) problems.push(`email ${rawEmail} is also on row ${emailRow.get(rawEmail)}`);
      else {
        email = rawEmail;
        emailRow.set(rawEmail, row);
      }
    }
    const rawRole = get(r, "role");
    const role: Role | undefined = rawRole ? ROLE_WORDS[key(rawRole)] : "student";
    if (!role) problems.push(`role "${rawRole.slice(0, 30)}" must be student, teacher or admin`);
    const rawLevel = get(r, "level");
    const rawStream = get(r, "stream");
    let studentType: StudentType | null = null;
    let stream: string | null = null;
    if (role === "student" || role === undefined) {
      // "JHS 1B" keeps its class: the level is JHS 1 and the stream B (issue 24).
      const read = parseClassName(rawLevel);
      studentType = read?.studentType ?? null;
      stream = read?.stream ?? null;
      if (!rawLevel) problems.push("level is empty (jhs1, jhs2 or jhs3)");
      else if (!studentType) problems.push(`level "${rawLevel.slice(0, 30)}" must be jhs1, jhs2 or jhs3`);
      if (rawStream) {
        if (/^[A-Za-z]{1,10}$/.test(rawStream)) stream = rawStream.toUpperCase();
        else problems.push(`stream "${rawStream.slice(0, 30)}" must be one to ten letters, e.g. B`);
      }
    }
    if (problems.length) errors.push({ row, message: problems.join("; ") });
    else rows.push({ row, name, email, role: role!, studentType, stream });
  }
  if (errors.length) return { ok: false, errors };
  if (rows.length === 0) return { ok: false, errors: [{ row: at + 2, message: ENROLMENT_MESSAGES.noRows }] };
  return { ok: true, rows };
}

/** The base of a sign-in name: "Kwame Nkrumah Mensah" → "kwame.mensah" (first and last name, plain letters). */
export function signInBase(name: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const parts = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  const base = parts.join(".").slice(0, 40);
  return base || "student";
}

/**
 * Unique sign-in names for a list of bases, given the names already taken: "kofi.mensah", then
 * "kofi.mensah2", "kofi.mensah3"… Taken names are updated as names are handed out.
 */
export function uniqueSignIns(bases: string[], taken: Set<string>): string[] {
  return bases.map((base) => {
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
    taken.add(name);
    return name;
  });
}
