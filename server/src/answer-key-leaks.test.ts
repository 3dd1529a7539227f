import { beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { attempts, practiceResults, questions, quizzes, records, submissions, users } from "./db/schema";
import { call, useTestApp } from "../test/test-app";
import { buildCourse, signedIn } from "../test/factories";
import { form, QUIZ_FORM_SETTINGS } from "../test/uploads";

/**
 * Issue 25's acceptance: no student can obtain a correct answer of a quiz they could still take, by any
 * route, with any number of accounts. Three students sign themselves up (open sign-up, as a school that has
 * not closed it), then try every route that returns questions, scores, papers or practice feedback — every GET
 * of the OpenAPI document with every id they can name (theirs and the others'), every signed link those
 * answers hand out, starting, saving and submitting attempts, the empty submit that used up attempts in issue
 * 8, and practice with every bank and quiz question id — at three moments. Every answer body is searched for
 * the keys, which are distinctive strings ("KEY-OPEN-3"), once the question's options (which students are
 * meant to read) are left out. Positive controls show the search would see a leak: practice of a free bank
 * question, a quiz's paper during a running attempt, the review once a quiz has closed, and an exam's score
 * once it has closed.
 *
 * The quizzes (all for JHS 2 but USE, which is for JHS 3: the bank rule holds for any level):
 *   OPEN     open a week, scores at once (after_attempt), a PDF paper; two questions from the bank
 *   EXAM     open a week, showScore after_close, one attempt: the score must not be an oracle while it is open
 *   CTRL     closes tomorrow: its review (with keys) is the control once it has closed
 *   UPCOMING opens in a month, a PDF paper, one question from the bank
 *   DRAFT    a draft, open window, a PDF paper, one question from the bank
 *   USE      "Use in a quiz" (POST /quizzes/from-questions) of two bank questions: never closes
 *   FREE     a bank question in no quiz: practice gives its key (the control for practice)
 *   TYPED    open five days, every question type (issue 27): multiple, true/false, short, numerical, written in parts
 *            with a scheme, an equation; its secrets are "KEY-TYPED-n" texts and the numbers 98765.4321 / 0.0123
 *   TBANK    typed bank questions in no quiz (2025): their keys come only from a submitted practice
 */

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const LEVEL = "jhs2";

const t = useTestApp({ SIGNUP_PER_HOUR: "100" });
let admin: string;
let teacher: string;
const quizId: Record<string, number> = {};
const bankIds: Record<string, number[]> = {};
let candidateQuestionIds: number[] = [];
let getTemplates: string[] = [];

type Student = { name: string; email: string; id: number; token: string };
const students: Student[] = [];

/** The key (correct option) and two distractors of question n of a quiz. */
const qn = (quiz: string, n: number, note = "") => ({
  text: `${quiz} question ${n}${note}: which option is the key?`,
  options: [`wrong-${quiz}-${n}-a`, `KEY-${quiz}-${n}`, `wrong-${quiz}-${n}-b`],
  answer: `KEY-${quiz}-${n}`,
});
/** A paper whose bytes carry a marker, so its delivery can be seen in a body. */
const paper = (quiz: string) =>
  Buffer.concat([
    Buffer.from(`%PDF-1.4\n% PAPER-${quiz} the question paper\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n`),
    Buffer.from("\n%%EOF\n"),
  ]);

/** Every question type, each hiding its key in a field students must not get before the review is released. */
const TYPED_QUESTIONS = [
  qn("TYPED", 1),
  {
    type: "multiple",
    text: "TYPED question 2: choose all",
    options: ["wrong-TYPED-2-a", "KEY-TYPED-2", "wrong-TYPED-2-b"],
    answers: ["KEY-TYPED-2"],
    scoring: "partial",
  },
  { type: "true_false", text: "TYPED question 3: true or false?", answer: "False" },
  {
    type: "short",
    text: "TYPED question 4: name it",
    accepted: [
      { text: "KEY-TYPED-4", fraction: 100 },
      { text: "KEY-TYPED-4b", fraction: 50 },
    ],
  },
  { type: "numerical", text: "TYPED question 5: how long?", value: 98765.4321, tolerance: 0.0123, unit: "cm", marks: 2 },
  {
    type: "written",
    text: "TYPED question 6: explain",
    marks: 2,
    scheme: "KEY-TYPED-6 the whole scheme",
    parts: [
      { label: "a", marks: 1, scheme: "KEY-TYPED-7 part a" },
      { label: "b", marks: 1, scheme: "KEY-TYPED-8 part b" },
    ],
  },
  {
    text: "Evaluate 2^3 × 2 (TYPED question 9)",
    options: ["8", "KEY-TYPED-9", "12"],
    answer: "KEY-TYPED-9",
    equations: [{ linear: "2^3", mathml: "<math><msup><mn>2</mn><mn>3</mn></msup></math>" }],
  },
];
/** Typed bank questions in no quiz: practice gives their keys once submitted, the bank's lists never. */
const TYPED_BANK = [
  { type: "short", text: "TBANK question 1: name it", accepted: [{ text: "KEY-TBANK-1", fraction: 100 }] },
  { type: "numerical", text: "TBANK question 2: how much?", value: 55555.125, tolerance: 0.5 },
  { type: "written", text: "TBANK question 3: explain", scheme: "KEY-TBANK-3 the scheme" },
  { type: "true_false", text: "TBANK question 4: true?", answer: "True" },
];
/** Fields of a question object (one with a question `type` and `marks`) that hold a key or a marking scheme. */
const KEY_FIELDS = ["answer", "answers", "accepted", "value", "tolerance", "scheme", "correctAnswer", "contains", "scoring"];
const TYPES = new Set(["single", "multiple", "true_false", "short", "numerical", "written"]);

/** Where a body hands a question's key fields out: question objects with key fields, parts with schemes. */
function keyFieldsIn(v: unknown, path = "", parent = ""): string[] {
  if (Array.isArray(v)) return v.flatMap((x, i) => keyFieldsIn(x, `${path}[${i}]`, parent));
  if (!v || typeof v !== "object") return [];
  const o = v as Record<string, unknown>;
  const out: string[] = [];
  const given = (k: string) => k in o && o[k] !== null && !(Array.isArray(o[k]) && (o[k] as unknown[]).length === 0);
  if (typeof o.type === "string" && TYPES.has(o.type) && "marks" in o) for (const k of KEY_FIELDS) if (given(k)) out.push(`${path}.${k}`);
  if (parent === "parts" && given("scheme")) out.push(`${path}.scheme`);
  for (const [k, x] of Object.entries(o)) out.push(...keyFieldsIn(x, `${path}.${k}`, k));
  return out;
}

async function createQuiz(name: string, courseId: number, over: Record<string, unknown>, qs: object[], pdf: boolean) {
  const r = await call(t.app, {
    method: "POST",
    url: "/api/quizzes",
    token: teacher,
    payload: form(
      { ...QUIZ_FORM_SETTINGS, title: `${name} quiz`, courseId, studentType: LEVEL, ...over, questions: qs },
      pdf ? { pdf: { name: `${name}.pdf`, bytes: paper(name) } } : {},
    ) as never,
  });
  expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(201);
  quizId[name] = r.body.id;
}

beforeAll(async () => {
  const db = t.database.db;
  admin = (await signedIn(db, { role: "admin" })).token;
  const tt = await signedIn(db, { role: "teacher" });
  teacher = tt.token;
  const course = await buildCourse(db, { teacherId: tt.user.id, title: "Integrated Science" });
  const now = Date.now();
  const iso = (ms: number) => new Date(now + ms).toISOString();

  // The bank first: the questions a teacher will take into quizzes, and one that stays free.
  const bank = [
    qn("OPEN", 1, " (bank)"),
    qn("OPEN", 2, " (bank)"),
    qn("UPCOMING", 1, " (bank)"),
    qn("DRAFT", 1, " (bank)"),
    qn("USE", 1),
    qn("USE", 2),
    qn("FREE", 1),
  ];
  const saved = await call(t.app, {
    method: "POST",
    url: "/api/questions/bulk",
    token: teacher,
    payload: { questions: bank, metadata: { year: 2024, subject: "Science", section: "A" } },
  });
  expect(saved.status).toBe(201);
  const rows = await db.select({ id: questions.id, answer: questions.answer }).from(questions).where(eq(questions.year, 2024));
  for (const r of rows) {
    const quiz = r.answer!.split("-")[1];
    (bankIds[quiz] ??= []).push(r.id);
  }

  await createQuiz("OPEN", course.id, { openTime: iso(-HOUR), closeTime: iso(7 * DAY) }, [bank[0], bank[1], qn("OPEN", 3), qn("OPEN", 4)], true);
  await createQuiz(
    "EXAM",
    course.id,
    { openTime: iso(-HOUR), closeTime: iso(7 * DAY), maxAttempts: "1", showScore: "after_close" },
    [1, 2, 3, 4].map((n) => qn("EXAM", n)),
    false,
  );
  await createQuiz("CTRL", course.id, { openTime: iso(-HOUR), closeTime: iso(DAY) }, [qn("CTRL", 1), qn("CTRL", 2)], false);
  await createQuiz("UPCOMING", course.id, { openTime: iso(30 * DAY), closeTime: iso(31 * DAY) }, [bank[2], qn("UPCOMING", 2)], true);
  await createQuiz("DRAFT", course.id, { openTime: iso(-HOUR), closeTime: iso(7 * DAY), status: "draft" }, [bank[3], qn("DRAFT", 2)], true);
  const use = await call(t.app, {
    method: "POST",
    url: "/api/quizzes/from-questions",
    token: teacher,
    payload: { title: "USE quiz", courseId: course.id, studentType: "jhs3", questions: [bank[4], bank[5]] },
  });
  expect(use.status).toBe(201);
  quizId.USE = use.body.id;
  await createQuiz("TYPED", course.id, { openTime: iso(-HOUR), closeTime: iso(5 * DAY) }, TYPED_QUESTIONS, false);
  const typedBank = await call(t.app, {
    method: "POST",
    url: "/api/questions/bulk",
    token: teacher,
    payload: { questions: TYPED_BANK, metadata: { year: 2025, subject: "Science", section: "A" } },
  });
  expect(typedBank.status, typedBank.raw).toBe(201);
  const draft = (await db.select({ status: quizzes.status }).from(quizzes).where(eq(quizzes.id, quizId.DRAFT)))[0];
  expect(draft.status).toBe("draft");
  // The quizzes' copies of bank questions name their source (by fingerprint: the web sends their content).
  const copies = await db
    .select({ source: questions.sourceQuestionId })
    .from(questions)
    .where(inArray(questions.quizId, Object.values(quizId)));
  expect(copies.filter((c) => c.source !== null)).toHaveLength(6);
  candidateQuestionIds = (await db.select({ id: questions.id }).from(questions)).map((r) => r.id);

  // Three throwaway students sign themselves up (an admin opens sign-up explicitly: it may be closed by default).
  expect((await call(t.app, { method: "PUT", url: "/api/settings", token: admin, payload: { studentSignupOpen: true } })).status).toBe(200);
  for (const name of ["s1", "s2", "s3"]) {
    const email = `${name}.${process.pid}@throwaway.example`;
    const r = await call(t.app, {
      method: "POST",
      url: "/api/auth/register",
      payload: { name: `Throwaway ${name}`, email, password: "abcdefgh", role: "student", studentType: LEVEL },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    students.push({ name, email, id: r.body.id, token: "" });
  }

  const doc = (await call(t.app, { method: "GET", url: "/api/docs/json" })).body;
  getTemplates = Object.entries<Record<string, unknown>>(doc.paths)
    .filter(([, ops]) => "get" in ops)
    .map(([path]) => path);
});

/** Signs each student in again (the clock moves by days between the moments). */
async function signIn() {
  for (const s of students) {
    const r = await call(t.app, { method: "POST", url: "/api/auth/login", payload: { email: s.email, password: "abcdefgh" } });
    expect(r.status).toBe(200);
    s.token = r.body.token;
  }
}

// ---------- what was answered, and where -------------------------------------------------------------------

type Seen = { student: string; moment: string; label: string; status: number; text: string; scores: string[] };
const seen: Seen[] = [];

/** A body with every `options` list left out (students are meant to read the options), as text. */
function withoutOptions(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutOptions);
  if (v && typeof v === "object")
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k]) => k !== "options")
        .map(([k, x]) => [k, withoutOptions(x)]),
    );
  return v;
}

/** The values that tell how well someone did, wherever they are in a body: what an oracle would read. */
const SCORE_KEYS =
  /^(score|bestScore|lastScore|averageScore|average|highestScore|lowestScore|finalScore|percentage|correct|correctCount|passed|passRate|grade|points|review|wrongQuestionIds|results|trend|rank|position|stanine)$/;
function scoresOf(v: unknown, out: string[] = [], path = ""): string[] {
  if (Array.isArray(v)) v.forEach((x, i) => scoresOf(x, out, `${path}[${i}]`));
  else if (v && typeof v === "object")
    for (const [k, x] of Object.entries(v)) {
      // A score-like value is kept as it is; a score-like list or object (a review, practice results) is kept as
      // present or not, and searched for scores inside (its ids and times are not scores).
      if (SCORE_KEYS.test(k)) out.push(`${path}.${k}=${x !== null && typeof x === "object" ? "<present>" : JSON.stringify(x)}`);
      if (x !== null && typeof x === "object") scoresOf(x, out, `${path}.${k}`);
    }
  return out;
}

/** Calls a route as a student and keeps what came back; follows signed links and feed URLs one hop. */
async function attempt(s: Student, moment: string, label: string, method: "GET" | "POST" | "PUT", url: string, payload?: object, hop = 0): Promise<any> {
  const r = await call(t.app, { method, url, token: s.token, ...(payload ? { payload } : {}) });
  const json = typeof r.body === "object" && r.body !== null;
  seen.push({
    student: s.name,
    moment,
    label,
    status: r.status,
    text: json ? JSON.stringify(withoutOptions(r.body)) : String(r.raw),
    scores: json ? scoresOf(r.body) : [],
  });
  expect(r.status, `${method} ${url}`).toBeLessThan(500);
  if (json && hop === 0) {
    const urls = JSON.stringify(r.body).match(/(https?:\/\/[^"\s]*)?\/api\/[^"\s]+/g) ?? [];
    for (const u of new Set(urls)) {
      const path = u.replace(/^https?:\/\/[^/]+/, "");
      if (path.includes("{")) continue;
      await attempt(s, moment, `${label} → link`, "GET", path, undefined, 1);
    }
  }
  return r;
}

// ---------- the ids a student can name, labelled alike for every student ------------------------------------

type Named = { id: number | string; label: string };

async function namedIds(s: Student) {
  const db = t.database.db;
  const quizName = new Map(Object.entries(quizId).map(([k, v]) => [v, k]));
  const owner = (userId: number) => (userId === s.id ? "own" : (students.find((x) => x.id === userId)?.name ?? "staff"));
  const quizIds: Named[] = Object.entries(quizId).map(([k, v]) => ({ id: v, label: k }));
  const attemptIds: Named[] = (await db.select().from(attempts)).map((a) => ({
    id: a.id,
    label: `${owner(a.userId)}:${quizName.get(a.quizId)}#${a.attemptNumber}`,
  }));
  // Several rows of one kind per owner are told apart by their order (the same for every student).
  const nth = <T extends { id: number }>(rows: T[], key: (r: T) => string): Named[] => {
    const count = new Map<string, number>();
    return [...rows]
      .sort((x, y) => x.id - y.id)
      .map((r) => {
        const k = key(r);
        count.set(k, (count.get(k) ?? 0) + 1);
        return { id: r.id, label: `${k}#${count.get(k)}` };
      });
  };
  const submissionIds = nth(await db.select().from(submissions), (x) => `${owner(x.userId)}:${quizName.get(x.quizId)}`);
  const recordIds = nth(await db.select().from(records), (x) => `${owner(x.userId)}:${quizName.get(x.quizId)}`);
  const practiceIds = nth(await db.select().from(practiceResults), (x) => `${owner(x.userId)}:practice`);
  const userIds: Named[] = (await db.select({ id: users.id }).from(users)).map((u) => ({
    id: u.id,
    label: owner(u.id) === "staff" ? `staff:${u.id}` : owner(u.id),
  }));
  const questionIds: Named[] = candidateQuestionIds.map((id) => ({ id, label: `q${id}` }));
  const fileIds: Named[] = (await db.select({ id: quizzes.pdfFileId, title: quizzes.title }).from(quizzes))
    .filter((f) => f.id !== null)
    .map((f) => ({ id: f.id!, label: `file:${f.title}` }));
  return { quizIds, attemptIds, submissionIds, recordIds, practiceIds, userIds, questionIds, fileIds, one: [{ id: 1, label: "1" }] as Named[] };
}

/** Every GET of the API with every id the student can name, and the list queries that filter or search. */
async function everyGet(s: Student): Promise<{ label: string; url: string }[]> {
  const ids = await namedIds(s);
  const forParam = (path: string, param: string): Named[] => {
    if (param === "n") return ids.one;
    if (param === "number")
      return [
        { id: 1, label: "1" },
        { id: 2, label: "2" },
      ];
    if (param === "attemptId") return ids.attemptIds;
    if (param === "submissionId") return ids.submissionIds;
    if (param === "quizId") return ids.quizIds;
    if (param === "userId" || param === "studentId") return ids.userIds;
    if (path.startsWith("/api/quizzes/") || path.startsWith("/api/submissions/quiz/") || path.startsWith("/api/performance/quiz-details/")) return ids.quizIds;
    if (path.startsWith("/api/questions/")) return ids.questionIds;
    if (path.startsWith("/api/records/")) return ids.recordIds;
    if (path.startsWith("/api/practice/")) return ids.practiceIds;
    if (path.startsWith("/api/files/")) return ids.fileIds;
    if (path.startsWith("/api/submissions/")) return ids.submissionIds;
    if (path.startsWith("/api/attempts/")) return ids.attemptIds;
    return ids.one;
  };
  const out: { label: string; url: string }[] = [];
  for (const template of getTemplates) {
    if (template === "/api/schedules/feed/{file}") continue; // reached through the feed-token answer's URL
    let variants = [{ label: template, url: template }];
    for (const [, param] of template.matchAll(/\{(\w+)\}/g)) {
      variants = variants.flatMap((v) =>
        forParam(template, param).map((n) => ({ label: v.label.replace(`{${param}}`, `{${n.label}}`), url: v.url.replace(`{${param}}`, String(n.id)) })),
      );
    }
    out.push(...variants);
  }
  for (const q of [
    "/api/quizzes?status=active",
    "/api/quizzes?status=upcoming",
    "/api/quizzes?status=closed",
    "/api/quizzes?limit=100",
    "/api/questions?limit=100",
    "/api/questions?search=KEY",
    "/api/questions?search=question",
    "/api/questions?year=2024&subject=Science&section=A",
    "/api/questions?year=2025&subject=Science&section=A",
    "/api/library?type=quiz-pdf",
    "/api/library?search=quiz",
    "/api/records?limit=100",
    "/api/practice?limit=100",
    "/api/schedules?start=2020-01-01T00:00:00Z&end=2030-01-01T00:00:00Z",
  ])
    out.push({ label: q, url: q });
  return out;
}

async function sweep(s: Student, moment: string) {
  for (const { label, url } of await everyGet(s)) await attempt(s, moment, `GET ${label}`, "GET", url);
  // The private calendar feed, through the URL a new feed token answers.
  await attempt(s, moment, "POST /schedules/feed-token", "POST", "/api/schedules/feed-token");
}

/** Practice with every bank and quiz question id, one by one and all together, blank and with a distractor. */
async function practiseEverything(s: Student, moment: string) {
  const blank = (ids: number[]) => ({ questionIds: ids, answers: ids.map((questionId) => ({ questionId, answer: null })) });
  for (const id of candidateQuestionIds) {
    await attempt(s, moment, `POST /practice [q${id}]`, "POST", "/api/practice", blank([id]));
    await attempt(s, moment, `POST /practice [q${id}] guessed`, "POST", "/api/practice", { questionIds: [id], answers: [{ questionId: id, answer: "wrong" }] });
  }
  await attempt(s, moment, "POST /practice [all]", "POST", "/api/practice", blank(candidateQuestionIds));
  await attempt(s, moment, "POST /practice [bank]", "POST", "/api/practice", blank(Object.values(bankIds).flat()));
}

/** `days` on from now: every student signs in, sweeps every route and practises everything as `moment`; then `check`. */
async function sweepDaysOn(days: number, moment: string, check: () => void) {
  t.clock.set(new Date(Date.now() + days * DAY));
  try {
    await signIn();
    for (const s of students) await sweep(s, moment);
    for (const s of students) await practiseEverything(s, moment);
    check();
  } finally {
    t.clock.set(null);
  }
}

/** Starts every quiz it can. */
async function takeEverything(s: Student, moment: string) {
  const sessions: Record<string, any> = {};
  for (const [name, id] of Object.entries(quizId)) {
    const r = await attempt(s, moment, `POST /quizzes/{${name}}/attempts`, "POST", `/api/quizzes/${id}/attempts`);
    if (r.status === 201 || r.status === 200) sessions[name] = r.body;
  }
  return sessions;
}

/** Saves and submits each started attempt: distractors everywhere, except `rightOn` answered with its keys. */
async function answerAndSubmit(s: Student, moment: string, sessions: Record<string, any>, rightOn: string | null) {
  for (const [name, session] of Object.entries(sessions)) {
    const answers = (session.questions as { id: number; options: string[] }[]).map((q) => ({
      questionId: q.id,
      answer: q.options.length ? q.options.find((o) => (name === rightOn ? o.startsWith("KEY-") : !o.startsWith("KEY-")))! : "a guess",
    }));
    await attempt(s, moment, `PUT /attempts/{own:${name}}/answers`, "PUT", `/api/attempts/${session.attemptId}/answers`, { answers });
    await attempt(s, moment, `POST /attempts/{own:${name}}/sections/next`, "POST", `/api/attempts/${session.attemptId}/sections/next`, { fromSection: 0 });
    await attempt(s, moment, `POST /attempts/{own:${name}}/submit`, "POST", `/api/attempts/${session.attemptId}/submit`, {});
  }
}

/** Issue 8's attack: an empty submit of every quiz, to use up attempts and read what comes back. */
async function emptySubmits(s: Student, moment: string) {
  for (const [name, id] of Object.entries(quizId)) {
    for (let i = 0; i < 3; i++) await attempt(s, moment, `POST /submissions/{${name}}/submit #${i}`, "POST", `/api/submissions/${id}/submit`, { answers: [] });
  }
}

// ---------- the checks ---------------------------------------------------------------------------------------

const keyPattern = (quizzesNames: string[]) => new RegExp(`KEY-(${quizzesNames.join("|")})-\\d`);

/** The bodies of a moment in which a key of these quizzes appears (s2's own exam answers excepted, see below). */
function leaks(moment: string, names: string[]) {
  const re = keyPattern(names);
  return seen
    .filter((x) => x.moment === moment && re.test(x.text))
    .filter((x) => !(x.student === "s2" && !keyPattern(names.filter((n) => n !== "EXAM")).test(x.text)))
    .map((x) => `${x.student} ${x.label} (${x.status}): ${x.text.match(re)![0]}`);
}
const found = (moment: string, re: RegExp, student?: string) =>
  seen.filter((x) => x.moment === moment && (!student || x.student === student) && re.test(x.text));

/**
 * The exam's score must tell nothing while it is open: s1 answered every question wrong and s2 every one right, so
 * any route whose scores differ between them (same route, same labelled ids) would be an oracle for the key.
 */
function oracle(moment: string): string[] {
  const s1 = new Map(seen.filter((x) => x.student === "s1" && x.moment === moment).map((x) => [x.label, x.scores.join(" ")]));
  return seen
    .filter((x) => x.student === "s2" && x.moment === moment && s1.has(x.label) && s1.get(x.label) !== x.scores.join(" "))
    .map((x) => `${x.label}: s1 ${s1.get(x.label)} / s2 ${x.scores.join(" ")}`);
}

describe("three throwaway students against every route, at three moments", () => {
  it("while OPEN, EXAM, CTRL, DRAFT and USE can still be taken and UPCOMING has not opened: no key, no paper before the clock, no score oracle", async () => {
    await signIn();
    const [s1, s2, s3] = students;
    // Before starting anything.
    for (const s of students) await sweep(s, "A1");
    for (const s of students) await practiseEverything(s, "A1");
    // Inside running attempts (s1 and s2); s3 starts nothing.
    const sessions1 = await takeEverything(s1, "A2");
    const sessions2 = await takeEverything(s2, "A2");
    expect(Object.keys(sessions1).sort()).toEqual(["CTRL", "EXAM", "OPEN", "TYPED"]);
    for (const s of [s1, s2]) await sweep(s, "A2");
    // Saved and submitted; s3 submits empty papers again and again.
    await answerAndSubmit(s1, "A3", sessions1, null);
    await answerAndSubmit(s2, "A3", sessions2, "EXAM");
    await emptySubmits(s3, "A3");
    for (const s of students) await sweep(s, "A3");
    for (const s of students) await practiseEverything(s, "A3");

    // Every GET of the API was tried (the feed through its signed URL), with ids and without.
    const tried = new Set(seen.map((x) => x.label.replace(/\{[^}]*\}/g, "{}").replace(/^GET /, "")));
    expect(getTemplates.filter((p) => p !== "/api/schedules/feed/{file}" && !tried.has(p.replace(/\{\w+\}/g, "{}")))).toEqual([]);
    expect(new Set(seen.filter((x) => x.label === "POST /schedules/feed-token → link" && x.status === 200).map((x) => x.student)).size).toBe(3);
    expect(seen.length).toBeGreaterThan(1000);

    const stillTakeable = ["OPEN", "EXAM", "CTRL", "UPCOMING", "DRAFT", "USE", "TYPED"];
    for (const m of ["A1", "A2", "A3"]) expect(leaks(m, stillTakeable), m).toEqual([]);
    // Every type (issue 27): no key field on any question a student got, no part's scheme, no secret number; the typed
    // bank's keys only from a submitted practice.
    for (const m of ["A1", "A2", "A3"]) {
      const bodies = seen.filter((x) => x.moment === m && /^[[{]/.test(x.text));
      const fields = bodies.flatMap((x) => keyFieldsIn(JSON.parse(x.text)).map((f) => `${x.student} ${x.label}: ${f}`));
      expect(fields, m).toEqual([]);
      // The quiz's numbers never; the free typed bank question's key and value only in the student's own submitted practice.
      expect(
        found(m, /98765\.4321|0\.0123/).map((x) => x.label),
        m,
      ).toEqual([]);
      expect(
        found(m, /KEY-TBANK-\d|55555\.125/)
          .filter((x) => !x.label.startsWith("POST /practice") && !x.label.startsWith("GET /api/practice"))
          .map((x) => x.label),
        m,
      ).toEqual([]);
    }
    // The structural search does see key fields: the teacher's read of the same quiz has them.
    const staffView = await call(t.app, { method: "GET", url: `/api/quizzes/${quizId.TYPED}`, token: teacher });
    expect(keyFieldsIn(staffView.body).length).toBeGreaterThanOrEqual(6);
    // Controls: a submitted practice of a free typed bank question does give its key and scheme.
    expect(found("A1", /KEY-TBANK-1/).length).toBeGreaterThan(0);
    expect(found("A1", /KEY-TBANK-3/).length).toBeGreaterThan(0);
    // Controls: the search sees a key that practice may give (a free bank question)...
    expect(found("A1", /KEY-FREE-1/).length).toBeGreaterThan(0);
    // ...and a paper inside a running attempt, which is the only time before the close that it comes.
    expect(found("A2", /PAPER-OPEN/, "s1").length).toBeGreaterThan(0);
    for (const m of ["A1", "A3"])
      expect(
        found(m, /PAPER-OPEN/).map((x) => `${x.student} ${x.label}`),
        m,
      ).toEqual([]);
    expect(found("A2", /PAPER-OPEN/, "s3")).toEqual([]);
    for (const m of ["A1", "A2", "A3"])
      expect(
        found(m, /PAPER-(UPCOMING|DRAFT)/).map((x) => x.label),
        m,
      ).toEqual([]);
    // The exam's score says nothing while it is open.
    for (const m of ["A2", "A3"]) expect(oracle(m), m).toEqual([]);
    // s2 did answer the exam right: the oracle check compares something real.
    const exam = await t.database.db.select().from(submissions).where(eq(submissions.quizId, quizId.EXAM));
    const scoreOf = (st: Student) => exam.filter((x) => x.userId === st.id).map((x) => Number(x.score));
    expect([scoreOf(s1), scoreOf(s2)]).toEqual([[0], [100]]);
  }, 600_000);

  it("two days on, CTRL has closed: its keys come (the control), still none of the others", async () => {
    await sweepDaysOn(2, "B", () => {
      expect(leaks("B", ["OPEN", "EXAM", "UPCOMING", "DRAFT", "USE", "TYPED"])).toEqual([]);
      expect(found("B", /KEY-CTRL-\d/, "s1").length).toBeGreaterThan(0);
      expect(oracle("B")).toEqual([]);
    });
  }, 600_000);

  it("eight days on, OPEN and EXAM have closed: their keys and the exam's scores come; the draft's, the upcoming quiz's and USE's (never closes) still do not", async () => {
    await sweepDaysOn(8, "C", () => {
      expect(leaks("C", ["UPCOMING", "DRAFT", "USE"])).toEqual([]);
      expect(found("C", /KEY-OPEN-\d/, "s1").length).toBeGreaterThan(0);
      expect(found("C", /KEY-EXAM-\d/, "s1").length).toBeGreaterThan(0);
      // TYPED closed on day 5: its review gives every type's key described, and the written answer's scheme.
      for (const key of [/KEY-TYPED-2/, /KEY-TYPED-4/, /98765\.4321/, /KEY-TYPED-6/, /KEY-TYPED-9/])
        expect(found("C", key, "s1").length, String(key)).toBeGreaterThan(0);
      // The bank questions of OPEN are back in practice, keys and all.
      expect(found("C", /KEY-OPEN-1/, "s3").some((x) => x.label.startsWith("POST /practice"))).toBe(true);
      // The closed paper is in the library and downloads.
      expect(found("C", /PAPER-OPEN/, "s3").length).toBeGreaterThan(0);
      // The exam's scores now differ between the one who got it all wrong and the one who got it all right.
      expect(oracle("C").length).toBeGreaterThan(0);
    });
  }, 600_000);
});
