/** Escapes %, _ and \ so user text is matched literally inside LIKE patterns. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
