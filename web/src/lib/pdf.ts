/** Largest upload the API takes (course material, quiz PDF). Mirrors MAX_UPLOAD_BYTES in the contracts. */
export const MAX_PDF_BYTES = 10 * 1024 * 1024;

/** Why a chosen file cannot be sent as a PDF, or null when it can (the server checks the bytes again). */
export function pdfProblem(file: File | null, label: string): string | null {
  if (!file) return null;
  const looksPdf = file.type === "application/pdf" || /\.pdf$/i.test(file.name);
  if (!looksPdf) return `${label} must be a PDF file`;
  if (file.size === 0) return `${label} is empty`;
  if (file.size > MAX_PDF_BYTES) return `${label} must be 10 MB or smaller`;
  return null;
}

/** A real PDF starts with "%PDF-": catches a renamed Word file before a slow upload. */
export async function startsLikePdf(file: File): Promise<boolean> {
  try {
    const head = await file.slice(0, 5).arrayBuffer();
    return new TextDecoder("latin1").decode(head) === "%PDF-";
  } catch {
    return true; // cannot read here: let the server judge
  }
}
