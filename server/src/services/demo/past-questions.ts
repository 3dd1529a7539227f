import type { Db } from "../../db/client";
import { questions } from "../../db/schema";
import { fingerprintOf } from "../question-bank/question-bank.service";
import { answerPlace, BANK, withAnswerAt, type DemoQuestion } from "./bece-questions";

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

const SCIENCE_MORE: DemoQuestion[] = [
  { q: "Which part of the plant cell makes food by photosynthesis?", options: ["chloroplast", "nucleus", "vacuole", "cell wall"], answer: 0 },
  { q: "The unit of electric current is the ____.", options: ["volt", "ampere", "ohm", "watt"], answer: 1 },
  { q: "Which gas do plants take in during photosynthesis?", options: ["oxygen", "nitrogen", "carbon dioxide", "hydrogen"], answer: 2 },
  { q: "Which of these is a non-metal?", options: ["copper", "iron", "aluminium", "sulphur"], answer: 3 },
  { q: "The process by which water vapour changes to liquid is called ____.", options: ["condensation", "evaporation", "melting", "sublimation"], answer: 0 },
  { q: "Which organ pumps blood round the human body?", options: ["lungs", "heart", "liver", "kidney"], answer: 1 },
  { q: "A mixture of sand and water can best be separated by ____.", options: ["distillation", "evaporation", "filtration", "sublimation"], answer: 2 },
  { q: "Which vitamin does the body make when the skin is in sunlight?", options: ["vitamin A", "vitamin B", "vitamin C", "vitamin D"], answer: 3 },
  { q: "The force that pulls objects towards the earth is ____.", options: ["gravity", "friction", "magnetism", "tension"], answer: 0 },
  { q: "Which of these animals is a mammal?", options: ["tilapia", "bat", "lizard", "frog"], answer: 1 },
  { q: "Which of these is a renewable source of energy?", options: ["coal", "crude oil", "solar energy", "natural gas"], answer: 2 },
  { q: "Malaria is spread by the female ____ mosquito.", options: ["Aedes", "Culex", "Mansonia", "Anopheles"], answer: 3 },
  { q: "A solution with a pH of 2 is ____.", options: ["strongly acidic", "neutral", "weakly alkaline", "strongly alkaline"], answer: 0 },
  { q: "Which simple machine is a see-saw an example of?", options: ["pulley", "lever", "wheel and axle", "inclined plane"], answer: 1 },
  { q: "The part of the eye that controls the amount of light entering it is the ____.", options: ["retina", "lens", "iris", "cornea"], answer: 2 },
  { q: "Which soil holds the most water?", options: ["sandy soil", "gravel", "loamy sand", "clay soil"], answer: 3 },
  { q: "Rusting of iron needs water and ____.", options: ["oxygen", "nitrogen", "carbon dioxide", "hydrogen"], answer: 0 },
  { q: "Which blood cells fight germs in the body?", options: ["red blood cells", "white blood cells", "platelets", "plasma"], answer: 1 },
  { q: "Sound travels fastest through ____.", options: ["a vacuum", "air", "steel", "water vapour"], answer: 2 },
  { q: "Which of these is an example of a chemical change?", options: ["melting ice", "dissolving salt", "breaking glass", "burning paper"], answer: 3 },
  { q: "The male reproductive part of a flower is the ____.", options: ["stamen", "pistil", "sepal", "petal"], answer: 0 },
  { q: "Which instrument measures temperature?", options: ["barometer", "thermometer", "hygrometer", "anemometer"], answer: 1 },
  { q: "Which planet is nearest to the sun?", options: ["Venus", "Earth", "Mercury", "Mars"], answer: 2 },
  { q: "Animals that feed only on plants are called ____.", options: ["carnivores", "omnivores", "scavengers", "herbivores"], answer: 3 },
  { q: "Which of these conducts electricity best?", options: ["copper wire", "dry wood", "rubber", "plastic"], answer: 0 },
];

const SOCIAL_MORE: DemoQuestion[] = [
  { q: "Ghana attained independence on 6th March ____.", options: ["1957", "1960", "1966", "1951"], answer: 0 },
  { q: "The capital of the Volta Region is ____.", options: ["Koforidua", "Ho", "Cape Coast", "Tamale"], answer: 1 },
  { q: "Which body makes laws in Ghana?", options: ["the Judiciary", "the Executive", "Parliament", "the Police Service"], answer: 2 },
  { q: "The largest man-made lake in Ghana is Lake ____.", options: ["Bosomtwe", "Bosumtwi", "Chad", "Volta"], answer: 3 },
  { q: "Which vegetation zone covers most of northern Ghana?", options: ["savanna", "rain forest", "mangrove swamp", "desert"], answer: 0 },
  {
    q: "The head of a district assembly is the ____.",
    options: ["Regional Minister", "District Chief Executive", "Presiding Member", "Member of Parliament"],
    answer: 1,
  },
  {
    q: "Which of these is a duty of a good citizen?",
    options: ["evading taxes", "destroying public property", "obeying the laws of the land", "ignoring elections"],
    answer: 2,
  },
  { q: "The main cash crop of Ghana is ____.", options: ["maize", "cassava", "yam", "cocoa"], answer: 3 },
  { q: "Cutting down trees without replacing them is called ____.", options: ["deforestation", "afforestation", "irrigation", "erosion"], answer: 0 },
  {
    q: "The Electoral Commission of Ghana is responsible for ____.",
    options: ["making laws", "conducting elections", "collecting taxes", "settling land disputes"],
    answer: 1,
  },
  {
    q: "Which line divides the earth into the northern and southern hemispheres?",
    options: ["the Prime Meridian", "the Tropic of Cancer", "the Equator", "the Tropic of Capricorn"],
    answer: 2,
  },
  { q: "The Aliens Compliance Order was passed in Ghana in ____.", options: ["1957", "1966", "1979", "1969"], answer: 3 },
  { q: "Which of these is a form of family where a man has more than one wife?", options: ["polygyny", "monogamy", "polyandry", "nuclear family"], answer: 0 },
  { q: "The Akosombo Dam was built mainly to produce ____.", options: ["fish", "electricity", "drinking water", "salt"], answer: 1 },
  { q: "Which region of Ghana is best known for salt production at Ada?", options: ["Western", "Central", "Greater Accra", "Eastern"], answer: 2 },
  { q: "A scale of 1 : 50 000 on a map means 1 cm represents ____.", options: ["50 m", "5 km", "50 km", "500 m"], answer: 3 },
  {
    q: "Which organisation did Ghana join with other West African states in 1975?",
    options: ["ECOWAS", "the African Union", "the Commonwealth", "the United Nations"],
    answer: 0,
  },
  { q: "The rights of children in Ghana include the right to ____.", options: ["vote at 12", "education", "work in mines", "marry at 14"], answer: 1 },
  {
    q: "Which of these is a cause of rural–urban migration?",
    options: ["good roads in villages", "free land in towns", "jobs in towns", "cheap food in towns"],
    answer: 2,
  },
  { q: "The Asantehene's palace is in ____.", options: ["Tamale", "Accra", "Cape Coast", "Kumasi"], answer: 3 },
  { q: "Which of these helps to prevent soil erosion?", options: ["planting cover crops", "bush burning", "overgrazing", "clearing all trees"], answer: 0 },
  { q: "The first President of Ghana was ____.", options: ["J. B. Danquah", "Kwame Nkrumah", "K. A. Busia", "Hilla Limann"], answer: 1 },
  { q: "Which tax is paid on goods bought in shops?", options: ["income tax", "property rate", "value added tax", "basic rate"], answer: 2 },
  {
    q: "The traditional council of chiefs in an area is headed by the ____.",
    options: ["linguist", "queen mother", "stool father", "paramount chief"],
    answer: 3,
  },
  { q: "Which of these is a natural resource found in Ghana?", options: ["gold", "tin cans", "cement", "plastic"], answer: 0 },
];

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
