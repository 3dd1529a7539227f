import { z } from "zod";

/** Largest upload the API accepts (course material, quiz PDF): 10 MB. Larger files answer 413. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Every uploaded PDF must start with these bytes; anything else answers 415. */
export const PDF_MAGIC = "%PDF-";

/** An attached file as responses show it; the bytes are downloaded through the API. */
export const FileInfoSchema = z.object({
  /** The name the file was uploaded with. */
  name: z.string(),
  /** Size in bytes. */
  size: z.number().int(),
});
export type FileInfo = z.infer<typeof FileInfoSchema>;

/** How long a signed download link works: a minute, enough for the browser to start the download. */
export const FILE_LINK_TTL_SECONDS = 60;

/**
 * A short-lived download link (GET /api/…/link): the browser opens `url` itself, with no bearer
 * token, so a phone streams the file to its viewer instead of holding it in the page's memory.
 */
export const FileLinkSchema = z.object({
  /** Path of GET /api/files/{id}?exp=…&sig=…, same origin as the API. */
  url: z.string(),
  /** When the link stops working (ISO 8601). */
  expiresAt: z.string(),
});
export type FileLink = z.infer<typeof FileLinkSchema>;

/** The query of a signed link; checked by the server (403 when expired or not signed by it). */
export const FileLinkQuerySchema = z.object({
  /** Expiry, in seconds since 1970. */
  exp: z.string().max(20).optional(),
  /** HMAC-SHA256 of the file id and `exp`, base64url. */
  sig: z.string().max(100).optional(),
});

/** 403 answers of GET /api/files/{id}. */
export const FILE_LINK_MESSAGES = {
  expired: "This download link has expired. Go back and open the file again.",
  invalid: "This download link is not valid. Go back and open the file again.",
} as const;
