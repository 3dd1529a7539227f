import { createHash } from "node:crypto";
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import {
  BANK_MESSAGES,
  QUIZ_MESSAGES,
  bankGroupKey,
  type BankGroup,
  type BankMetadata,
  type BankQuestion,
  type BankSection,
  type ImportResult,
  type StudentBankQuestion,
  importedMessage,
  storedTypeFields,
  type Equation,
  type TypedQuestionInput,
} from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { files, questions, quizzes, type QuestionRow } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { badRequest, HttpError, notFound } from "../../lib/errors";
import { pageWindow } from "../../lib/pagination";
import { presentBankQuestion, presentStudentBankQuestion } from "./question.presenter";

/** The question bank: rows of `questions` with quiz_id null (decision 009). */

/** A bank question's content as sent (type fields checked by the domain schema, `TypedQuestionInput`). */
export type BankContent = Omit<TypedQuestionInput, "type"> & { type?: TypedQuestionInput["type"]; text: string; imageIds?: number[]; equations?: Equation[] };
export type BankFilter = { year?: number; subject?: string; topic?: string; section?: BankSection; search?: string };

const LETTERS = ["A", "B", "C", "D", "E"];
/** CRLF and CR line ends (Windows CSV, Word) become "\n". */
const lines = (s: string) => s.replace(/\r\n?/g, "\n");
const normalise = (s: string) => s.replace(/\s+/g, " ").trim().toLowerCase();

/** The duplicate key: the same text and options, spaces collapsed and case ignored, are the same question. */
export function fingerprintOf(text: string, options: readonly string[]): string {
  return createHash("sha256")
    .update([normalise(text), ...options.map(normalise)].join("\u0000"))
    .digest("hex");
}

/**
 * The stored answer: the option's own text. A letter A–E (as answer keys and the review screen give it)
 * names the option at that place; text must be one of the options (case and spaces ignored). `where`
 * prefixes the message with the question's number in a list.
 */
export function resolveAnswer(options: readonly string[], answer: string | null | undefined, where = ""): string | null {
  if (answer == null || answer.trim() === "") return null;
  const a = answer.trim();
  const exact = options.find((o) => normalise(o) === normalise(a));
  if (exact !== undefined) return exact;
  const letter = /^\(?([A-Ea-e])[.)]?$/.exec(a);
  if (letter) {
    const i = LETTERS.indexOf(letter[1].toUpperCase());
    if (i < options.length) return options[i];
  }
  throw badRequest(`${where}${QUIZ_MESSAGES.answerNotAnOption}`);
}

/**
 * The bank question each of these quiz questions was copied from, by fingerprint (same text and options,
 * spaces and case ignored; the bank's fingerprint index): kept as the quiz question's source_question_id, so
 * the bank question stays withheld from students while the quiz can still be taken even if its copy is edited
 * later ("Use in a quiz" sends the bank questions' content, not their ids). Null where none matches.
 */
export async function bankSourcesOf(db: Queryable, list: readonly { text: string; options?: readonly string[] }[]): Promise<(number | null)[]> {
  const prints = list.map((q) =>
    fingerprintOf(
      lines(q.text).trim(),
      (q.options ?? []).map((o) => lines(o).trim()),
    ),
  );
  const unique = [...new Set(prints)];
  const found = new Map<string, number>();
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .select({ id: questions.id, f: questions.fingerprint })
      .from(questions)
      .where(and(isNull(questions.quizId), inArray(questions.fingerprint, unique.slice(i, i + 500))))
      .orderBy(asc(questions.id));
    for (const r of rows) if (r.f && !found.has(r.f)) found.set(r.f, r.id);
  }
  return prints.map((p) => found.get(p) ?? null);
}

/** Pictures named by id must be stored images. */
async function checkImages(db: Queryable, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, unique), sql`${files.mimeType} like 'image/%'`));
  if (rows.length !== unique.length) throw badRequest("A question names a picture that does not exist");
}

/**
 * Saves questions into one group, all or none: those already in the bank (same fingerprint) or repeated in
 * the list are skipped and counted. Positions continue the group's order.
 */
export async function saveBankQuestions(
  db: Db,
  meta: BankMetadata,
  list: readonly BankContent[],
  actor: Actor,
): Promise<{ count: number; skippedDuplicates: number; ids: number[] }> {
  if (list.length === 0) throw badRequest(BANK_MESSAGES.noQuestions);
  const prepared = list.map((q, i) => {
    const where = list.length > 1 ? `Question ${i + 1}: ` : "";
    const type = q.type ?? "single";
    const options = (q.options ?? []).map((o) => lines(o).trim());
    if (new Set(options.map(normalise)).size !== options.length) throw badRequest(`${where}${QUIZ_MESSAGES.optionsDistinct}`);
    // Single answers may name their option by letter; the other types were checked by the schema.
    const typed = storedTypeFields({ ...q, type, options, answer: type === "single" ? resolveAnswer(options, q.answer, where) : q.answer });
    return {
      text: lines(q.text).trim(),
      ...typed,
      equations: q.equations ?? [],
      imageFileIds: q.imageIds ?? [],
      // A single-answer question keeps the fingerprint it always had; another type also counts its type.
      fingerprint: fingerprintOf(type === "single" ? q.text : `${type}\u0000${q.text}`, typed.options),
    };
  });
  return db.transaction(async (tx) => {
    await checkImages(
      tx,
      prepared.flatMap((p) => p.imageFileIds),
    );
    const prints = [...new Set(prepared.map((p) => p.fingerprint))];
    const existing = new Set<string>();
    for (let i = 0; i < prints.length; i += 500) {
      const rows = await tx
        .select({ f: questions.fingerprint })
        .from(questions)
        .where(and(isNull(questions.quizId), inArray(questions.fingerprint, prints.slice(i, i + 500))));
      for (const r of rows) if (r.f) existing.add(r.f);
    }
    const fresh = prepared.filter((p) => {
      if (existing.has(p.fingerprint)) return false;
      existing.add(p.fingerprint);
      return true;
    });
    const skippedDuplicates = prepared.length - fresh.length;
    if (fresh.length === 0) return { count: 0, skippedDuplicates, ids: [] };
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${questions.position}) + 1, 0)`.mapWith(Number) })
      .from(questions)
      .where(groupCondition(meta));
    const ids: number[] = [];
    for (let i = 0; i < fresh.length; i += 200) {
      const rows = await tx
        .insert(questions)
        .values(
          fresh.slice(i, i + 200).map((p, j) => ({
            ...p,
            quizId: null,
            position: next + i + j,
            section: meta.section,
            year: meta.year,
            subject: meta.subject,
            topic: meta.topic ?? null,
          })),
        )
        .returning({ id: questions.id });
      ids.push(...rows.map((r) => r.id));
    }
    await recordAudit(tx, {
      entityType: "question",
      entityId: null,
      action: "create",
      actor,
      after: { year: meta.year, subject: meta.subject, section: meta.section, topic: meta.topic ?? null, count: fresh.length, skippedDuplicates },
    });
    return { count: fresh.length, skippedDuplicates, ids };
  });
}

function groupCondition(g: { year: number; subject: string; section: string }): SQL {
  return and(isNull(questions.quizId), eq(questions.year, g.year), eq(questions.subject, g.subject), eq(questions.section, g.section))!;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterCondition(f: BankFilter): SQL {
  const parts: SQL[] = [isNull(questions.quizId)];
  if (f.year !== undefined) parts.push(eq(questions.year, f.year));
  if (f.subject !== undefined) parts.push(sql`lower(${questions.subject}) = lower(${f.subject})`);
  if (f.topic !== undefined) parts.push(sql`lower(${questions.topic}) = lower(${f.topic})`);
  if (f.section !== undefined) parts.push(eq(questions.section, f.section));
  if (f.search !== undefined) {
    const like = `%${escapeLike(f.search)}%`;
    parts.push(or(ilike(questions.text, like), sql`${questions.options}::text ilike ${like}`, ilike(questions.subject, like), ilike(questions.topic, like))!);
  }
  return and(...parts)!;
}

/**
 * The quizzes (alias `z`) a student could still take (issue 25, decision 043): a draft (it may open any
 * time), or a published quiz that has not closed (no close time, or a close time not yet passed), whatever
 * its level — unless its teacher has released its answers. The same bound as quiz.service's statusCondition:
 * a quiz is closed once its close time is strictly past.
 */
function stillTakeable(now: Date): SQL {
  return sql`z.answers_released_at is null and (z.status = 'draft' or z.close_time is null or z.close_time >= ${now.toISOString()}::timestamptz)`;
}

/**
 * The bank rows a student may read at `now`: not the source of a question of a quiz they could still take
 * (source_question_id, indexed; kept by bankSourcesOf when the quiz question is saved, so a copy in other
 * spacing or case, or edited later, still counts), nor the very same text as one (a copy that names no source:
 * a quiz saved before sources were kept, or a bank question added after the quiz). Two anti-joins, each hashed
 * over the few questions of quizzes still takeable; the text is compared as stored, because normalising every
 * bank row's text in SQL costs a regular expression per row on every student read (about 0.5 s for 10,000
 * rows on PGlite), where the stored text costs nothing more than a hash.
 */
export function openToStudents(now: Date): SQL {
  return sql`not exists (select 1 from ${questions} qq join ${quizzes} z on z.id = qq.quiz_id
      where qq.source_question_id = ${questions.id} and ${stillTakeable(now)})
    and not exists (select 1 from ${questions} qq join ${quizzes} z on z.id = qq.quiz_id
      where qq.text = ${questions.text} and ${stillTakeable(now)})`;
}

/**
 * Who reads the bank: staff read all of it; a student (`withheldAt`: the request's time) never sees a question
 * of a quiz they could still take (openToStudents), which answers exactly as an unknown id.
 */
export type BankReader = { withheldAt: Date | null };
export const bankReaderOf = (viewer: { role: string }, now: Date): BankReader => ({ withheldAt: viewer.role === "student" ? now : null });
const STAFF_READER: BankReader = { withheldAt: null };

function readable(reader: BankReader, where: SQL): SQL {
  return reader.withheldAt === null ? where : and(where, openToStudents(reader.withheldAt))!;
}

const bankOrder = [desc(questions.year), asc(questions.subject), asc(questions.section), asc(questions.position), asc(questions.id)];

/** GET /questions: one page in SQL, with the total. */
export async function listBankQuestions(
  db: Queryable,
  f: BankFilter & { page: number; limit: number },
  reader: BankReader = STAFF_READER,
): Promise<{ rows: QuestionRow[]; total: number }> {
  const where = readable(reader, filterCondition(f));
  const { limit, offset } = pageWindow(f);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(questions)
      .where(where)
      .orderBy(...bankOrder)
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(questions).where(where),
  ]);
  return { rows, total };
}

/** All questions matching the filter (export), in bank order. */
export async function allBankQuestions(db: Queryable, f: BankFilter): Promise<QuestionRow[]> {
  return db
    .select()
    .from(questions)
    .where(filterCondition(f))
    .orderBy(...bankOrder)
    .limit(20_000);
}

/** GET /questions/groups: year + subject + section with counts and topics. */
export async function listBankGroups(db: Queryable, f: BankFilter, reader: BankReader = STAFF_READER): Promise<BankGroup[]> {
  const rows = await db
    .select({
      year: questions.year,
      subject: questions.subject,
      section: questions.section,
      count: count(),
      topics: sql<string[] | null>`array_agg(distinct ${questions.topic}) filter (where ${questions.topic} is not null)`,
    })
    .from(questions)
    .where(readable(reader, filterCondition(f)))
    .groupBy(questions.year, questions.subject, questions.section)
    .orderBy(desc(questions.year), asc(questions.subject), asc(questions.section))
    .limit(1000);
  return rows.map((r) => {
    const g = { year: r.year!, subject: r.subject!, section: r.section as BankSection };
    return { key: bankGroupKey(g), ...g, count: r.count, topics: [...(r.topics ?? [])].sort() };
  });
}

export async function findBankQuestion(db: Queryable, id: number, reader: BankReader = STAFF_READER): Promise<QuestionRow | null> {
  const [row] = await db
    .select()
    .from(questions)
    .where(readable(reader, and(eq(questions.id, id), isNull(questions.quizId))!))
    .limit(1);
  return row ?? null;
}

export async function bankQuestionsByIds(db: Queryable, ids: readonly number[], reader: BankReader = STAFF_READER): Promise<QuestionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(questions)
    .where(readable(reader, and(isNull(questions.quizId), inArray(questions.id, [...ids]))!));
}

export async function imageFile(db: Queryable, fileId: number) {
  const [row] = await db.select().from(files).where(eq(files.id, fileId)).limit(1);
  return row ?? null;
}

export async function deleteBankQuestion(db: Db, id: number, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(questions)
      .where(and(eq(questions.id, id), isNull(questions.quizId)))
      .returning();
    if (!gone) throw notFound(BANK_MESSAGES.notFound);
    await recordAudit(tx, {
      entityType: "question",
      entityId: id,
      action: "delete",
      actor,
      before: { text: gone.text, year: gone.year, subject: gone.subject, section: gone.section },
    });
  });
}

/** DELETE /questions?year=&subject=&section=: the whole group; answers how many went. */
export async function deleteBankGroup(db: Db, g: { year: number; subject: string; section: BankSection }, actor: Actor): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = await tx.delete(questions).where(groupCondition(g)).returning({ id: questions.id });
    if (gone.length > 0) await recordAudit(tx, { entityType: "question", entityId: null, action: "delete", actor, before: { ...g, count: gone.length } });
    return gone.length;
  });
}

/** A bank question as a viewer reads it: a student's is built without the answer (question.presenter). */
const presenterFor = (viewer: { role: string }) => (viewer.role === "student" ? presentStudentBankQuestion : presentBankQuestion);

/** GET /questions: one page as the viewer may read the bank, presented, with the total. */
export async function bankQuestionPage(
  db: Queryable,
  viewer: { role: string },
  f: BankFilter & { page: number; limit: number },
  now: Date,
): Promise<{ questions: (BankQuestion | StudentBankQuestion)[]; total: number }> {
  const { rows, total } = await listBankQuestions(db, f, bankReaderOf(viewer, now));
  return { questions: rows.map(presenterFor(viewer)), total };
}

/** GET /questions/:id as the viewer may read it (404 as well for a student while a quiz they could still take holds it). */
export async function bankQuestionFor(db: Queryable, viewer: { role: string }, id: number, now: Date): Promise<BankQuestion | StudentBankQuestion> {
  const row = await findBankQuestion(db, id, bankReaderOf(viewer, now));
  if (!row) throw notFound(BANK_MESSAGES.notFound);
  return presenterFor(viewer)(row);
}

/** POST /questions: one question into its group, presented; 409 when the bank holds it already. */
export async function addBankQuestion(db: Db, input: BankMetadata & BankContent, actor: Actor): Promise<BankQuestion & { skippedDuplicate: false }> {
  // The content is every field but the place (and the spec's ignored timeLimit/originalOrder): the type's fields go through.
  const { year, subject, section, topic, ...rest } = input;
  const { timeLimit: _t, originalOrder: _o, ...content } = rest as BankContent & { timeLimit?: unknown; originalOrder?: unknown };
  const saved = await saveBankQuestions(db, { year, subject, section, topic }, [content], actor);
  if (saved.ids.length === 0) throw new HttpError(409, "This question is already in the bank");
  const row = await findBankQuestion(db, saved.ids[0]);
  return { ...presentBankQuestion(row!), skippedDuplicate: false };
}

/** POST /questions/import-csv and /questions/import: an imported file's questions into their group, with the counts and "Imported N questions". */
export async function importBankQuestions(db: Db, meta: BankMetadata, list: readonly BankContent[], actor: Actor): Promise<ImportResult> {
  if (list.length === 0) throw badRequest(BANK_MESSAGES.noQuestions);
  const saved = await saveBankQuestions(db, meta, list, actor);
  return { count: saved.count, message: importedMessage(saved.count), skippedDuplicates: saved.skippedDuplicates };
}
