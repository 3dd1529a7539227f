import os from "node:os";
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
import { OcrRunner, type OcrLimits } from "./ocr/runner.ts";
import type { ScanKind, ScanProgress } from "./ocr/scan.ts";
import { tsxExecArgv } from "./ocr/tsx-argv.ts";
import { examRunning } from "../lib/exam-traffic.ts";
import { DONE, EXAM, printCells, TOTAL } from "./print/pacing.ts";
import type { PrintDocument } from "./print/types.ts";
import type { SheetReading } from "./sittings/reading.ts";

export type { ScanProgress };

export interface DocumentPoolOptions {
  /** Worker threads (default: one per spare core, at most 2: the request threads keep the rest). */
  maxThreads?: number;
  /** Time limit per file in ms, from the moment it is handed to the pool (default 20 s). */
  timeoutMs?: number;
  /** V8 old-generation heap limit per worker in MB (default 256). */
  maxOldGenerationSizeMb?: number;
  /** Files waiting beyond this many are refused at once rather than queued (default 64). */
  maxQueue?: number;
  /** Limits of the OCR process that reads scanned papers and photos. */
  ocr?: OcrLimits;
}

const WORKER_FILE = new URL("./worker.ts", import.meta.url);
/** A print may take minutes when an exam slows it ten times (print/pacing.ts). */
const PRINT_TIMEOUT_MS = 10 * 60_000;
/**
 * A sheet is read in about a second, ten when an exam slows it; the limit counts from the hand-over, so a sheet
 * queued behind a class's others while an exam runs waits as long as they take (the sheets bench saw one of 40
 * refused at 60 s beside a 2,000-student storm). A scanner's PDF of 60 pages is drawn in a minute or ten.
 */
const SHEET_TIMEOUT_MS = 10 * 60_000;
const SHEET_PAGES_TIMEOUT_MS = 10 * 60_000;

/**
 * Reads uploaded files off the request thread. Each file runs in a worker thread with a heap limit and a
 * time limit: a file that exhausts memory, hangs or crashes the reader kills only its worker (Piscina starts
 * a fresh one) and answers 422 for that file alone.
 */
export class DocumentPool {
  private readonly pool: Piscina;
  private readonly timeoutMs: number;
  private readonly ocr: OcrRunner;

  constructor(opts: DocumentPoolOptions = {}) {
    this.timeoutMs = opts.timeoutMs ?? 20_000;
    this.ocr = new OcrRunner(opts.ocr);
    this.pool = new Piscina({
      filename: WORKER_FILE.href,
      minThreads: 0,
      maxThreads: opts.maxThreads ?? Math.max(1, Math.min(2, os.availableParallelism() - 1)),
      idleTimeout: 60_000,
      maxQueue: opts.maxQueue ?? 64,
      execArgv: tsxExecArgv(),
      resourceLimits: { maxOldGenerationSizeMb: opts.maxOldGenerationSizeMb ?? 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    });
    // A worker that dies (out of memory, a crash in a parser) already fails its task, which becomes a 422;
    // the pool's own "error" event must still be listened to, or Node would treat it as unhandled.
    this.pool.on("error", () => {});
  }

  private async run<T>(task: WorkerTask, timeoutMs = this.timeoutMs): Promise<T> {
    const signal = AbortSignal.timeout(timeoutMs);
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

  /**
   * Questions from a .pdf, .docx or .doc question paper, or a .jpg/.png photo of one. A PDF with no text of its own
   * (scanned pages, perhaps with a scanner app's stamp) and a photo are read by OCR in a separate low-priority
   * process, one paper at a time; `onProgress` hears of each page.
   */
  async parseQuestionFile(bytes: Uint8Array, filename: string, onProgress?: (p: ScanProgress) => void): Promise<QuestionParseResult> {
    return this.readPaper("questions", bytes, filename, onProgress);
  }

  /** Answer letters from a .pdf, .docx or .doc answer key, or a scan or photo of one (by OCR). */
  async parseAnswerFile(bytes: Uint8Array, filename: string, onProgress?: (p: ScanProgress) => void): Promise<AnswerParseResult> {
    return this.readPaper("answers", bytes, filename, onProgress);
  }

  private async readPaper<T>(kind: "questions" | "answers", bytes: Uint8Array, filename: string, onProgress?: (p: ScanProgress) => void): Promise<T> {
    const format = checkDocument(bytes, filename);
    if (format === "png" || format === "jpeg") return (await this.ocr.run({ kind, bytes, format }, onProgress)) as T;
    try {
      onProgress?.({ pages: 0, pagesDone: 0, stage: "Reading the text" });
      return await this.run<T>({ kind, bytes });
    } catch (e) {
      if (format === "pdf" && e instanceof DocumentError && e.message === DOCUMENT_MESSAGES.noTextLayer) {
        return (await this.ocr.run({ kind, bytes, format: "pdf" }, onProgress)) as T;
      }
      throw e;
    }
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

  /**
   * Draws a PDF (report cards, result slips, a broadsheet, a timetable: issue 28) in a worker. `onProgress` hears how
   * many cards are drawn, about ten times a second and once at the end; while an exam runs on this server the worker
   * steps aside (print/pacing.ts).
   */
  async renderPdf(doc: PrintDocument, onProgress?: (done: number, total: number) => void): Promise<Uint8Array> {
    const cells = printCells();
    let told = -1;
    const tick = () => {
      Atomics.store(cells, EXAM, examRunning() ? 1 : 0);
      const total = Atomics.load(cells, TOTAL);
      const done = Atomics.load(cells, DONE);
      if (total > 0 && done !== told) {
        told = done;
        onProgress?.(done, total);
      }
    };
    tick();
    const timer = setInterval(tick, 100);
    try {
      const bytes = await this.run<Uint8Array>({ kind: "print", doc, shared: cells.buffer as SharedArrayBuffer }, PRINT_TIMEOUT_MS);
      tick();
      return bytes;
    } finally {
      clearInterval(timer);
    }
  }

  /**
   * One photo (JPEG, PNG or WebP) or scanned page of an answer sheet read (issue 29): its QR code, bubbles and boxes, or
   * why it cannot be (no corner squares, no readable QR code, not one of our sheets). Steps aside while an exam runs.
   */
  async readSheet(bytes: Uint8Array): Promise<SheetReading> {
    return this.paced({ kind: "sheet", bytes }, SHEET_TIMEOUT_MS);
  }

  /** The pages of a scanner's PDF of answer sheets, each as a JPEG for readSheet (at most 60 pages, else 413). */
  async sheetPages(pdf: Uint8Array): Promise<Uint8Array[]> {
    checkSize(pdf);
    return this.paced({ kind: "sheet-pages", bytes: pdf }, SHEET_PAGES_TIMEOUT_MS);
  }

  /** A task that sleeps between its steps while an exam runs (print/pacing.ts), told so every tenth of a second. */
  private async paced<T>(task: { kind: "sheet" | "sheet-pages"; bytes: Uint8Array }, timeoutMs: number): Promise<T> {
    const cells = printCells();
    const tick = () => Atomics.store(cells, EXAM, examRunning() ? 1 : 0);
    tick();
    const timer = setInterval(tick, 100);
    try {
      return await this.run<T>({ ...task, shared: cells.buffer as SharedArrayBuffer }, timeoutMs);
    } finally {
      clearInterval(timer);
    }
  }

  /** Where tasks run (for tests and health checks). */
  async probe(): Promise<{ isMainThread: boolean; threadId: number; priority: number | null }> {
    return this.run({ kind: "probe" });
  }

  close(): Promise<void> {
    this.ocr.close();
    return this.pool.destroy();
  }
}

const DOCUMENT_EXTENSIONS = /\.(pdf|docx?)$/i;
const PHOTO_EXTENSIONS = /\.(jpe?g|png)$/i;

/** Text formats (CSV, GIFT, Aiken, Moodle XML): anything with a NUL early on, or a zip, PDF or picture, is refused. */
const TEXT_ONLY = (message: string) => ({ accept: ["text"] as const, refuse: () => new DocumentError(415, message) });

/**
 * Cheap checks on the request thread (the one upload guard's first half, sniff.ts), so a wrong, oversized
 * or declared-huge file never reaches a worker; the worker verifies every zip entry before reading.
 */
export function checkDocument(bytes: Uint8Array, filename: string): ScanKind | "docx" | "doc" {
  checkSize(bytes);
  const name = filename.trim();
  // A photo of a paper (JPEG or PNG, by its bytes, named as one): read by OCR.
  const photo = sniffUpload(bytes);
  if ((photo === "jpeg" || photo === "png") && PHOTO_EXTENSIONS.test(name)) return photo;
  if (!DOCUMENT_EXTENSIONS.test(name)) throw unsupportedType();
  const kind = sniffDocument(bytes);
  // A zip with no readable directory is left to the reader, which names it a damaged Word file.
  if (isZip(bytes) && zipEntries(bytes)) checkZipDeclared(bytes);
  return kind;
}

function checkSize(bytes: Uint8Array): void {
  if (bytes.length > MAX_DOCUMENT_BYTES) throw new DocumentError(413, DOCUMENT_MESSAGES.tooLarge);
}

let shared: DocumentPool | null = null;

/** The process-wide pool, started on first use. */
let sharedOptions: DocumentPoolOptions = {};

/**
 * The shared pool's options, set once at start before the first file is read (decision 052: a box of 1 GB or less
 * gets one thread, a 128 MB heap and OCR held to 300 MB, so one teacher's scan cannot take the whole box).
 */
export function configureDocumentPool(opts: DocumentPoolOptions): void {
  sharedOptions = opts;
}

export function documentPool(): DocumentPool {
  shared ??= new DocumentPool(sharedOptions);
  return shared;
}

export async function closeDocumentPool(): Promise<void> {
  const p = shared;
  shared = null;
  await p?.close();
}

export const parseQuestionFile = (bytes: Uint8Array, filename: string, onProgress?: (p: ScanProgress) => void) =>
  documentPool().parseQuestionFile(bytes, filename, onProgress);
export const parseAnswerFile = (bytes: Uint8Array, filename: string, onProgress?: (p: ScanProgress) => void) =>
  documentPool().parseAnswerFile(bytes, filename, onProgress);
export const parseQuestionCsvFile = (bytes: Uint8Array) => documentPool().parseQuestionCsv(bytes);
export const importQuestionFile = (bytes: Uint8Array, format: ExchangeFormat) => documentPool().importQuestions(bytes, format);
export const readClassListInPool = (bytes: Uint8Array, filename: string) => documentPool().readClassList(bytes, filename);
export const verifyUploadInPool = (bytes: Uint8Array) => documentPool().verifyUpload(bytes);
export const renderPdfInPool = (doc: PrintDocument, onProgress?: (done: number, total: number) => void) => documentPool().renderPdf(doc, onProgress);
export const parseCircularInPool = (bytes: Uint8Array, now: Date) => documentPool().parseCircular(bytes, now);
