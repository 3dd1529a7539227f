/**
 * The photo test set of paper sittings (issue 29): photos of filled answer sheets made from a printed PDF, with the
 * truth of every row, and the accuracy measure of the reader against them. Used by read-sheet.accuracy.test.ts,
 * bench/omr-bench.ts and the browser journey.
 */
export { answerSheetPages, PrintedPdf, sheetsOf } from "./pages.ts";
export { photoCorners, photograph } from "./photo.ts";
export { sheetPhoto, sheetPhotos } from "./sheets.ts";
export { accuracyPlan, fillRows, phoneDistortion, rowQuestions, SIZES, type PhotoSize } from "./plan.ts";
export { REFUSAL_MESSAGES, scoreSheet, summarize, troubleList, type SheetOutcome, type Summary } from "./measure.ts";
export { questionLetters, rowTruth } from "./truth.ts";
export * from "./types.ts";
