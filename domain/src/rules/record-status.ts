/** How a quiz record is shown on the records screens. No Node APIs here. */

export type RecordStatus = "Passed" | "Failed" | "Completed";
export type ScoreColor = "green" | "yellow" | "red" | "gray";

/** Score thresholds of the records screens (spec: 80 and 60). */
export const RECORD_SCORE_GREEN = 80;
export const RECORD_SCORE_YELLOW = 60;

/** Passed or Failed when known; Completed while the result is unknown (waiting for a teacher's grade). */
export function recordStatus(r: { passed: boolean | null | undefined }): RecordStatus {
  if (r.passed === true) return "Passed";
  if (r.passed === false) return "Failed";
  return "Completed";
}

/** Green at 80 or more, yellow at 60 or more, red below; gray without a score. */
export function scoreColor(score: number | null | undefined): ScoreColor {
  if (score == null || Number.isNaN(score)) return "gray";
  if (score >= RECORD_SCORE_GREEN) return "green";
  if (score >= RECORD_SCORE_YELLOW) return "yellow";
  return "red";
}

/** A record's colour: green when passed, red when failed, by the score thresholds when unknown. */
export function recordColor(r: { passed: boolean | null | undefined; score: number | null | undefined }): ScoreColor {
  if (r.passed === true) return "green";
  if (r.passed === false) return "red";
  return scoreColor(r.score);
}
