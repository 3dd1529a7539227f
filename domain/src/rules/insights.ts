/** The teacher home's insight rules (decision 024), shared by the server's SQL and the screen's wording. */
export const INSIGHT_RULES = {
  /** "Top students": an average (mean of each quiz's best score) of this or more. */
  topAverage: 90,
  /** "Falling": the last three quizzes' scores each lower than the one before, dropping this much or more in all. */
  fallingDrop: 10,
  /** "Active": a result or an attempt started within this many days. */
  activeDays: 7,
} as const;
