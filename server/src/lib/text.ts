/**
 * Text no person typed and PostgreSQL cannot store (NUL) or that is not valid Unicode (a lone UTF-16
 * surrogate). Refused with 400 in every body, query, path and form field, before any handler runs.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A lone UTF-16 surrogate or a NUL: text PostgreSQL cannot store and no person typed. */
export function badCharacter(s: string): "NUL" | "surrogate" | null {
  if (s.includes("\u0000")) return "NUL";
  if (LONE_SURROGATE.test(s)) return "surrogate";
  return null;
}

/** The first string (value or key) in a parsed body or query with a bad character, with its field path. */
export function findBadText(value: unknown, path = ""): { path: string; kind: "NUL" | "surrogate" } | null {
  if (typeof value === "string") {
    const kind = badCharacter(value);
    return kind ? { path, kind } : null;
  }
  if (value === null || typeof value !== "object") return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const r = findBadText(value[i], path ? `${path}.${i}` : String(i));
      if (r) return r;
    }
    return null;
  }
  for (const [k, v] of Object.entries(value)) {
    const key = badCharacter(k);
    if (key) return { path: path || "request", kind: key };
    const r = findBadText(v, path ? `${path}.${k}` : k);
    if (r) return r;
  }
  return null;
}

export function badTextMessage(found: { path: string; kind: "NUL" | "surrogate" }): string {
  const what = found.kind === "NUL" ? "a NUL character" : "an invalid character (a broken UTF-16 surrogate)";
  return `${found.path || "request"}: contains ${what}`;
}
