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
