import fs from "node:fs";
import os from "node:os";
import { isMainThread, threadId } from "node:worker_threads";
import { DocumentError } from "./errors.ts";
import { verifyUpload } from "./sniff.ts";
import { readAnswerDocument, readCsv, readExchange, readQuestionDocument, type ExchangeFormat } from "./read.ts";
import { readClassListTable } from "./class-list.ts";
import type { PrintDocument } from "./print/types.ts";
import { renderDocument } from "./print/render.ts";
import { workerHooks } from "./print/pacing.ts";
import { parseCircularFile, UnreadableDocumentError, UnsupportedDocumentError } from "../schedule/index.ts";
import { readSheet } from "./sittings/read-sheet.ts";
import { sheetPages } from "./sittings/sheet-pages.ts";

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
  /** Only the guard's full check (a stored upload that the server never reads, issue 25). */
  | { kind: "verify"; bytes: Uint8Array }
  | { kind: "probe" }
  /** A PDF drawn (issue 28): progress and the exam's pacing go through `shared` (print/pacing.ts). */
  | { kind: "print"; doc: PrintDocument; shared: SharedArrayBuffer }
  /** A photo of an answer sheet read (issue 29); the exam's pacing goes through `shared` as for a print. */
  | { kind: "sheet"; bytes: Uint8Array; shared: SharedArrayBuffer }
  /** A scanner's PDF of answer sheets: each page as a JPEG, to be read one by one (issue 29). */
  | { kind: "sheet-pages"; bytes: Uint8Array; shared: SharedArrayBuffer };

/**
 * Reading a teacher's file must never slow an exam: this worker thread runs at the lowest CPU priority, so
 * the server's main thread (answers being saved) wins the CPU whenever both want it. Linux sets priority per
 * thread (setpriority on the thread's id, from /proc/thread-self); elsewhere, or if refused, nothing changes.
 */
function ownThreadId(): number | null {
  try {
    const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
    return Number.isInteger(tid) && tid > 0 && tid !== process.pid ? tid : null;
  } catch {
    return null;
  }
}
function yieldCpuToTheServer(): void {
  if (isMainThread || process.platform !== "linux") return;
  const tid = ownThreadId();
  try {
    if (tid) os.setPriority(tid, 19);
  } catch {
    /* not permitted: run at normal priority */
  }
}
/** This thread's nice value (Linux), else null: the pool's tests check the worker yields to the server. */
function ownPriority(): number | null {
  const tid = process.platform === "linux" ? ownThreadId() : null;
  try {
    return tid ? os.getPriority(tid) : null;
  } catch {
    return null;
  }
}
yieldCpuToTheServer();

/** Errors cross the thread boundary as plain data: a thrown Error would lose its status on the way. */
export type WorkerReply = { ok: true; value: unknown } | { ok: false; status: number; message: string };

export default async function run(task: WorkerTask): Promise<WorkerReply> {
  try {
    // The one upload guard's second half: no reader opens a zip before every entry is known to be small.
    if ("bytes" in task) verifyUpload(task.bytes);
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
      case "verify":
        return { ok: true, value: null };
      case "probe":
        return { ok: true, value: { isMainThread, threadId, priority: ownPriority() } };
      case "print":
        return { ok: true, value: await renderDocument(task.doc, workerHooks(task.shared)) };
      case "sheet":
        return { ok: true, value: await readSheet(task.bytes, workerHooks(task.shared)) };
      case "sheet-pages":
        return { ok: true, value: await sheetPages(task.bytes, workerHooks(task.shared)) };
    }
  } catch (e) {
    if (e instanceof DocumentError) return { ok: false, status: e.status, message: e.message };
    if (e instanceof UnsupportedDocumentError) return { ok: false, status: 415, message: e.message };
    if (e instanceof UnreadableDocumentError) return { ok: false, status: 400, message: e.message };
    throw e;
  }
}
