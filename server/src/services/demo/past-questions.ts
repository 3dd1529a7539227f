import type { Db } from "../../db/client";
import { questions } from "../../db/schema";
import { fingerprintOf } from "../question-bank/question-bank.service";
import { answerPlace, BANK, questionList, withAnswerAt, type DemoQuestion } from "./bece-questions";
import demoQuestions from "./demo-questions.json" with { type: "json" };

/**
 * The demo school's question bank (issue 11): Mathematics, Integrated Science and Social Studies, each for
 * two BECE years and sections A and B, about ten questions a group. Every question was written for the demo
 * (none is copied from a paper); Mathematics questions are built from templates with their answers worked
 * out here, so each key is right by construction.
 */

export type BankGroupSeed = { year: number; subject: string; section: "A" | "B"; topic: string | null; questions: DemoQuestion[] };

const ANSWER_ORDER = [0, 1, 2, 3] as const;
/** Four options with the right one at place `at` (0–3); the distractors are distinct from it. */
function fourOptions(right: string, wrong: string[], at: number): Pick<DemoQuestion, "options" | "answer"> {
  const distractors = [...new Set(wrong.filter((w) => w !== right))].slice(0, 3);
  const options = [...distractors];
  options.splice(at % 4, 0, right);
  return { options: options as DemoQuestion["options"], answer: ANSWER_ORDER[at % 4] };
}

/** Forty Mathematics questions from eight templates (five numbers each). */
function mathematics(): DemoQuestion[] {
  const out: DemoQuestion[] = [];
  for (let k = 1; k <= 5; k++) {
    const a = k + 2;
    const b = 2 * k + 3;
    const x = k + 4;
    out.push({ q: `Solve for x: ${a}x + ${b} = ${a * x + b}.`, ...fourOptions(`${x}`, [`${x + 1}`, `${x - 1}`, `${x + 2}`], k) });
    const side = 3 + k;
    out.push({
      q: `Find the perimeter of a square of side ${side} cm.`,
      ...fourOptions(`${4 * side} cm`, [`${3 * side} cm`, `${2 * side} cm`, `${4 * side + 2} cm`], k + 1),
    });
    const price = 40 * k + 60;
    const pct = 5 * k;
    out.push({
      q: `A shirt costs GH₵ ${price}. Find its price after a ${pct}% discount.`,
      ...fourOptions(
        `GH₵ ${(price * (100 - pct)) / 100}`,
        [`GH₵ ${price - 2 * pct}`, `GH₵ ${(price * pct) / 100}`, `GH₵ ${(price * (100 + pct)) / 100}`],
        k + 2,
      ),
    });
    const n = [6, 10, 12, 15, 21][k - 1];
    out.push({
      q: `Find the sum of the interior angles of a polygon with ${n} sides.`,
      ...fourOptions(`${(n - 2) * 180}°`, [`${n * 180}°`, `${(n - 1) * 180}°`, `${360}°`], k + 3),
    });
    const m = [12, 18, 20, 24, 30][k - 1];
    const p = [8, 27, 45, 36, 42][k - 1];
    const hcf = gcd(m, p);
    out.push({ q: `Find the highest common factor (HCF) of ${m} and ${p}.`, ...fourOptions(`${hcf}`, [`${hcf * 2}`, `${(m * p) / hcf}`, "1"], k) });
    const speed = 20 * k + 40;
    const hours = k + 1;
    out.push({
      q: `A bus travels at ${speed} km/h for ${hours} hours. How far does it travel?`,
      ...fourOptions(`${speed * hours} km`, [`${speed + hours} km`, `${speed * (hours + 1)} km`, `${speed / 2} km`], k + 1),
    });
    const base = [2, 3, 2, 5, 3][k - 1];
    const exp = [5, 3, 6, 2, 4][k - 1];
    out.push({
      q: `Evaluate ${base}^${exp}.`,
      ...fourOptions(`${base ** exp}`, [`${base * exp}`, `${base ** (exp - 1)}`, `${base ** exp + base}`, `${base ** exp - 1}`], k + 2),
    });
    const r = 7 * k;
    out.push({
      q: `Taking π = 22/7, find the circumference of a circle of radius ${r} cm.`,
      ...fourOptions(`${44 * k} cm`, [`${22 * k} cm`, `${154 * k * k} cm`, `${88 * k} cm`], k + 3),
    });
  }
  return out;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** More questions for the bank's science and social studies groups, after each subject's quiz bank (in demo-questions.json). */
const SCIENCE_MORE = questionList(demoQuestions.pastPaperExtras["Integrated Science"], "pastPaperExtras.Integrated Science");
const SOCIAL_MORE = questionList(demoQuestions.pastPaperExtras["Social Studies"], "pastPaperExtras.Social Studies");

const TOPIC: Record<string, string> = {
  Mathematics: "Number and algebra",
  "Integrated Science": "Living things and energy",
  "Social Studies": "Ghana and citizenship",
};

/** Splits a subject's questions into its four groups (two years × sections A and B). */
function groups(subject: string, list: DemoQuestion[], years: [number, number]): BankGroupSeed[] {
  const size = Math.floor(list.length / 4);
  const out: BankGroupSeed[] = [];
  let i = 0;
  for (const year of years)
    for (const section of ["A", "B"] as const) {
      // The right option's place varies (issue 24): never A, B, C, D… in order.
      const questions = list.slice(i * size, (i + 1) * size).map((item, k) => withAnswerAt(item, answerPlace(k)));
      out.push({ year, subject, section, topic: TOPIC[subject] ?? null, questions });
      i++;
    }
  return out;
}

export function demoBankGroups(): BankGroupSeed[] {
  return [
    ...groups("Mathematics", mathematics(), [2022, 2023]),
    ...groups("Integrated Science", [...BANK["Integrated Science"], ...SCIENCE_MORE], [2022, 2023]),
    ...groups("Social Studies", [...BANK["Social Studies"], ...SOCIAL_MORE], [2022, 2023]),
  ];
}

/** Fills the demo school's question bank. Runs inside the demo transaction. */
export async function seedQuestionBank(db: Db): Promise<void> {
  const rows = demoBankGroups().flatMap((g) =>
    g.questions.map((item, position) => ({
      quizId: null,
      position,
      text: item.q,
      options: [...item.options],
      answer: item.options[item.answer],
      year: g.year,
      subject: g.subject,
      section: g.section,
      topic: g.topic,
      fingerprint: fingerprintOf(item.q, item.options),
    })),
  );
  await db.insert(questions).values(rows);
}
