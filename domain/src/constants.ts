/**
 * Plain values both sides share, with no zod import, so the web's student pages can use them
 * without downloading the schema library. Schemas in contracts/ are built from these.
 */
export const ROLES = ["student", "teacher", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const STUDENT_TYPES = ["jhs1", "jhs2", "jhs3"] as const;
export type StudentType = (typeof STUDENT_TYPES)[number];

export const STUDENT_TYPE_LABELS: Record<StudentType, string> = { jhs1: "JHS 1", jhs2: "JHS 2", jhs3: "JHS 3" };

export const PASSWORD_MIN = 8;

/** Limits of the quiz form (spec §9). */
export const QUIZ_LIMITS = {
  timeLimit: { min: 1, max: 600 },
  maxAttempts: { min: 1, max: 10 },
  questionsPerPage: { min: 1, max: 50, default: 10 },
  passingScore: { min: 0, max: 100, default: 50 },
  options: { min: 2, max: 5 },
} as const;

/** The spec's wording for every rule of the quiz forms; the server answers 400 with these. */
export const QUIZ_MESSAGES = {
  title: "Title is required",
  provideTitle: "Provide title",
  titleTooLong: "Title must be at most 200 characters",
  course: "Course selection is required",
  studentType: "Student type is required",
  studentTypeInvalid: "Student type must be jhs1, jhs2 or jhs3",
  openTime: "Open time is not a valid date",
  closeTime: "Close time is not a valid date",
  closeAfterOpen: "Close time must be after open time",
  timeLimit: "Time limit must be between 1 and 600 minutes",
  maxAttempts: "Max attempts must be between 1 and 10",
  questionsPerPage: "Questions per page must be between 1 and 50",
  passingScore: "Passing score must be between 0 and 100",
  resetTimer: "Reset timer on attempt must be true or false",
  pdfRequired: "A PDF file is required",
  timedSections: "Timed sections must be a list of sections",
  sectionName: "Section name is required",
  sectionIndex: "Section start and end must be question positions (0 or more)",
  sectionEndBeforeStart: "A section cannot end before it starts",
  sectionTimeLimit: "Section time limit must be between 1 and 600 minutes",
  sectionsOrder: "Timed sections must be in order and must not overlap",
  questions: "Questions must be a list",
  questionsRequired: "Add at least one question",
  questionText: "Question text is required",
  options: "A question needs 2 to 5 options",
  optionEmpty: "Options cannot be empty",
  optionsDistinct: "Options must all be different",
  answerNotAnOption: "The answer must be one of the options",
  noCourse: "You are not assigned to any course. Please contact your administrator.",
  notYourCourse: "You can only add quizzes to courses you teach",
  courseNotFound: "The selected course does not exist",
} as const;

export const COURSE_MESSAGES = {
  title: "Title is required",
  titleTooLong: "Title must be at most 200 characters",
  descriptionTooLong: "Description must be at most 5000 characters",
  teacher: "Please select a teacher",
  notATeacher: "The selected user is not a teacher",
  teacherNotFound: "The selected teacher does not exist",
  editOwnOnly: "You can only edit courses you teach",
} as const;

/**
 * The attempt engine's refusals (server/src/services/attempt-*.ts): the human text the server
 * answers in `error`, and the stable machine-readable `code` it sends beside it, so the web can
 * branch on a refusal without comparing sentences (decision 015).
 */
export const ATTEMPT_MESSAGES = {
  quizNotFound: "Quiz not found",
  attemptNotFound: "Attempt not found",
  notOpen: "Quiz is not open yet",
  closed: "Quiz is closed",
  noAttemptsLeft: "No attempts left",
  noTimeLeft: "No time left for this quiz",
  timeUp: "Time is up",
  submitted: "This attempt has already been submitted",
  sectionEnded: "This section has ended",
  sectionNotStarted: "This section has not started yet",
  unknownQuestion: "Unknown question",
  noSections: "This quiz has no timed sections",
} as const;
export type AttemptRefusal = keyof typeof ATTEMPT_MESSAGES;

export const ATTEMPT_ERROR_CODES = {
  quizNotFound: "quiz_not_found",
  attemptNotFound: "attempt_not_found",
  notOpen: "not_open",
  closed: "closed",
  noAttemptsLeft: "no_attempts_left",
  noTimeLeft: "no_time_left",
  timeUp: "time_up",
  submitted: "already_submitted",
  sectionEnded: "section_ended",
  sectionNotStarted: "section_not_started",
  unknownQuestion: "unknown_question",
  noSections: "no_sections",
} as const satisfies Record<AttemptRefusal, string>;
export type AttemptErrorCode = (typeof ATTEMPT_ERROR_CODES)[AttemptRefusal];

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
