import { z } from "zod";
import { CourseFormSchema, ImportCsvFieldsSchema, ImportExchangeFieldsSchema, ParseJobFieldsSchema, QuizFormSchema, ScheduleFormSchema } from "@adesua/domain";

/**
 * What the OpenAPI document (at /api/docs/json) cannot learn from the routes' own schemas (issue 25 item 10).
 *
 * 1. Multipart request bodies. A route that reads a form with `readForm` cannot declare `schema.body`: Fastify
 *    would validate the (absent) body of every multipart request against it. Their bodies are declared here,
 *    by method and path, from the same zod contracts the routes parse the fields with, plus the file field
 *    (`format: binary`). A test checks every route that consumes multipart/form-data has one.
 * 2. `nullable` enums. OpenAPI 3.0 says `nullable: true` allows null, but a strict validator still checks null
 *    against `enum`, which never lists it: null is added to such enums.
 */

type Json = Record<string, unknown>;
type FormBody = { file: string; fileRequired: boolean; fields?: z.ZodType; required?: string[]; json?: boolean; description: string };

const FILE = { type: "string", format: "binary" } as const;

/** The forms sent both to create (POST) and to edit (PUT). */
const SCHEDULE_FORM: FormBody = {
  file: "file",
  fileRequired: false,
  fields: ScheduleFormSchema,
  json: true,
  description: "The event, with an optional .pdf or .docx attachment.",
};
const COURSE_FORM: FormBody = {
  file: "material",
  fileRequired: false,
  fields: CourseFormSchema,
  json: true,
  description: "The course, with optional PDF material.",
};

export const MULTIPART_BODIES: Record<string, FormBody> = {
  "post /api/questions/parse": {
    file: "attachment",
    fileRequired: true,
    description: "A question paper: .pdf, .docx, .doc, or a .jpg/.png photo (10 MB at most).",
  },
  "post /api/questions/parse-answers": {
    file: "attachment",
    fileRequired: true,
    description: "An answer key: .pdf, .docx, .doc, or a .jpg/.png photo (10 MB at most).",
  },
  "post /api/questions/parse-jobs": {
    file: "attachment",
    fileRequired: true,
    fields: ParseJobFieldsSchema,
    description: "A question paper or an answer key (`kind`), read in the background: .pdf, .docx, .doc, or a .jpg/.png photo (10 MB at most).",
  },
  "post /api/questions/import-csv": {
    file: "csvFile",
    fileRequired: true,
    fields: ImportCsvFieldsSchema,
    required: ["year", "subject"],
    description: "The CSV question template (question, optionA–E, correctOption, explanation) and where the questions go in the bank.",
  },
  "post /api/questions/import": {
    file: "file",
    fileRequired: true,
    fields: ImportExchangeFieldsSchema,
    required: ["year", "subject", "format"],
    description: "A GIFT, Aiken or Moodle XML file and where its questions go in the bank.",
  },
  "post /api/import-export/questions": { file: "file", fileRequired: true, description: "The question bank's CSV (the export's columns)." },
  "post /api/users/import": { file: "file", fileRequired: true, description: "A class list: .csv or .xlsx (name, email, role, level)." },
  "post /api/mocks/{id}/papers/{paperId}/marks/import": {
    file: "file",
    fileRequired: true,
    description: "A paper's marks: .csv or .xlsx (name, username or student id; mark or one column per question).",
  },
  "post /api/terms/{id}/attendance/import": { file: "file", fileRequired: true, description: "Attendance: .csv or .xlsx (name or username, present[, days])." },
  "post /api/sittings/{id}/scans": {
    file: "files",
    fileRequired: true,
    description: "Photos (JPEG, PNG or WebP) or a scanner's PDF of answer sheets: the field repeated once per file, at most 60 files of 15 MB each.",
  },
  "put /api/school/crest": { file: "file", fileRequired: true, description: "The school's crest: a .png or .jpg of at most 2 MB." },
  "post /api/schedules/parse": { file: "file", fileRequired: true, description: "A school circular (.pdf or .docx) to read into event fields." },
  "post /api/schedules": SCHEDULE_FORM,
  "put /api/schedules/{id}": SCHEDULE_FORM,
  "post /api/courses": COURSE_FORM,
  "put /api/courses/{id}": COURSE_FORM,
  "post /api/quizzes": {
    file: "pdf",
    fileRequired: false,
    fields: QuizFormSchema,
    json: true,
    description: "The quiz, with its PDF when no questions are typed in.",
  },
  "put /api/quizzes/{id}": { file: "pdf", fileRequired: false, fields: QuizFormSchema, json: true, description: "The quiz, with an optional new PDF." },
};

/** A zod contract's input as an OpenAPI 3.0 schema (transforms and refinements cannot be said in JSON Schema: left open). */
function inputSchema(schema: z.ZodType): Json {
  const out = z.toJSONSchema(schema, { target: "openapi-3.0", io: "input", unrepresentable: "any" }) as Json;
  delete out.$schema;
  return out;
}

function requestBodyOf(body: FormBody): Json {
  const fields = body.fields ? inputSchema(body.fields) : { type: "object", properties: {} };
  const properties = { ...((fields.properties as Json | undefined) ?? {}) };
  // Every field of a form is text: numbers, booleans and lists (as JSON) are read from their text.
  const formProperties: Json = {};
  for (const [name, s] of Object.entries(properties)) {
    const type = (s as Json).type;
    const note = type === "array" || type === "object" ? "as JSON text" : type && type !== "string" ? `a ${String(type)} as text` : "text";
    formProperties[name] = { type: "string", description: (s as Json).description ? `${String((s as Json).description)} (${note})` : note };
  }
  formProperties[body.file] = { ...FILE, description: body.description };
  const required = [...new Set([...(body.required ?? (fields.required as string[] | undefined) ?? []), ...(body.fileRequired ? [body.file] : [])])];
  const multipart = { type: "object", properties: formProperties, ...(required.length ? { required } : {}) };
  const content: Json = { "multipart/form-data": { schema: multipart } };
  if (body.json) content["application/json"] = { schema: fields };
  return { required: body.fileRequired || !body.json, description: body.description, content };
}

/** OpenAPI 3.0: a nullable enum must list null for a strict validator to take a null value. */
function nullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const n of node) nullInNullableEnums(n);
    return;
  }
  if (!node || typeof node !== "object") return;
  const o = node as Json;
  if (o.nullable === true && Array.isArray(o.enum) && !o.enum.includes(null)) o.enum = [...o.enum, null];
  for (const v of Object.values(o)) nullInNullableEnums(v);
}

/** The last step of the document (the swagger plugin's `transformObject`). */
export function completeOpenApi<T>(doc: T): T {
  const paths = (doc as { paths?: Record<string, Record<string, Json>> }).paths ?? {};
  for (const [key, body] of Object.entries(MULTIPART_BODIES)) {
    const [method, path] = key.split(" ");
    const op = paths[path]?.[method];
    if (op && !op.requestBody) op.requestBody = requestBodyOf(body);
  }
  nullInNullableEnums(doc);
  return doc;
}
