import { errorChain } from "./errors";

/** Escapes %, _ and \ so user text is matched literally inside LIKE patterns. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Whether a database error (raw, or wrapped by Drizzle as its `cause`) is a unique-index violation. */
export function isUniqueViolation(e: unknown): boolean {
  for (const x of errorChain(e, 4)) if (x.code === "23505") return true;
  return false;
}
