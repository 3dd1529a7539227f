import { DEFAULT_CORE_SUBJECTS, MOCK_MESSAGES, MockInputSchema, type Mock, type MockInput, type StudentType } from "@adesua/domain";
import { issuesToFieldErrors } from "@/lib/form-errors";

/**
 * The mock form's values as typed (text in the boxes), their defaults (Paper 1 and Paper 2, 50/50, one subject a day
 * from next Monday), the input they make, and the field errors of the shared schema (by dotted path:
 * "subjects.0.papers.1.startsAt").
 */
export type PaperValues = {
  id?: number;
  name: string;
  kind: "quiz" | "marks";
  quizId: string | null;
  outOf: string;
  weight: string;
  /** YYYY-MM-DD and HH:mm in this device's time. */
  date: string;
  time: string;
  duration: string;
};
export type SubjectValues = { key: string; id?: number; name: string; core: boolean; coreTouched: boolean; courseId: string | null; papers: PaperValues[] };
export type MockValues = { title: string; level: StudentType; subjects: SubjectValues[] };
export type FieldErrors = Partial<Record<string, string>>;

const pad = (n: number) => String(n).padStart(2, "0");
const dateOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
let keySeq = 0;
const newKey = () => `s${++keySeq}`;

/** The school day `n` school days after next Monday (weekends skipped). */
export function schoolDay(n: number, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  d.setDate(d.getDate() + ((8 - d.getDay()) % 7 || 7));
  for (let i = 0; i < n; i++) {
    d.setDate(d.getDate() + 1);
    if (d.getDay() === 6) d.setDate(d.getDate() + 2);
  }
  return dateOf(d);
}

export const isCoreName = (name: string) => DEFAULT_CORE_SUBJECTS.some((c) => c.toLowerCase() === name.trim().toLowerCase());

/** A new subject: Paper 1 (objective, 9:00, 1 h) and Paper 2 (written, 11:00, 2 h), both marks, weighted 50/50, on day `day`. */
export function newSubject(day: number, name = "", now = new Date()): SubjectValues {
  const date = schoolDay(day, now);
  return {
    key: newKey(),
    name,
    core: isCoreName(name),
    coreTouched: false,
    courseId: null,
    papers: [
      { name: "Paper 1", kind: "marks", quizId: null, outOf: "60", weight: "50", date, time: "09:00", duration: "60" },
      { name: "Paper 2", kind: "marks", quizId: null, outOf: "100", weight: "50", date, time: "11:00", duration: "120" },
    ],
  };
}

export const newMock = (now = new Date()): MockValues => ({ title: "", level: "jhs3", subjects: [newSubject(0, "", now)] });

/** Another paper for a subject: the day of its last paper, 14:00, 1 h, marks. */
export function nextPaper(s: SubjectValues): PaperValues {
  const last = s.papers[s.papers.length - 1];
  return {
    name: `Paper ${s.papers.length + 1}`,
    kind: "marks",
    quizId: null,
    outOf: "100",
    weight: "0",
    date: last?.date ?? schoolDay(0),
    time: "14:00",
    duration: "60",
  };
}

export function fromMock(m: Mock): MockValues {
  return {
    title: m.title,
    level: m.level,
    subjects: m.subjects.map((s) => ({
      key: newKey(),
      id: s.id,
      name: s.name,
      core: s.core,
      coreTouched: true,
      courseId: s.courseId ? String(s.courseId) : null,
      papers: s.papers.map((p) => {
        const at = new Date(p.startsAt);
        return {
          id: p.id,
          name: p.name,
          kind: p.kind,
          quizId: p.quizId ? String(p.quizId) : null,
          outOf: String(p.outOf),
          weight: String(p.weight),
          date: dateOf(at),
          time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
          duration: String(p.durationMinutes),
        };
      }),
    })),
  };
}

/** A box's text as a number for the schema (empty: left out; not a number: NaN, which the schema refuses by name). */
const numberOf = (text: string) => (text.trim() === "" ? undefined : Number(text.trim()));

/** The start as ISO 8601 from the device's date and time (empty or unreadable: the text as is, refused by the schema). */
function startsAt(date: string, time: string): string {
  const d = new Date(`${date}T${time || "00:00"}`);
  return date && !Number.isNaN(d.getTime()) ? d.toISOString() : date;
}

export function toInput(v: MockValues): unknown {
  return {
    title: v.title,
    level: v.level,
    subjects: v.subjects.map((s) => ({
      ...(s.id ? { id: s.id } : {}),
      name: s.name,
      core: s.core,
      courseId: s.courseId ? Number(s.courseId) : null,
      papers: s.papers.map((p) => ({
        ...(p.id ? { id: p.id } : {}),
        name: p.name,
        kind: p.kind,
        ...(p.kind === "quiz" ? { quizId: p.quizId ? Number(p.quizId) : null } : { outOf: numberOf(p.outOf) }),
        weight: numberOf(p.weight) ?? 0,
        startsAt: startsAt(p.date, p.time),
        durationMinutes: numberOf(p.duration),
      })),
    })),
  };
}

/** The input when the form is right, else the field errors (by dotted path, "form" for the whole mock's). */
export function checkMock(v: MockValues): { ok: true; input: MockInput } | { ok: false; errors: FieldErrors } {
  const r = MockInputSchema.safeParse(toInput(v));
  if (r.success) return { ok: true, input: r.data };
  return { ok: false, errors: issuesToFieldErrors(r.error.issues, (p) => (p === "subjects" ? "form" : p)) };
}

/**
 * Where a server's 400 belongs when its message names a kind of field (the quiz of a paper, the course of a subject):
 * every field of that kind; anything else goes above the form.
 */
export function serverFieldErrors(message: string, v: MockValues): FieldErrors {
  const out: FieldErrors = {};
  v.subjects.forEach((s, i) => {
    if (message === MOCK_MESSAGES.courseNotFound && s.courseId) out[`subjects.${i}.courseId`] = message;
    s.papers.forEach((p, j) => {
      if ((message === MOCK_MESSAGES.quizNotFound || message === MOCK_MESSAGES.quizLevel) && p.kind === "quiz")
        out[`subjects.${i}.papers.${j}.quizId`] = message;
    });
  });
  return out;
}
