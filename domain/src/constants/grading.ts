/** Grading, grades management and records admin: the spec's wording (001 §5, §8) and the server's refusals. */
export const GRADING_MESSAGES = {
  /** Grade quiz screen, nothing left to grade. */
  noUngraded: "No ungraded submissions.",
  /** Submissions screen, nothing left to grade. */
  noSubmissions: "No submissions to grade.",
  gradeFailed: "Grade submission failed",
  gradesLoadFailed: "Failed to load data. Please try again.",
  confirmDeleteGrade: "Are you sure you want to delete this grade?",
  recordSaveFailed: "Error saving record",
  confirmDeleteRecord: "Are you sure you want to delete this record?",
  score: "Score must be a number from 0 to 100",
  finalScore: "finalScore must be a number from 0 to 100",
  finalScoreOrMarks: "Give either finalScore or marks",
  markNotKeyless: "Marks are only for questions without an answer key",
  markMissing: "Mark every answer that has no answer key",
  markDuplicate: "Each question may be marked once",
  submissionNotFound: "Submission not found",
  recordNotFound: "Record not found",
  ownCoursesOnly: "You can only grade quizzes of your own courses",
  recordOwnCoursesOnly: "You can only keep records of quizzes of your own courses",
  notAStudent: "The record's user must be a student",
  userNotFound: "The selected user does not exist",
  quizNotFound: "The selected quiz does not exist",
  linkedRecordKeepsOwner: "A record made from a submission keeps its student and quiz; change its score only",
  user: "Please select a student",
  quiz: "Please select a quiz",
} as const;

/** Grades Management's score bar (spec §9): green at 70 or more, orange at 50 or more, else red. */
export const GRADE_BAR_GREEN = 70;
export const GRADE_BAR_ORANGE = 50;

/** Sortable columns of GET /submissions (spec: Student, Course, Quiz, Score; date is the default). */
export const SUBMISSION_SORTS = ["student", "course", "quiz", "score", "date"] as const;
export type SubmissionSort = (typeof SUBMISSION_SORTS)[number];
