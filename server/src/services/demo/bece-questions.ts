import demoQuestions from "./demo-questions.json" with { type: "json" };

/**
 * BECE-style multiple-choice questions for the demo school, by subject (the questions themselves are data, in
 * demo-questions.json). Each has four options (A–D) and `answer`, the index of the correct option. Quizzes take
 * slices of these banks.
 */
export type DemoQuestion = { q: string; options: [string, string, string, string]; answer: 0 | 1 | 2 | 3 };

export const SUBJECTS = [
  "Mathematics",
  "English Language",
  "Integrated Science",
  "Social Studies",
  "Religious and Moral Education",
  "Computing",
  "French",
  "Career Technology",
] as const;
export type Subject = (typeof SUBJECTS)[number];

export const SUBJECT_DESCRIPTIONS: Record<Subject, string> = {
  Mathematics: "Number, algebra, geometry, measurement and handling data, following the JHS curriculum and BECE past questions.",
  "English Language": "Grammar, vocabulary, comprehension, composition and literature for JHS learners.",
  "Integrated Science": "Diversity of matter, cycles, systems, forces and energy, and humans and the environment.",
  "Social Studies": "Ghana's environment, governance, history, citizenship and development.",
  "Religious and Moral Education": "Christianity, Islam and Traditional African Religion; moral values and Ghanaian customs.",
  Computing: "Computer hardware and software, the internet, word processing, spreadsheets and digital safety.",
  French: "Everyday French: greetings, family, numbers, days of the week and simple grammar.",
  "Career Technology": "Technical drawing, woodwork, metalwork, home economics and workshop safety.",
};

/** A list of questions as demo-questions.json holds them, checked: four options and the right one's index (0–3). */
export function questionList(rows: readonly { q: string; options: string[]; answer: number }[], where: string): DemoQuestion[] {
  return rows.map((row, i) => {
    if (row.options.length !== 4 || !Number.isInteger(row.answer) || row.answer < 0 || row.answer > 3)
      throw new Error(`demo-questions.json ${where}[${i}]: four options and an answer from 0 to 3 are expected`);
    return { q: row.q, options: row.options as DemoQuestion["options"], answer: row.answer as DemoQuestion["answer"] };
  });
}

/** The question banks by subject (the data is in demo-questions.json). */
export const BANK = Object.fromEntries(SUBJECTS.map((subject) => [subject, questionList(demoQuestions.bank[subject], `bank.${subject}`)])) as Record<
  Subject,
  DemoQuestion[]
>;

/**
 * Where the right option goes, by a question's place in its list (issue 24). The banks were written with their
 * keys cycling A, B, C, D, so tapping the options in order scored 100%; this fixed sequence (each letter three times in
 * twelve, found by a search so that over every slice the demo takes, neither tapping A, B, C, D… or D, C, B, A… in
 * order nor always the same letter scores more than 42%) moves the right option, the same way on every start.
 */
const ANSWER_PLACES = [3, 1, 0, 2, 0, 2, 1, 3, 0, 2, 3, 1] as const;

export const answerPlace = (j: number): 0 | 1 | 2 | 3 => ANSWER_PLACES[j % ANSWER_PLACES.length];

/** The question with its options turned round (their cyclic order kept) so that the right one is at place `at`. */
export function withAnswerAt(item: DemoQuestion, at: 0 | 1 | 2 | 3): DemoQuestion {
  const shift = (item.answer - at + 4) % 4;
  const options = item.options.map((_, k) => item.options[(k + shift) % 4]) as DemoQuestion["options"];
  return { q: item.q, options, answer: at };
}

/** `count` questions of a subject's bank from `start` (wrapping round), with the right option placed by `answerPlace`. */
export function pick(subject: Subject, start: number, count: number): DemoQuestion[] {
  const bank = BANK[subject];
  return Array.from({ length: count }, (_, i) => {
    const j = (start + i) % bank.length;
    return withAnswerAt(bank[j], answerPlace(j));
  });
}
