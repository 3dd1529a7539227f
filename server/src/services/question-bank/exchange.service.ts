import {
  BankQuestionContentSchema,
  describeKey,
  type BankExportQuery,
  type BankMetadata,
  type ImportResult,
  type ParseWarning,
  type QuestionDetails,
  type UnsupportedQuestion,
} from "@adesua/domain";
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { files, type QuestionRow } from "../../db/schema";
import type { Actor } from "../../audit/audit";
import { exportAiken } from "../../documents/aiken.ts";
import { exportQuestionCsv } from "../../documents/csv.ts";
import type { ExchangeImport, TypedExchangeQuestion } from "../../documents/exchange-types.ts";
import { nameOf, titleFrom } from "../../documents/exchange-types.ts";
import { exportGift } from "../../documents/gift.ts";
import { exportMoodleXml } from "../../documents/moodle-xml.ts";
import type { FileStorage } from "../../storage/storage";
import { storeParsedPictures } from "../files/parse-pictures.service";
import { allBankQuestions, importBankQuestions, type BankContent } from "./question-bank.service";

/**
 * GIFT, Aiken and Moodle XML in and out of the bank (issue 27), and the bank's CSV export. Every question type goes
 * through; what a file holds that Adesua does not import is named, never stored as another type.
 */

/** POST /questions/import refused: nothing in the file can be imported (422 `{ error, unsupported, warnings }`). */
export class NothingToImportError extends Error {
  constructor(
    message: string,
    public readonly unsupported: UnsupportedQuestion[],
    public readonly warnings: ParseWarning[],
  ) {
    super(message);
  }
}

/** A read question as the bank's own input: checked by the same schema as a bulk save (`BankQuestionContentSchema`). */
function contentOf(q: TypedExchangeQuestion): Record<string, unknown> {
  const type = q.type ?? "single";
  return {
    type,
    text: q.text,
    ...(type === "single" || type === "multiple" ? { options: q.options } : {}),
    ...(type === "single" || type === "true_false" ? { answer: q.answer || null } : {}),
    ...(q.marks !== undefined ? { marks: q.marks } : {}),
    ...(type === "multiple" ? { answers: q.answers ?? [], scoring: q.scoring } : {}),
    ...(type === "short" ? { accepted: q.accepted ?? [], contains: q.contains ?? false } : {}),
    ...(type === "numerical" ? { value: q.value, tolerance: q.tolerance ?? 0, unit: q.unit ?? null } : {}),
    ...(type === "written" ? { parts: q.parts ?? [], scheme: q.scheme ?? null } : {}),
  };
}

/**
 * Imports what a GIFT, Aiken or Moodle XML file gave (read in the document worker): each question checked by the bank's
 * schema (a question that fails is named in the warnings, not stored), its pictures stored as the uploader's files and
 * attached, then all saved into one group. Nothing importable: NothingToImportError (the route answers 422).
 */
export async function importExchangeQuestions(
  db: Db,
  storage: FileStorage,
  meta: BankMetadata,
  read: ExchangeImport,
  actor: Actor & { id: number },
): Promise<ImportResult> {
  const unsupported = read.unsupported ?? [];
  const warnings = [...read.warnings];
  const fine: { q: TypedExchangeQuestion; content: BankContent }[] = [];
  read.questions.forEach((q, i) => {
    const checked = BankQuestionContentSchema.safeParse(contentOf(q));
    if (checked.success) fine.push({ q, content: checked.data as BankContent });
    else {
      const where = q.source ? nameOf(q.source.number, q.source.title) : nameOf(i + 1, titleFrom(q.text));
      warnings.push({ message: `${where}: ${checked.error.issues[0]?.message ?? "it is not a valid question"}: not imported` });
    }
  });
  if (fine.length === 0) {
    const named = [...unsupported.map((u) => u.message), ...warnings.filter((w) => w.message.endsWith("not imported")).map((w) => w.message)];
    const message = named.length
      ? `No question in this file can be imported: ${named.join("; ")}`
      : "No question in this file can be imported: no question was found in it";
    throw new NothingToImportError(message, unsupported, warnings);
  }
  const list: BankContent[] = [];
  for (const { q, content } of fine) {
    const imageIds = await storeParsedPictures(db, storage, q.images, actor.id);
    list.push(imageIds.length ? { ...content, imageIds } : content);
  }
  // Warnings point at the file's questions by their place among those read; renumber them for those kept.
  const kept = new Map(fine.map((f, i) => [read.questions.indexOf(f.q) + 1, i + 1]));
  const renumbered = warnings.map((w) => {
    if (w.question === undefined) return w;
    const n = kept.get(w.question);
    return n === undefined ? { message: w.message } : { ...w, question: n };
  });
  const result = await importBankQuestions(db, meta, list, actor);
  return { ...result, warnings: renumbered, ...(unsupported.length ? { unsupported } : {}) };
}

// ---------- export ----------

/** A stored bank question as the exchange formats write it. */
export function exchangeQuestionOf(r: QuestionRow): TypedExchangeQuestion {
  const d: QuestionDetails = r.details ?? {};
  const base = { text: r.text, options: r.options, answer: r.answer ?? "", marks: Number(r.marks) };
  switch (r.type) {
    case "multiple":
      return { ...base, type: "multiple", answers: d.answers ?? [], scoring: d.scoring ?? "all_or_nothing" };
    case "true_false":
      return { ...base, type: "true_false", options: ["True", "False"] };
    case "short":
      return { ...base, type: "short", options: [], accepted: d.accepted ?? [], contains: d.contains ?? false };
    case "numerical":
      return { ...base, type: "numerical", options: [], value: d.value, tolerance: d.tolerance ?? 0, unit: d.unit ?? null };
    case "written":
      return { ...base, type: "written", options: [], parts: d.parts ?? [], scheme: d.scheme ?? null };
    default:
      return base;
  }
}

/** One CSV row's extra columns: the type, the marks and the key as a person reads it (describeKey). */
function csvExtras(r: QuestionRow) {
  return { type: r.type, marks: Number(r.marks), key: describeKey({ type: r.type, options: r.options, answer: r.answer, details: r.details }) ?? "" };
}

/** At most this many bytes of pictures go into one Moodle XML export (base64 makes them a third larger). */
const MAX_EXPORTED_PICTURE_BYTES = 50 * 1024 * 1024;

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(Buffer.from(c));
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * The questions' pictures, for Moodle XML (the one format with a place for them): read from storage in order, up to
 * MAX_EXPORTED_PICTURE_BYTES in all; a picture whose bytes are missing or past the limit is left out (the XML says so).
 */
async function attachPictures(db: Db, storage: FileStorage, rows: QuestionRow[], list: TypedExchangeQuestion[]): Promise<void> {
  const ids = [...new Set(rows.flatMap((r) => r.imageFileIds))];
  if (!ids.length) return;
  const found = new Map<number, { sha256: string; name: string; mimeType: string; size: number }>();
  for (let i = 0; i < ids.length; i += 500) {
    const part = await db
      .select({ id: files.id, sha256: files.sha256, name: files.name, mimeType: files.mimeType, size: files.size })
      .from(files)
      .where(inArray(files.id, ids.slice(i, i + 500)));
    for (const f of part) found.set(f.id, f);
  }
  let budget = MAX_EXPORTED_PICTURE_BYTES;
  for (let i = 0; i < rows.length; i++) {
    for (const id of rows[i].imageFileIds) {
      const f = found.get(id);
      if (!f || !f.mimeType.startsWith("image/") || f.size > budget) {
        list[i].picturesLeftOut = (list[i].picturesLeftOut ?? 0) + 1;
        continue;
      }
      try {
        const bytes = await readAll(await storage.open(f.sha256));
        budget -= bytes.length;
        (list[i].images ??= []).push({ bytes, contentType: f.mimeType, name: f.name });
      } catch {
        list[i].picturesLeftOut = (list[i].picturesLeftOut ?? 0) + 1;
      }
    }
  }
}

/** GET /questions/export: the filtered bank as a file of the format asked for (Moodle XML with the questions' pictures). */
export async function exportBank(db: Db, storage: FileStorage, query: BankExportQuery & { format: "gift" | "aiken" | "moodle-xml" | "csv" }) {
  const { format, ...filter } = query;
  const rows = await allBankQuestions(db, filter as Parameters<typeof allBankQuestions>[1]);
  const list = rows.map(exchangeQuestionOf);
  if (format === "moodle-xml") await attachPictures(db, storage, rows, list);
  const name = ["questions", filter.year, filter.subject, filter.section]
    .filter((x) => x !== undefined)
    .join("-")
    .replace(/[^\w-]+/g, "_");
  const [body, type, ext] =
    format === "gift"
      ? [exportGift(list), "text/plain; charset=utf-8", "gift.txt"]
      : format === "aiken"
        ? [exportAiken(list), "text/plain; charset=utf-8", "aiken.txt"]
        : format === "moodle-xml"
          ? [exportMoodleXml(list), "application/xml; charset=utf-8", "xml"]
          : [exportQuestionCsv(list.map((q, i) => ({ ...q, ...csvExtras(rows[i]) }))), "text/csv; charset=utf-8", "csv"];
  return { body, type, filename: `${name}.${ext}` };
}
