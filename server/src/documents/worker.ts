import { isMainThread, threadId } from "node:worker_threads";
import { DocumentError } from "./errors.ts";
import { readAnswerDocument, readCsv, readExchange, readQuestionDocument, type ExchangeFormat } from "./read.ts";
import { readClassListTable } from "./class-list.ts";
import { parseCircularFile, UnreadableDocumentError, UnsupportedDocumentError } from "../schedule/index.ts";

/** One job for the document worker. `probe` reports where it ran (the pool's tests check it is not the main thread). */
export type WorkerTask =
  | { kind: "questions"; bytes: Uint8Array }
  | { kind: "answers"; bytes: Uint8Array }
  | { kind: "csv"; bytes: Uint8Array }
  | { kind: "exchange"; bytes: Uint8Array; format: ExchangeFormat }
  /** A school circular (.pdf/.docx) read into event fields (issue 13); `now` dates year-less dates. */
  | { kind: "circular"; bytes: Uint8Array; now: number }
  /** A class list (.csv or .xlsx) read into cells (issue 14). */
  | { kind: "class-list"; bytes: Uint8Array; filename: string }
  | { kind: "probe" };

/** Errors cross the thread boundary as plain data: a thrown Error would lose its status on the way. */
export type WorkerReply = { ok: true; value: unknown } | { ok: false; status: number; message: string };

export default async function run(task: WorkerTask): Promise<WorkerReply> {
  try {
    switch (task.kind) {
      case "questions":
        return { ok: true, value: await readQuestionDocument(task.bytes) };
      case "answers":
        return { ok: true, value: await readAnswerDocument(task.bytes) };
      case "csv":
        return { ok: true, value: readCsv(task.bytes) };
      case "exchange":
        return { ok: true, value: readExchange(task.bytes, task.format) };
      case "circular":
        return { ok: true, value: await parseCircularFile(task.bytes, { now: new Date(task.now) }) };
      case "class-list":
        return { ok: true, value: await readClassListTable(task.bytes, task.filename) };
      case "probe":
        return { ok: true, value: { isMainThread, threadId } };
    }
  } catch (e) {
    if (e instanceof DocumentError) return { ok: false, status: e.status, message: e.message };
    if (e instanceof UnsupportedDocumentError) return { ok: false, status: 415, message: e.message };
    if (e instanceof UnreadableDocumentError) return { ok: false, status: 400, message: e.message };
    throw e;
  }
}
