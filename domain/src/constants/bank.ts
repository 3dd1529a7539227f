/** Sections of a BECE paper in the question bank. */
export const BANK_SECTIONS = ["A", "B"] as const;
export type BankSection = (typeof BANK_SECTIONS)[number];

/** Limits of the question bank and of practice (spec 001 §9). */
export const BANK_LIMITS = {
  year: { min: 1990, max: 2100 },
  /** Questions in one bulk save, one CSV file or one exchange-format import. */
  bulkMax: 1000,
  /** Questions in one practice. */
  practiceMax: 200,
  /** Default questions per page in read mode (spec 001, Question Bank). */
  readPerPage: 5,
} as const;

/** The spec's wording (001 §5, §8) for the bank calls; the server answers 400 with these. */
export const BANK_MESSAGES = {
  yearSubjectRequired: "Year and Subject are required",
  csvYearSubjectRequired: "Year and Subject are required for CSV upload",
  csvFileRequired: "Please select a CSV file",
  questionFileRequired: "Please select a question file to upload.",
  answerFileRequired: "Please select an answer file to upload.",
  importFileRequired: "Please select a GIFT, Aiken or Moodle XML file to import.",
  noQuestions: "No questions to save",
  year: "Year must be a whole number between 1990 and 2100",
  section: "Section must be A or B",
  subjectTooLong: "Subject must be at most 100 characters",
  topicTooLong: "Topic must be at most 100 characters",
  tooManyQuestions: "At most 1000 questions can be saved at once",
  csvImportFailed: "Failed to import questions from CSV",
  csvRows: "Some rows of the CSV file are not valid; nothing was imported",
  exchangeFormat: "Format must be gift, aiken or moodle-xml",
  exportFormat: "Format must be gift, aiken, moodle-xml or csv",
  groupRequired: "Year, Subject and Section are required to delete a group",
  notFound: "Question not found",
  practiceQuestions: "Choose between 1 and 200 questions to practise",
  practiceUnknown: "Some of these questions are not in the question bank",
  practiceNotFound: "Practice result not found",
} as const;

/** "Imported N questions" (spec 001 §8). */
export const importedMessage = (n: number) => `Imported ${n} question${n === 1 ? "" : "s"}`;

/**
 * A bank group (year + subject + section) as one URL-safe key for `questions/read/{id}` and
 * `past-questions/attempt/{id}`: `2023~Mathematics~A` with the subject URI-encoded.
 */
export function bankGroupKey(g: { year: number; subject: string; section: string }): string {
  return `${g.year}~${encodeURIComponent(g.subject)}~${g.section}`;
}

/** The inverse of `bankGroupKey`; null for a key that is not one. */
export function parseBankGroupKey(key: string): { year: number; subject: string; section: BankSection } | null {
  const m = /^(\d{4})~([^~]+)~([AB])$/.exec(key);
  if (!m) return null;
  try {
    return { year: Number(m[1]), subject: decodeURIComponent(m[2]), section: m[3] as BankSection };
  } catch {
    return null;
  }
}
