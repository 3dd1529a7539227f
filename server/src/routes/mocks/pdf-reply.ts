import type { FastifyReply } from "fastify";
import { DocumentError } from "../../documents";
import { HttpError } from "../../lib/errors";
import { contentDisposition } from "../../services/files/files.service";

/** A document pool's refusal (a full queue, a damaged file) as the HTTP error it stands for. */
export async function documentWork<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (e instanceof DocumentError) throw new HttpError(e.status, e.message);
    throw e;
  }
}

/** Sends a file as a download named `fileName`. */
export function sendFile(reply: FastifyReply, body: Uint8Array, fileName: string, contentType = "application/pdf") {
  return reply
    .header("Content-Type", contentType)
    .header("Content-Disposition", contentDisposition(fileName.replace(/[/\\]/g, "-")))
    .send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
}
