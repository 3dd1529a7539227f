import type { GradingAnswer, UngradedSubmission } from "@adesua/domain";

/** A grading answer with the contract's every field (tests only). */
export function gradingAnswer(over: Partial<GradingAnswer> & Pick<GradingAnswer, "questionId" | "number">): GradingAnswer {
  return {
    text: `Question ${over.number}`,
    options: [],
    answer: null,
    correctAnswer: null,
    correct: null,
    needsGrading: false,
    type: "single",
    marks: 1,
    earned: null,
    answerText: null,
    parts: [],
    key: null,
    scheme: null,
    unit: null,
    equations: [],
    ...over,
  };
}

/** Kojo's script: two keyed questions (one right), a written answer in two parts (5 marks), a short written one (2 marks). */
export function script(id = 5, name = "Kojo Appiah"): UngradedSubmission {
  return {
    id,
    userId: id + 100,
    quizId: 3,
    user: { id: id + 100, name },
    score: 50,
    correct: 1,
    total: 2,
    onPaper: false,
    ungradedAnswers: [
      { questionId: 13, answer: '["Evaporation","Condensation"]' },
      { questionId: 14, answer: "Plants make food" },
    ],
    answers: [
      gradingAnswer({
        questionId: 11,
        number: 1,
        text: "Capital of Ghana?",
        options: ["Accra", "Kumasi"],
        answer: "Accra",
        answerText: "Accra",
        correctAnswer: "Accra",
        key: "Accra",
        correct: true,
        earned: 1,
      }),
      gradingAnswer({
        questionId: 12,
        number: 2,
        type: "numerical",
        text: "2^3 × 2 = ?",
        answer: "12",
        answerText: "12",
        correctAnswer: "16",
        key: "16",
        correct: false,
        earned: 0,
        equations: [{ linear: "2^3", mathml: "<math><msup><mn>2</mn><mn>3</mn></msup></math>" }],
      }),
      gradingAnswer({
        questionId: 13,
        number: 3,
        type: "written",
        text: "Describe the water cycle.",
        marks: 5,
        needsGrading: true,
        answer: '["Evaporation","Condensation"]',
        answerText: "(a) Evaporation\n(b) Condensation",
        parts: [
          { label: "a", marks: 2, answer: "Evaporation", scheme: "Water turns to vapour (2)" },
          { label: "b", marks: 3, answer: "Condensation", scheme: "Vapour cools into clouds (3)" },
        ],
        scheme: "Award marks per stage",
      }),
      gradingAnswer({
        questionId: 14,
        number: 4,
        type: "written",
        text: "What is photosynthesis?",
        marks: 2,
        needsGrading: true,
        answer: "Plants make food",
        answerText: "Plants make food",
        scheme: "Plants make food from sunlight (2)",
      }),
      gradingAnswer({ questionId: 15, number: 5, type: "written", text: "Name a planet.", marks: 1, needsGrading: true, earned: 0 }),
    ],
    createdAt: "2026-03-12T10:00:00Z",
  };
}
