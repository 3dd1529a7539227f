/** Test bytes and multipart bodies (fastify.inject accepts a FormData payload). */

/** A tiny but real-looking PDF (only the %PDF- header matters to the server). */
export function pdfBytes(extraBytes = 0): Buffer {
  const head = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n", "latin1");
  const tail = Buffer.from("\n%%EOF\n", "latin1");
  return Buffer.concat([head, Buffer.alloc(extraBytes, 0x20), tail]);
}

/** The first bytes of a PNG: what a renamed picture looks like. */
export function pngBytes(): Buffer {
  return Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1]);
}

export type FileField = { name: string; bytes: Buffer; type?: string };

/** A multipart form: text fields (undefined skipped, others stringified) and files. */
export function form(fields: Record<string, string | number | boolean | null | undefined | object>, files: Record<string, FileField> = {}): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    fd.append(k, v === null ? "" : typeof v === "object" ? JSON.stringify(v) : String(v));
  }
  for (const [k, f] of Object.entries(files)) fd.append(k, new Blob([new Uint8Array(f.bytes)], { type: f.type ?? "application/pdf" }), f.name);
  return fd;
}

/** The settings fields of the quiz form (POST/PUT /api/quizzes) as a teacher leaves them: no dates, 30 minutes, 3 attempts. */
export const QUIZ_FORM_SETTINGS = {
  openTime: "",
  closeTime: "",
  timeLimit: "30",
  maxAttempts: "3",
  questionsPerPage: "10",
  resetTimerOnAttempt: "true",
  passingScore: "50",
  timedSections: "",
};
