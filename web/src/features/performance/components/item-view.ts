import type { ItemAnalysis } from "@adesua/domain";
import type { QuestionType } from "@adesua/domain/rules";
import type { MarksBucket } from "./marks-distribution";

/** An item's type, marks and (written) distribution of marks as the table reads them. */
export function itemView(it: ItemAnalysis): { type: QuestionType; marks: number; distribution: MarksBucket[] | null } {
  return { type: it.type, marks: it.marks, distribution: it.type === "written" ? it.marksDistribution : null };
}

export const isWritten = (it: ItemAnalysis) => it.type === "written";
