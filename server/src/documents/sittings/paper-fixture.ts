import { buildSittingVersions, type QuestionType } from "@adesua/domain";
import { collect, newDocument } from "../print/draw.ts";
import { SCHOOL } from "../print/fixtures.ts";
import { NO_HOOKS, type PrintDocument, type RenderHooks, type SchoolPrint } from "../print/types.ts";
import { drawAnswerSheet } from "./print-sheet.ts";
import { type PaperPrint, type PaperQuestion, type PaperSheet, paperSheets } from "./paper-types.ts";

/**
 * A made-up paper sitting for tests, the photo test set and benches (no database): `questions` bubble questions
 * (mostly four options, some five, some three, true/false and multiple answers among them), `boxes` written boxes
 * (short answer and numerical), `students` named students of JHS 2B, `versions` shuffled versions, `blankSheets`.
 */
export type PaperFixtureInput = {
  questions: number;
  students: number;
  versions?: number;
  blankSheets?: number;
  boxes?: number;
  sittingId?: number;
  seed?: number;
  school?: SchoolPrint;
};

const NAMES = ["Kofi Mensah", "Ɛfua Ɔpoku", "Ama Serwaa", "Kwame Nkansah", "Abena Ŋmɛnɛ", "Yaw Boateng", "Akosua Darko", "Kwabena Owusu"];

const STEMS: ((i: number) => { text: string; options: string[] })[] = [
  (i) => ({ text: `What is ${i + 12} + ${i + 7}?`, options: [i + 19, i + 18, i + 20, i + 29, i + 9].map(String) }),
  () => ({ text: "Which of the following is the capital of the Ashanti Region?", options: ["Kumasi", "Accra", "Tamale", "Ho", "Cape Coast"] }),
  () => ({
    text: "A farmer in Techiman harvested 240 bags of maize and sold three quarters of them at the market. How many bags did he sell?",
    options: ["180", "60", "120", "200", "160"],
  }),
  () => ({ text: "Solve for x: 2x + 3 = 11", options: ["x = 4", "x = 7", "x = 3", "x = 5", "x = 8"] }),
  () => ({ text: "Which gas do green plants take in during photosynthesis?", options: ["Carbon dioxide", "Oxygen", "Nitrogen", "Hydrogen", "Helium"] }),
];

/** The type of bubble question i: every 7th true/false, every 11th multiple answers, the rest one answer. */
function bubbleType(i: number): QuestionType {
  if (i % 7 === 6) return "true_false";
  if (i % 11 === 10) return "multiple";
  return "single";
}
/** Options of a one-answer question: mostly 4, every 5th five, every 9th three. */
const optionCount = (i: number) => (i % 9 === 8 ? 3 : i % 5 === 2 ? 5 : 4);

export function fixtureQuestions(bubbles: number, boxes = 0): PaperQuestion[] {
  const out: PaperQuestion[] = [];
  for (let i = 0; i < bubbles; i++) {
    const type = bubbleType(i);
    const stem = STEMS[i % STEMS.length](i);
    const id = 1000 + i;
    if (type === "true_false")
      out.push({
        id,
        type,
        text: `The River Volta flows into the Gulf of Guinea. (Statement ${i + 1})`,
        options: ["True", "False"],
        marks: 1,
        unit: null,
        images: [],
      });
    else out.push({ id, type, text: stem.text, options: stem.options.slice(0, type === "multiple" ? 4 : optionCount(i)), marks: 1, unit: null, images: [] });
  }
  for (let j = 0; j < boxes; j++) {
    const numerical = j % 2 === 1;
    out.push({
      id: 2000 + j,
      type: numerical ? "numerical" : "short",
      text: numerical ? `A rectangle is ${j + 3} cm long and 4 cm wide. What is its area?` : "Name the largest man-made lake in Ghana.",
      options: [],
      marks: numerical ? 2 : 1,
      unit: numerical ? "cm²" : null,
      images: [],
    });
  }
  return out;
}

export function paperFixturePrint(input: PaperFixtureInput): PaperPrint {
  const questions = fixtureQuestions(input.questions, input.boxes ?? 0);
  const sittingId = input.sittingId ?? 7;
  const versions = buildSittingVersions(
    questions.map((q) => ({ id: q.id, type: q.type, options: q.options.length })),
    input.versions ?? 1,
    input.seed ?? sittingId * 7919,
  );
  return {
    sittingId,
    quiz: { title: "JHS 2 Mid-term Test: Mathematics and Science", timeLimit: 60 },
    class: "JHS 2B",
    versions,
    questions,
    students: Array.from({ length: input.students }, (_, i) => ({ id: 500 + i, name: `${NAMES[i % NAMES.length]} ${i + 1}` })),
    blankSheets: input.blankSheets ?? 0,
  };
}

/** A ready document for renderDocument: the question papers, then the answer sheets in `paperSheets` order. */
export function paperFixture(input: PaperFixtureInput): Extract<PrintDocument, { kind: "paper" }> {
  return { kind: "paper", school: input.school ?? SCHOOL, paper: paperFixturePrint(input) };
}

/**
 * Only the answer sheets, one a page in `paperSheets(paper)` order (page i is sheets[i]): what the photo test set and
 * the reader's tests render and fill in.
 */
export async function renderAnswerSheets(
  paper: PaperPrint,
  school: SchoolPrint = SCHOOL,
  hooks: RenderHooks = NO_HOOKS,
): Promise<{ pdf: Uint8Array; sheets: PaperSheet[] }> {
  const doc = newDocument(`Answer sheets: ${paper.quiz.title}`, school);
  const done = collect(doc);
  const sheets = paperSheets(paper);
  hooks.start(sheets.length);
  for (const sheet of sheets) {
    drawAnswerSheet(doc, paper.sittingId, sheet, { school: school.name, title: paper.quiz.title, class: paper.class, versions: paper.versions.length });
    hooks.step();
  }
  doc.end();
  return { pdf: await done, sheets };
}
