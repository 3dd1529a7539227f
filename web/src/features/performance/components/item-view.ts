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

/** What item analysis adds per question for the question types (issue 27). */
type TypedItem = { type?: QuestionType | null; marks?: number | null; marksDistribution?: MarksBucket[] | null };

/** An item's type, marks and (written) distribution of marks as the table reads them. */
export function itemView(it: ItemAnalysis): { type: QuestionType; marks: number; distribution: MarksBucket[] | null } {
  const t = it as ItemAnalysis & TypedItem;
  const type = t.type ?? "single";
  return { type, marks: t.marks ?? 1, distribution: type === "written" ? (t.marksDistribution ?? []) : null };
}

export const isWritten = (it: ItemAnalysis) => itemView(it).type === "written";
