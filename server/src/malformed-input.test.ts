import { beforeAll, describe, expect, it } from "vitest";
import type { InjectOptions } from "fastify";
import { call, capturedLog, useTestApp } from "../test/test-app";
import { buildQuiz, buildUser, signedIn } from "../test/factories";
import { createSession } from "./auth/sessions";
import { pdfBytes } from "../test/uploads";
import { describeError } from "./lib/log";

/**
 * Issue 8 item 5: every route in the OpenAPI document, as an admin, a teacher, a student and an
 * anonymous caller, gets malformed values of each kind (huge strings, NUL, lone surrogates, odd and
 * too big ids in path, query and body, wrong types, broken multipart). None may answer 500, and
 * the log written meanwhile (at level info, request logs included) holds none of the values sent.
 */

const { lines: logLines, stream: logStream } = capturedLog();
const t = useTestApp({}, { logger: { stream: logStream, level: "info" } });

const HUGE = "HUGEMARKER" + "x".repeat(100_000);
const NUL = "nul\u0000NULMARKER";
const SURROGATE = "sur\ud800SURMARKER";
/** Ids that must never be read as a number (or are too big for a 32-bit id). */
const BAD_IDS = ["0x6", "%206", "6e0", "0b110", "0o6", "6.0", "2147483648", "99999999999999999999", "-1", "0", "abc", "%00", "1%00"];
const BODY_VALUES: unknown[] = [HUGE, NUL, SURROGATE, 2147483648, "0x6", -1, 1.5, {}, [], true, null, [NUL], { [NUL]: 1 }];
/** Values that, once sent, must not show up in the log. */
const MARKERS = ["HUGEMARKER", "NULMARKER", "SURMARKER", "2147483648", "99999999999999999999", "0b110", "0o6", "6e0", "$argon2"];
/** Field names the form routes (courses, quizzes) read, which the OpenAPI document cannot describe. */
const FORM_FIELDS = [
  "title",
  "description",
  "courseId",
  "teacherId",
  "studentType",
  "openTime",
  "closeTime",
  "timeLimit",
  "maxAttempts",
  "questionsPerPage",
  "passingScore",
  "timedSections",
  "resetTimerOnAttempt",
  "questions",
  "removeMaterial",
];

type Op = { method: string; path: string; params: { in: string; name: string }[]; jsonProps: string[] };
let ops: Op[] = [];
let ids: { quiz: number; course: number; user: number; attempt: number; event: number };
const callers = ["admin", "teacher", "student", "anonymous"] as const;
type Caller = (typeof callers)[number];
let users: Record<Exclude<Caller, "anonymous">, number>;

beforeAll(async () => {
  const db = t.database.db;
  const teacher = await buildUser(db, { role: "teacher" });
  const student = await buildUser(db, { role: "student", studentType: "jhs1" });
  const admin = await buildUser(db, { role: "admin" });
  users = { admin: admin.id, teacher: teacher.id, student: student.id };
  const { quiz } = await buildQuiz(db, { teacherId: teacher.id, studentType: "jhs1" });
  const s = await signedIn(db, { role: "student", studentType: "jhs1" });
  const started = await call(t.app, { method: "POST", url: `/api/quizzes/${quiz.id}/attempts`, token: s.token });
  // An event of the teacher's, so /api/schedules/{id} reaches its body checks (decision 042 declared its JSON body).
  const teacherToken = (await createSession(db, teacher.id, 3600_000)).token;
  const event = await call(t.app, {
    method: "POST",
    url: "/api/schedules",
    token: teacherToken,
    payload: { title: "Assembly", start: "2027-01-05T09:00:00Z", end: "2027-01-05T10:00:00Z", recurrence: "", courseId: "" },
  });
  ids = { quiz: quiz.id, course: quiz.courseId, user: student.id, attempt: started.body.attemptId ?? started.body.id, event: event.body.id };
  const doc = t.app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }
      >
    >;
  };
  ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: op.parameters ?? [],
      jsonProps: Object.keys(op.requestBody?.content?.["application/json"]?.schema?.properties ?? {}),
    })),
  );
}, 60_000);

/** A fresh session per caller (a route such as logout or a password change may end the old one). */
async function tokenOf(caller: Caller): Promise<string | undefined> {
  if (caller === "anonymous") return undefined;
  return (await createSession(t.database.db, users[caller], 3600_000)).token;
}

const validId = (name: string) =>
  name === "attemptId" ? ids.attempt : name === "userId" ? ids.user : name === "quizId" ? ids.quiz : name === "teacherId" ? users.teacher : ids.quiz;
const fillPath = (op: Op, override?: { name: string; value: string }) =>
  op.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    override?.name === name
      ? override.value
      : String(
          name === "id" && op.path.startsWith("/api/courses") ? ids.course : name === "id" && op.path.startsWith("/api/schedules") ? ids.event : validId(name),
        ),
  );

const failures: string[] = [];
async function send(label: string, opts: InjectOptions & { token?: string }) {
  const r = await call(t.app, opts);
  if (r.status >= 500) failures.push(`${label} → ${r.status} ${String(r.raw).slice(0, 200)}`);
  return r;
}

function multipart(boundary: string, parts: { name: string; value: string | Buffer; filename?: string }[], cut = false): Buffer {
  const chunks = parts.map((p) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"\r\nContent-Type: application/pdf` : ""}\r\n\r\n`,
      ),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
      Buffer.from("\r\n"),
    ]),
  );
  const body = Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
  return cut ? body.subarray(0, Math.floor(body.length * 0.6)) : body;
}

describe("malformed input on every route in the OpenAPI document", () => {
  it("never answers 500, and answers 400 to bad ids for a caller the route lets in", async () => {
    expect(ops.length).toBeGreaterThan(30);
    let sent = 0;
    for (const op of ops) {
      const route = `${op.method} ${op.path}`;
      const fastifyUrl = op.path.replace(/\{(\w+)\}/g, ":$1");
      const access = t.app.routeTable.find((r) => r.method === op.method && r.url === fastifyUrl)?.access;
      for (const caller of callers) {
        const token = await tokenOf(caller);
        const letIn = caller !== "anonymous" && (access === "signed-in" || (Array.isArray(access) && access.includes(caller)));
        const method = op.method as "GET";
        // A caller the route refuses is refused before anything is read: one value of each kind shows it.
        const few = <T>(list: T[]): T[] => (letIn || access === "public" ? list : list.slice(0, 1));
        // Ids in the path.
        for (const p of op.params.filter((x) => x.in === "path")) {
          for (const bad of few(BAD_IDS)) {
            const r = await send(`${caller} ${route} path ${p.name}=${bad}`, { method, url: fillPath(op, { name: p.name, value: bad }), token });
            sent++;
            if (letIn && r.status !== 400) failures.push(`${caller} ${route} path ${p.name}=${bad} → ${r.status}, expected 400`);
          }
        }
        // Query values.
        for (const p of op.params.filter((x) => x.in === "query")) {
          for (const bad of few([...BAD_IDS, encodeURIComponent(HUGE), "%00", "a%00b", "%ED%A0%80", "%uD800"])) {
            const r = await send(`${caller} ${route} query ${p.name}`, { method, url: `${fillPath(op)}?${p.name}=${bad}`, token });
            sent++;
            if (letIn && BAD_IDS.includes(bad) && /id$/i.test(p.name) && r.status !== 400)
              failures.push(`${caller} ${route} query ${p.name}=${bad} → ${r.status}, expected 400`);
          }
        }
        if (op.method === "GET" || op.method === "DELETE") continue;
        // JSON bodies: each property (or each form field) in turn gets each malformed value.
        const props = op.jsonProps.length ? op.jsonProps : FORM_FIELDS;
        for (const prop of few(props)) {
          for (const value of few(BODY_VALUES)) {
            const r = await send(`${caller} ${route} body ${prop}`, { method, url: fillPath(op), token, payload: { [prop]: value } as object });
            sent++;
            const textual = value === NUL || value === SURROGATE || value === HUGE;
            if (letIn && textual && op.jsonProps.length && r.status !== 400)
              failures.push(`${caller} ${route} body ${prop} ${String(value).slice(0, 12)} → ${r.status}, expected 400`);
          }
        }
        for (const payload of few(["[]", "null", '"x"', "1", "{", '{"a":"\\ud800"}', '{"a":"\\u0000"}'])) {
          await send(`${caller} ${route} raw body ${payload}`, { method, url: fillPath(op), token, payload, headers: { "content-type": "application/json" } });
          sent++;
        }
        // Multipart: no boundary, cut short, too many files, too many fields, bad characters in fields.
        const b = "----adesuaBoundary42";
        const fileParts = [1, 2, 3].map((i) => ({ name: "pdf", value: pdfBytes(), filename: `f${i}.pdf` }));
        const cases: [string, Buffer, string][] = [
          ["no boundary", multipart(b, [{ name: "title", value: "T" }]), "multipart/form-data"],
          [
            "cut short",
            multipart(
              b,
              [
                { name: "title", value: "T" },
                { name: "pdf", value: pdfBytes(2000), filename: "p.pdf" },
              ],
              true,
            ),
            `multipart/form-data; boundary=${b}`,
          ],
          ["three files", multipart(b, fileParts), `multipart/form-data; boundary=${b}`],
          [
            "60 fields",
            multipart(
              b,
              Array.from({ length: 60 }, (_, i) => ({ name: `f${i}`, value: "v" })),
            ),
            `multipart/form-data; boundary=${b}`,
          ],
          [
            "NUL field",
            multipart(
              b,
              FORM_FIELDS.map((name) => ({ name, value: NUL })),
            ),
            `multipart/form-data; boundary=${b}`,
          ],
          ["surrogate field", multipart(b, [{ name: "title", value: Buffer.from([0xed, 0xa0, 0x80]) }]), `multipart/form-data; boundary=${b}`],
          ["huge field", multipart(b, [{ name: "title", value: HUGE }]), `multipart/form-data; boundary=${b}`],
        ];
        for (const [label, payload, type] of few(cases)) {
          await send(`${caller} ${route} multipart ${label}`, { method, url: fillPath(op), token, payload, headers: { "content-type": type } });
          sent++;
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(2000);
  }, 300_000);

  it("keeps every value it sent out of the log", () => {
    // Request ids are counters in base 36 ("req-6e0"): not values we sent.
    const log = logLines.join("").replace(/"reqId":"[^"]*"/g, "");
    expect(logLines.length).toBeGreaterThan(100); // the request log was captured
    for (const m of MARKERS) expect(log.includes(m), `log contains ${m}`).toBe(false);
    for (const bad of BAD_IDS.filter((x) => x.length > 2)) expect(log.includes(`/${bad}`), `log contains /${bad}`).toBe(false);
  });
});

describe("the form routes", () => {
  it("say what was too much: three files, 60 fields (413), and refuse broken forms with 400", async () => {
    const admin = await signedIn(t.database.db, { role: "admin" });
    const b = "----x";
    const post = (payload: Buffer, type = `multipart/form-data; boundary=${b}`) =>
      call(t.app, { method: "POST", url: "/api/quizzes", token: admin.token, payload, headers: { "content-type": type } });
    const three = await post(
      multipart(
        b,
        [1, 2, 3].map((i) => ({ name: "pdf", value: pdfBytes(), filename: `f${i}.pdf` })),
      ),
    );
    expect(three.status).toBe(413);
    expect(three.body.error).toBe("Too many files in one upload (at most 2)");
    const sixty = await post(
      multipart(
        b,
        Array.from({ length: 60 }, (_, i) => ({ name: `f${i}`, value: "v" })),
      ),
    );
    expect(sixty.status).toBe(413);
    expect(sixty.body.error).toBe("Too many form fields (at most 40)");
    const noBoundary = await post(multipart(b, [{ name: "title", value: "T" }]), "multipart/form-data");
    expect(noBoundary.status).toBe(400);
    const cut = await post(
      multipart(
        b,
        [
          { name: "title", value: "T" },
          { name: "pdf", value: pdfBytes(5000), filename: "p.pdf" },
        ],
        true,
      ),
    );
    expect(cut.status).toBe(400);
    const nul = await post(multipart(b, [{ name: "title", value: NUL }]));
    expect(nul.status).toBe(400);
    expect(nul.body.error).toBe("title: contains a NUL character");
  });

  it("reads ids only as plain decimal digits", async () => {
    const admin = await signedIn(t.database.db, { role: "admin" });
    expect((await call(t.app, { method: "GET", url: `/api/courses/${ids.course}`, token: admin.token })).status).toBe(200);
    for (const bad of ["0x6", "%206", "6e0", "0b110", "0o6", "6.0", "2147483648"]) {
      const r = await call(t.app, { method: "GET", url: `/api/courses/${bad}`, token: admin.token });
      expect(r.status, bad).toBe(400);
      expect(r.body.error).toBe("id must be a positive number");
    }
    const doc = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: { name: string; schema: object }[] }>> };
    expect(doc.paths["/api/courses/{id}"].get.parameters?.find((p) => p.name === "id")?.schema).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: 2147483647,
    });
  });
});

describe("describeError", () => {
  it("logs a database error by its code, without its parameters, detail or query", () => {
    const pgError = Object.assign(new Error('invalid input syntax for type integer: "SECRET-VALUE"'), {
      code: "22P02",
      detail: "Key (email)=(victim@school.gh) already exists.",
      table: "users",
    });
    const drizzleError = Object.assign(new Error("Failed query: insert into users values ($1)\nparams: $argon2id$v=19$m=19456$abc,SECRET-VALUE"), {
      cause: pgError,
      params: ["$argon2id$v=19$abc"],
    });
    const text = JSON.stringify(describeError(drizzleError));
    expect(text).toContain("22P02");
    expect(text).toContain("users");
    for (const leak of ["SECRET-VALUE", "victim@school.gh", "$argon2", "insert into"]) expect(text).not.toContain(leak);
  });
});
