/** Limits of the quiz form (spec §9). */
export const QUIZ_LIMITS = {
  timeLimit: { min: 1, max: 600 },
  maxAttempts: { min: 1, max: 10 },
  questionsPerPage: { min: 1, max: 50, default: 10 },
  passingScore: { min: 0, max: 100, default: 50 },
  options: { min: 2, max: 5 },
  /** Pictures (diagrams) per question: as many as the parse keeps of one question, and GET /questions/{id}/images/{n} serves. */
  imagesPerQuestion: 20,
} as const;

/** The spec's wording for every rule of the quiz forms; the server answers 400 with these. */
/** When a quiz's correct answers may reach its students (decision 016). */
export const SHOW_ANSWERS = ["after_close", "never", "after_last_attempt"] as const;
export type ShowAnswers = (typeof SHOW_ANSWERS)[number];

export const QUIZ_MESSAGES = {
  showAnswers: "showAnswers must be after_close, never or after_last_attempt",
  showAnswersPractice: "Answers after the last attempt are only for practice quizzes",
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
  /** POST /quizzes with neither a PDF nor a question (decision 018). */
  pdfOrQuestions: "Add questions or attach the question paper (PDF)",
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
  imageIds: "Pictures must be a list of picture ids (whole numbers from 1)",
  tooManyImages: "A question can have at most 20 pictures",
  imageTwice: "A picture appears twice in the question",
  /** A picture id that is not an image the caller uploaded, nor one already on a question of a quiz they manage. */
  imageNotYours: "A question names a picture that does not exist or that you cannot use",
  noCourse: "You are not assigned to any course. Please contact your administrator.",
  notYourCourse: "You can only add quizzes to courses you teach",
  courseNotFound: "The selected course does not exist",
} as const;
