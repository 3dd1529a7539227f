import type { QuestionBody } from "./question-body";

/** The option letters, in order (a question has at most five options). */
export const LETTERS = "ABCDE";

/** What each type's fields get from the question editor. */
export type TypeFieldsProps = {
  /** The question's number (from 1), for labels. */
  n: number;
  q: QuestionBody;
  set: (patch: Partial<QuestionBody>) => void;
  err: (field: string) => string | undefined;
  disabled?: boolean;
};
