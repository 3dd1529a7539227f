import path from "node:path";
import type { Queryable } from "../../db/client";
import { files, type FileRow } from "../../db/schema";
import type { FileStorage } from "../../storage/storage";
import { FileMissingError, type ByteRange } from "../../storage/storage";
import { HttpError, notFound } from "../../lib/errors";
import type { UploadedFile } from "../../lib/form";
import type { Download } from "../../lib/download";
import { DocumentError } from "../../documents/errors";
import { guardUpload, sniffUpload } from "../../documents/sniff";
import { zipEntries } from "../../documents/zip";
import { verifyUploadInPool } from "../../documents/pool";

/** Bytes written to storage; `mimeType` defaults to PDF. */
export type StoredPdf = { sha256: string; size: number; name: string; mimeType?: string };

/** Judged by content, never by name or declared type (the one sniffer, documents/sniff.ts). */
export function isPdf(data: Buffer): boolean {
  return sniffUpload(data) === "pdf";
}

/** The documents the files service recognises by content: PDF, Word 2007+ (.docx) and Word 97–2003 (.doc). */
export type DocumentKind = "pdf" | "docx" | "doc";

export const DOCUMENT_MIME: Record<DocumentKind, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  doc: "application/msword",
};

/** The names in a zip's central directory; null when it is not a readable zip. */
export function zipEntryNames(data: Buffer): string[] | null {
  try {
    return zipEntries(data)?.map((e) => e.name) ?? null;
  } catch {
    return null;
  }
}

/**
 * What a document is, by the one sniffer (documents/sniff.ts): a PDF holds %PDF- in its first kilobyte,
 * a .docx is a zip holding word/document.xml, a .doc an OLE2 compound file. Null otherwise.
 */
export function documentKind(data: Buffer): DocumentKind | null {
  const kind = sniffUpload(data);
  return kind === "pdf" || kind === "docx" ? kind : kind === "ole" ? "doc" : null;
}

/**
 * Refuses with 415 anything that is not one of the `allowed` kinds; answers the kind it is. This is the one
 * upload guard (documents/sniff.ts) for files that are stored, not read: the size (413) and, for a .docx,
 * the sizes its zip declares (413 for a zip bomb), so no such file is ever kept.
 */
export function assertDocument(file: UploadedFile, label: string, allowed: readonly DocumentKind[]): DocumentKind {
  const names = allowed.map((k) => (k === "pdf" ? "PDF" : `.${k}`));
  const refuse = () => new DocumentError(415, `${label} must be a ${names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : names[0]} file`);
  const accept = allowed.map((k) => (k === "doc" ? "ole" : k));
  try {
    guardUpload(file.data, { accept, refuse });
  } catch (e) {
    if (e instanceof DocumentError) throw new HttpError(e.status, e.message);
    throw e;
  }
  return documentKind(file.data)!;
}

/** Refuses anything but a PDF with 415 (`label` names the field for the message). */
export function assertPdf(file: UploadedFile, label: string): void {
  assertDocument(file, label, ["pdf"]);
}

/** A display name without folders or control characters. */
export function cleanFileName(name: string, fallback: string): string {
  const base = path
    .basename(name.replace(/\\/g, "/"))
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .trim();
  return (base || fallback).slice(0, 200);
}

/** Writes the bytes to storage (before the transaction: a rolled-back row leaves only unreferenced bytes). */
export async function storePdf(storage: FileStorage, file: UploadedFile, fallbackName: string): Promise<StoredPdf> {
  // The one upload guard's full check (in the document worker) before a zip is kept: see documents/sniff.ts.
  try {
    await verifyUploadInPool(file.data);
  } catch (e) {
    if (e instanceof DocumentError) throw new HttpError(e.status, e.message);
    throw e;
  }
  const { sha256, size } = await storage.put(file.data);
  return { sha256, size, name: cleanFileName(file.filename, fallbackName) };
}

export async function insertFileRow(db: Queryable, stored: StoredPdf, uploadedBy: number): Promise<FileRow> {
  const [row] = await db
    .insert(files)
    .values({ sha256: stored.sha256, name: stored.name, size: stored.size, mimeType: stored.mimeType ?? DOCUMENT_MIME.pdf, uploadedBy })
    .returning();
  return row;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * One byte range of an HTTP Range header (`bytes=a-b`, `bytes=a-`, `bytes=-n`) within `size`; null to
 * send the whole file (no header, or a form we do not serve such as several ranges), "unsatisfiable"
 * when it starts past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | "unsatisfiable" {
  const m = header ? /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim()) : null;
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const n = Number(m[2]);
    if (n === 0) return "unsatisfiable";
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return "unsatisfiable";
  return end < start ? null : { start, end };
}

/**
 * Opens a stored file as a download (the route sends it); the caller has already checked the permission
 * of its row. With `rangeHeader` (signed links: a phone's PDF viewer asks for parts), one range answers 206.
 * A row whose bytes are gone is logged on `log` and answers 404.
 */
export async function storedFileDownload(
  storage: FileStorage,
  file: Pick<FileRow, "sha256" | "name" | "size" | "mimeType">,
  log: { error(obj: object, msg: string): void },
  rangeHeader?: string,
): Promise<Download> {
  const range = rangeHeader === undefined ? null : parseRange(rangeHeader, file.size);
  if (range === "unsatisfiable") {
    throw new HttpError(416, "The requested range is outside the file", { "Content-Range": `bytes */${file.size}` });
  }
  let stream;
  try {
    stream = await storage.open(file.sha256, range ?? undefined);
  } catch (e) {
    if (e instanceof FileMissingError) {
      log.error({ sha256: file.sha256 }, "stored file is missing");
      throw notFound("The file is missing from storage");
    }
    throw e;
  }
  const headers: Download["headers"] = [];
  if (range) headers.push(["Content-Range", `bytes ${range.start}-${range.end}/${file.size}`]);
  if (rangeHeader !== undefined) headers.push(["Accept-Ranges", "bytes"]);
  headers.push(
    ["Content-Type", file.mimeType],
    ["Content-Length", String(range ? range.end - range.start + 1 : file.size)],
    ["Content-Disposition", contentDisposition(file.name)],
    ["Cache-Control", "private, no-cache"],
  );
  return { status: range ? 206 : undefined, headers, body: stream };
}
