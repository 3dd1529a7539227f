import type { ItemAnalysis } from "@adesua/domain";
import type { QuestionType } from "@adesua/domain/rules";
import type { MarksBucket } from "./marks-distribution";

/** Short names of the question types for a badge. */
export const TYPE_SHORT: Record<QuestionType, string> = {
  single: "One answer",
  multiple: "Multiple answers",
  true_false: "True/false",
  short: "Short answer",
  numerical: "Numerical",
  written: "Written",
};

/** An item's type, marks and (written) distribution of marks as the table reads them. */
export function itemView(it: ItemAnalysis): { type: QuestionType; marks: number; distribution: MarksBucket[] | null } {
  return { type: it.type, marks: it.marks, distribution: it.type === "written" ? it.marksDistribution : null };
}

export const isWritten = (it: ItemAnalysis) => it.type === "written";
