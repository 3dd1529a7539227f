import { createRequire } from "node:module";
import os from "node:os";
import { pathToFileURL } from "node:url";
import { Piscina } from "piscina";
import { DocumentError, DOCUMENT_MESSAGES, MAX_DOCUMENT_BYTES, unsupportedType } from "./errors.ts";
import type { CsvImportResult } from "./csv.ts";
import type { ExchangeFormat } from "./read.ts";
import type { ClassListTable } from "./class-list.ts";
import { guardUpload, sniffDocument, sniffUpload } from "./sniff.ts";
import { checkZipDeclared, isZip, zipEntries } from "./zip.ts";
import { ENROLMENT_MESSAGES } from "@adesua/domain/constants";
import type { AnswerParseResult, ExchangeQuestion, ParseWarning, QuestionParseResult } from "./types.ts";
import type { WorkerReply, WorkerTask } from "./worker.ts";
import type { ParsedSchedule } from "../schedule/parse-circular.ts";

export interface DocumentPoolOptions {
  /** Worker threads (default: one per spare core, at most 2: the request threads keep the rest). */
  maxThreads?: number;
  /** Time limit per file in ms, from the moment it is handed to the pool (default 20 s). */
  timeoutMs?: number;
  /** V8 old-generation heap limit per worker in MB (default 256). */
  maxOldGenerationSizeMb?: number;
  /** Files waiting beyond this many are refused at once rather than queued (default 64). */
  maxQueue?: number;
}

const WORKER_FILE = new URL("./worker.ts", import.meta.url);

/**
 * The worker is TypeScript, so it runs under tsx's loader as the server does. Workers inherit the parent's
 * execArgv, which holds tsx when the server runs as `node --import tsx server/src/main.ts`; but `npm start`
 * registers tsx in-process (scripts/start.mjs) and Vitest has no tsx at all, so the loader is added here,
 * by absolute path so the server may be started from any directory.
 */
function workerExecArgv(): string[] {
  const args = [...process.execArgv];
  const hasTsx =
    args.some((a, i) => (a === "--import" || a === "--loader") && /(^|[\\/])tsx([\\/]|$)/.test(args[i + 1] ?? "")) ||
    args.some((a) => /^--(import|loader)=.*tsx/.test(a));
  return hasTsx ? args : [...args, "--import", pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href];
}

/**
 * Reads uploaded files off the request thread. Each file runs in a worker thread with a heap limit and a
 * time limit: a file that exhausts memory, hangs or crashes the reader kills only its worker (Piscina starts
 * a fresh one) and answers 422 for that file alone.
 */
export class DocumentPool {
  private readonly pool: Piscina;
  private readonly timeoutMs: number;

  constructor(opts: DocumentPoolOptions = {}) {
    this.timeoutMs = opts.timeoutMs ?? 20_000;
    this.pool = new Piscina({
      filename: WORKER_FILE.href,
      minThreads: 0,
      maxThreads: opts.maxThreads ?? Math.max(1, Math.min(2, os.availableParallelism() - 1)),
      idleTimeout: 60_000,
      maxQueue: opts.maxQueue ?? 64,
      execArgv: workerExecArgv(),
      resourceLimits: { maxOldGenerationSizeMb: opts.maxOldGenerationSizeMb ?? 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
    // A worker that dies (out of memory, a crash in a parser) already fails its task, which becomes a 422;
    // the pool's own "error" event must still be listened to, or Node would treat it as unhandled.
    this.pool.on("error", () => {});
  }

  private async run<T>(task: WorkerTask): Promise<T> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    let reply: WorkerReply;
    try {
      reply = await this.pool.run(task, { signal });
    } catch (e) {
      // `cause` keeps the worker's own error for the server log; the user gets the plain message.
      if (signal.aborted) throw new DocumentError(422, DOCUMENT_MESSAGES.tooSlow, { cause: e });
      if (e instanceof Error && /queue is at limit/i.test(e.message)) throw new DocumentError(503, DOCUMENT_MESSAGES.busy, { cause: e });
      throw new DocumentError(422, DOCUMENT_MESSAGES.crashed, { cause: e });
    }
    if (!reply.ok) throw new DocumentError(reply.status as DocumentError["status"], reply.message);
    return reply.value as T;
  }

  /** Questions from a .pdf, .docx or .doc question paper. */
  async parseQuestionFile(bytes: Uint8Array, filename: string): Promise<QuestionParseResult> {
    checkDocument(bytes, filename);
    return this.run({ kind: "questions", bytes });
  }

  /** Answer letters from a .pdf, .docx or .doc answer key. */
  async parseAnswerFile(bytes: Uint8Array, filename: string): Promise<AnswerParseResult> {
    checkDocument(bytes, filename);
    return this.run({ kind: "answers", bytes });
  }

  /** The CSV question template: all rows, or the list of bad rows. */
  async parseQuestionCsv(bytes: Uint8Array): Promise<CsvImportResult> {
    guardUpload(bytes, TEXT_ONLY(DOCUMENT_MESSAGES.notCsv));
    return this.run({ kind: "csv", bytes });
  }

  /** GIFT, Aiken or Moodle XML multiple-choice questions. */
  async importQuestions(bytes: Uint8Array, format: ExchangeFormat): Promise<{ questions: ExchangeQuestion[]; warnings: ParseWarning[] }> {
    guardUpload(bytes, TEXT_ONLY(DOCUMENT_MESSAGES.notText));
    return this.run({ kind: "exchange", bytes, format });
  }

  /** Event fields from a school circular (.pdf or .docx, judged by content): 415 other types, 400 a damaged file. */
  async parseCircular(bytes: Uint8Array, now: Date): Promise<ParsedSchedule> {
    guardUpload(bytes, { accept: ["pdf", "docx"], refuse: () => new DocumentError(415, DOCUMENT_MESSAGES.circularType) });
    return this.run({ kind: "circular", bytes, now: now.getTime() });
  }

  /** A class list (.csv or .xlsx) as its cells, row i + 1 at index i. */
  async readClassList(bytes: Uint8Array, filename: string): Promise<ClassListTable> {
    guardUpload(bytes, { accept: ["xlsx", "text"], refuse: () => new DocumentError(415, ENROLMENT_MESSAGES.fileType) });
    return this.run({ kind: "class-list", bytes, filename });
  }

  /**
   * The guard's full check for an upload that is stored, not read (a quiz PDF, a schedule's .docx): a zip
   * whose entries unpack past what they declare or past the budget is refused (413) before it is kept.
   */
  async verifyUpload(bytes: Uint8Array): Promise<void> {
    checkSize(bytes);
    if (isZip(bytes) || sniffUpload(bytes) === "pdf") await this.run({ kind: "verify", bytes });
  }

  /** Where tasks run (for tests and health checks). */
  async probe(): Promise<{ isMainThread: boolean; threadId: number; priority: number | null }> {
    return this.run({ kind: "probe" });
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}

const DOCUMENT_EXTENSIONS = /\.(pdf|docx?)$/i;

/** Text formats (CSV, GIFT, Aiken, Moodle XML): anything with a NUL early on, or a zip, PDF or picture, is refused. */
const TEXT_ONLY = (message: string) => ({ accept: ["text"] as const, refuse: () => new DocumentError(415, message) });

/**
 * Cheap checks on the request thread (the one upload guard's first half, sniff.ts), so a wrong, oversized
 * or declared-huge file never reaches a worker; the worker verifies every zip entry before reading.
 */
function checkDocument(bytes: Uint8Array, filename: string): void {
  checkSize(bytes);
  if (!DOCUMENT_EXTENSIONS.test(filename.trim())) throw unsupportedType();
  sniffDocument(bytes);
  // A zip with no readable directory is left to the reader, which names it a damaged Word file.
  if (isZip(bytes) && zipEntries(bytes)) checkZipDeclared(bytes);
}

function checkSize(bytes: Uint8Array): void {
  if (bytes.length > MAX_DOCUMENT_BYTES) throw new DocumentError(413, DOCUMENT_MESSAGES.tooLarge);
}

let shared: DocumentPool | null = null;

/** The process-wide pool, started on first use. */
export function documentPool(): DocumentPool {
  shared ??= new DocumentPool();
  return shared;
}

export async function closeDocumentPool(): Promise<void> {
  const p = shared;
  shared = null;
  await p?.close();
}

export const parseQuestionFile = (bytes: Uint8Array, filename: string) => documentPool().parseQuestionFile(bytes, filename);
export const parseAnswerFile = (bytes: Uint8Array, filename: string) => documentPool().parseAnswerFile(bytes, filename);
export const parseQuestionCsvFile = (bytes: Uint8Array) => documentPool().parseQuestionCsv(bytes);
export const importQuestionFile = (bytes: Uint8Array, format: ExchangeFormat) => documentPool().importQuestions(bytes, format);
export const readClassListInPool = (bytes: Uint8Array, filename: string) => documentPool().readClassList(bytes, filename);
export const verifyUploadInPool = (bytes: Uint8Array) => documentPool().verifyUpload(bytes);
export const parseCircularInPool = (bytes: Uint8Array, now: Date) => documentPool().parseCircular(bytes, now);
