import path from "node:path";
import type { FastifyReply } from "fastify";
import { PDF_MAGIC } from "@adesua/domain";
import type { Queryable } from "../db/client";
import { files, type FileRow } from "../db/schema";
import type { FileStorage } from "../storage/storage";
import { FileMissingError } from "../storage/storage";
import { HttpError, notFound } from "../lib/errors";
import type { UploadedFile } from "../lib/form";

export type StoredPdf = { sha256: string; size: number; name: string };

const MAGIC = Buffer.from(PDF_MAGIC, "latin1");

/** Judged by content, never by name or declared type: a PDF starts with %PDF-. */
export function isPdf(data: Buffer): boolean {
  return data.length >= MAGIC.length && data.subarray(0, MAGIC.length).equals(MAGIC);
}

/** Refuses anything but a PDF with 415 (`label` names the field for the message). */
export function assertPdf(file: UploadedFile, label: string): void {
  if (!isPdf(file.data)) throw new HttpError(415, `${label} must be a PDF file`);
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
  const { sha256, size } = await storage.put(file.data);
  return { sha256, size, name: cleanFileName(file.filename, fallbackName) };
}

export async function insertFileRow(db: Queryable, stored: StoredPdf, uploadedBy: number): Promise<FileRow> {
  const [row] = await db
    .insert(files)
    .values({ sha256: stored.sha256, name: stored.name, size: stored.size, mimeType: "application/pdf", uploadedBy })
    .returning();
  return row;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Streams a stored file as a download; the caller has already checked the permission of its row. */
export async function sendStoredFile(reply: FastifyReply, storage: FileStorage, file: Pick<FileRow, "sha256" | "name" | "size" | "mimeType">) {
  let stream;
  try {
    stream = await storage.open(file.sha256);
  } catch (e) {
    if (e instanceof FileMissingError) {
      reply.log.error({ sha256: file.sha256 }, "stored file is missing");
      throw notFound("The file is missing from storage");
    }
    throw e;
  }
  return reply
    .header("Content-Type", file.mimeType)
    .header("Content-Length", String(file.size))
    .header("Content-Disposition", contentDisposition(file.name))
    .header("Cache-Control", "private, no-cache")
    .send(stream);
}
