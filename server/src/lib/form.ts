import type { FastifyRequest } from "fastify";
import { badRequest, HttpError } from "./errors";
import { badTextMessage, findBadText } from "./text";

export const BROKEN_FORM = "The upload is not a complete multipart form. Please send it again.";

export type UploadedFile = { field: string; filename: string; data: Buffer };
export type FormInput = {
  fields: Record<string, unknown>;
  /** The last file of each field. */
  files: Partial<Record<string, UploadedFile>>;
  /** Every file of each field, in order (a field that takes several, like a batch of scanned sheets). */
  fileLists: Partial<Record<string, UploadedFile[]>>;
};
/** Per-request limits replacing the app's (a route taking many or larger files). */
export type FormLimits = { files?: number; fileSize?: number };

/**
 * Reads a multipart form into text fields and files (each file at most the multipart limit, else
 * 413), or takes a JSON object body as the fields. Only the named file fields are accepted.
 */
export async function readForm(req: FastifyRequest, fileFields: readonly string[], limits?: FormLimits): Promise<FormInput> {
  if (!req.isMultipart()) {
    const body = req.body;
    if (body === undefined || body === null) return { fields: {}, files: {}, fileLists: {} };
    if (typeof body !== "object" || Array.isArray(body)) throw badRequest("Request body must be a form or a JSON object");
    return { fields: body as Record<string, unknown>, files: {}, fileLists: {} };
  }
  const fields: Record<string, unknown> = {};
  const files: FormInput["files"] = {};
  const fileLists: FormInput["fileLists"] = {};
  try {
    await readParts(req, fileFields, fields, files, fileLists, limits);
  } catch (e) {
    // Limits and our own refusals carry a status; anything else is busboy failing on a broken body
    // (no boundary, cut short, malformed headers).
    if ((e as { statusCode?: number }).statusCode) throw e;
    throw badRequest(BROKEN_FORM);
  }
  return { fields, files, fileLists };
}

async function readParts(
  req: FastifyRequest,
  fileFields: readonly string[],
  fields: Record<string, unknown>,
  files: FormInput["files"],
  fileLists: FormInput["fileLists"],
  limits: FormLimits | undefined,
) {
  for await (const part of limits ? req.parts({ limits }) : req.parts()) {
    const bad = findBadText(part.fieldname) ?? (part.type === "file" ? findBadText(part.filename ?? "") : findBadText(part.value));
    if (bad) {
      if (part.type === "file") part.file.resume();
      throw badRequest(badTextMessage({ path: part.fieldname.replace(/[^\w.-]/g, "?").slice(0, 40), kind: bad.kind }));
    }
    if (part.type === "file") {
      if (!fileFields.includes(part.fieldname)) {
        part.file.resume();
        throw badRequest(`Unexpected file field "${part.fieldname}" (expected ${fileFields.map((f) => `"${f}"`).join(" or ")})`);
      }
      const data = await part.toBuffer(); // throws the 413 error past the size limit
      // A browser sends an empty, unnamed part for a file input left empty.
      if (!part.filename && data.length === 0) continue;
      const file = { field: part.fieldname, filename: part.filename, data };
      files[part.fieldname] = file;
      (fileLists[part.fieldname] ??= []).push(file);
    } else {
      if (part.valueTruncated) throw new HttpError(413, `The form field "${part.fieldname}" is too large`);
      fields[part.fieldname] = part.value;
    }
  }
}
