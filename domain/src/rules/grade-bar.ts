import { GRADE_BAR_GREEN, GRADE_BAR_ORANGE } from "../constants/grading";

export type GradeBarColor = "green" | "orange" | "red" | "gray";

/** The Grades Management score bar: green at 70 or more, orange at 50 or more, red below; gray without a score. */
export function gradeBarColor(score: number | null | undefined): GradeBarColor {
  if (score == null || Number.isNaN(score)) return "gray";
  if (score >= GRADE_BAR_GREEN) return "green";
  if (score >= GRADE_BAR_ORANGE) return "orange";
  return "red";
}
