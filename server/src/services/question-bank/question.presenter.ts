import { presentStudentTypeFields, presentTypeFields, type BankQuestion, type BankSection, type StudentBankQuestion } from "@adesua/domain";
import type { QuestionRow } from "../../db/schema";

const placeOf = (q: QuestionRow) => ({
  id: q.id,
  position: q.position,
  text: q.text,
  options: q.options,
  year: q.year!,
  subject: q.subject!,
  section: q.section as BankSection,
  topic: q.topic,
  imageCount: q.imageFileIds.length,
});

/** A bank question for students: built field by field, so `answer`, keys and schemes cannot leak in. */
export function presentStudentBankQuestion(q: QuestionRow): StudentBankQuestion {
  return { ...placeOf(q), ...presentStudentTypeFields(q) };
}

/** A bank question for teachers and admins: with its key and its type's fields. */
export function presentBankQuestion(q: QuestionRow): BankQuestion {
  return { ...placeOf(q), answer: q.answer, ...presentTypeFields(q) };
}
