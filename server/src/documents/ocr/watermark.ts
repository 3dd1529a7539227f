/**
 * The text a phone scanner app stamps on every page ("Scanned with CamScanner", "Scan with Fast Scan", "Scanned by
 * TapScanner"): a PDF whose only text is this has no text of its own, so its pages are read by OCR.
 */
const WATERMARK =
  /^\s*(?:(?:scanned|scan|created|made)\s+(?:with|by|using)\s+\S.{0,40}|camscanner|tapscanner|fast\s*scan(?:ner)?|(?:adobe\s+)?scan|genius\s*scan|clear\s*scan(?:ner)?|tiny\s*scanner|simple\s*scan(?:ner)?)\s*$/i;

/** Whether a line of text is only a scanner app's stamp. */
export function isScannerWatermark(line: string): boolean {
  return WATERMARK.test(line.replace(/\s+/g, " "));
}
