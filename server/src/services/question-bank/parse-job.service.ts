import { and, eq, lt, sql } from "drizzle-orm";
import type { ParseAnswersResult, ParseJob, ParseQuestionsResult, ParsedQuestion } from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { parseJobs, type ParseJobRow } from "../../db/schema-question-bank";
import { DocumentError, parseAnswerFile, parseQuestionFile, type QuestionParseResult } from "../../documents";
import type { ScanMark, ScanProgress } from "../../documents/ocr/scan";
import { notFound } from "../../lib/errors";
import type { FileStorage } from "../../storage/storage";
import { storeParsedPictures, storeScanCrop } from "../files/parse-pictures.service";

/**
 * Reading question papers and answer keys (issue 27). POST /questions/parse answers when the paper is read; a parse
 * job (POST /questions/parse-jobs) reads it in the background and keeps its progress in `parse_jobs`, so whichever
 * server a poll reaches can answer it. Scans and photos are read by OCR in the document pool's low-priority process.
 */

export type ParseKind = "questions" | "answers";
type Deps = { db: Db; storage: FileStorage };

/** An hour: how long a finished job (and one whose server died while it ran) is kept. */
export const PARSE_JOB_TTL_MS = 3600_000;

/** The reader's result as the API sends it: pictures and scan crops stored (as the uploader's files), their ids in place of bytes. */
export async function presentParsedPaper(db: Queryable, storage: FileStorage, result: QuestionParseResult, userId: number): Promise<ParseQuestionsResult> {
  const { questions: read, warnings, heading, ...rest } = result as QuestionParseResult & Record<string, unknown>;
  const questions: ParsedQuestion[] = [];
  for (const q of read as (QuestionParseResult["questions"][number] & { scan?: ScanMark } & Record<string, unknown>)[]) {
    const { images, scan, ...fields } = q;
    const imageIds = await storeParsedPictures(db, storage, images, userId);
    const cropId = scan?.crop ? await storeScanCrop(db, storage, scan.crop, scan.page, userId) : null;
    questions.push({
      ...(fields as ParsedQuestion),
      ...(imageIds.length ? { imageIds } : {}),
      ...(scan ? { scan: { page: scan.page, cropId } } : {}),
    });
  }
  return { ...(rest as Partial<ParseQuestionsResult>), questions, warnings, heading: heading ?? null };
}

/** Reads a paper now (POST /questions/parse, /parse-answers, and a job's work); a refusal is a DocumentError. */
export async function readPaper(
  deps: Deps,
  kind: ParseKind,
  bytes: Uint8Array,
  fileName: string,
  userId: number,
  onProgress?: (p: ScanProgress) => void,
): Promise<ParseQuestionsResult | ParseAnswersResult> {
  if (kind === "answers") return parseAnswerFile(bytes, fileName, onProgress);
  return presentParsedPaper(deps.db, deps.storage, await parseQuestionFile(bytes, fileName, onProgress), userId);
}

function present(row: ParseJobRow): ParseJob {
  return {
    id: row.id,
    kind: row.kind as ParseKind,
    status: row.status as ParseJob["status"],
    pages: row.pages,
    pagesDone: row.pagesDone,
    stage: row.stage,
    fileName: row.fileName,
    ...(row.status === "done" && row.result ? { result: row.result as ParseJob["result"] } : {}),
    ...(row.status === "failed" && row.error ? { error: { status: row.error.status, error: row.error.error } } : {}),
  };
}

/**
 * Starts reading a paper in the background and answers its job at once (queued). The work runs in this server's
 * document pool; its progress, result or error land in the job's row.
 */
export async function startParseJob(deps: Deps, kind: ParseKind, bytes: Uint8Array, fileName: string, userId: number): Promise<ParseJob> {
  const [row] = await deps.db
    .insert(parseJobs)
    .values({ userId, kind, fileName: fileName.slice(0, 200) || "paper", status: "queued", stage: "Waiting to be read" })
    .returning();
  void runParseJob(deps, row.id, kind, bytes, fileName, userId);
  return present(row);
}

async function runParseJob(deps: Deps, id: string, kind: ParseKind, bytes: Uint8Array, fileName: string, userId: number): Promise<void> {
  const { db } = deps;
  const update = (set: Partial<typeof parseJobs.$inferInsert>) =>
    db
      .update(parseJobs)
      .set({ ...set, updatedAt: sql`now()` })
      .where(eq(parseJobs.id, id))
      .then(() => {});
  // Progress writes go one after another, so a late one never overwrites a later state.
  let writes = update({ status: "running" }).catch(() => {});
  const onProgress = (p: ScanProgress) => {
    writes = writes.then(() => update({ pages: p.pages, pagesDone: p.pagesDone, stage: p.stage }).catch(() => {}));
  };
  try {
    const result = await readPaper(deps, kind, bytes, fileName, userId, onProgress);
    await writes;
    await update({ status: "done", stage: null, result, pagesDone: sql`${parseJobs.pages}` as unknown as number });
  } catch (e) {
    await writes;
    const error =
      e instanceof DocumentError
        ? { status: e.status, error: e.message }
        : { status: 422, error: "This file could not be read. Save it again, or type the questions in the CSV template." };
    await update({ status: "failed", stage: null, error }).catch(() => {});
  }
}

/** A job for its owner; anyone else is told it does not exist. */
export async function parseJobFor(db: Queryable, id: string, userId: number): Promise<ParseJob> {
  const [row] = await db
    .select()
    .from(parseJobs)
    .where(and(eq(parseJobs.id, id), eq(parseJobs.userId, userId)))
    .limit(1);
  if (!row) throw notFound("Parse job not found");
  return present(row);
}

/**
 * Removes jobs that ended more than `ttlMs` ago, and jobs left queued or running that long (their server stopped).
 * Answers how many went.
 */
export async function sweepParseJobs(db: Queryable, now: Date, ttlMs = PARSE_JOB_TTL_MS): Promise<number> {
  const before = new Date(now.getTime() - ttlMs);
  const gone = await db.delete(parseJobs).where(lt(parseJobs.updatedAt, before)).returning({ id: parseJobs.id });
  return gone.length;
}
