import { seededRandom } from "@adesua/domain";
import type { SheetCode } from "../layout.ts";
import type { PaperPrint } from "../paper-types.ts";
import { questionLetters } from "./truth.ts";
import type { Distortion, MarkStyle, RowMarks, RowQuestion, SheetRequest } from "./types.ts";

/**
 * The mix of the accuracy test set (issue 29): for each printed sheet, how a student filled it in and how a phone
 * photographed it, drawn from a seed. The shares are set so every mark and every distortion the issue names turns up
 * often in 20 sheets and hundreds of times in 200.
 */

/** The questions behind each bubble row of a version, by row number, from the printed paper. */
export function rowQuestions(paper: PaperPrint, version: number): Record<number, RowQuestion> {
  const v = paper.versions.find((x) => x.version === version) ?? paper.versions[0];
  const out: Record<number, RowQuestion> = {};
  let n = 0;
  for (const row of v?.questions ?? []) {
    if (row.kind !== "bubbles") continue;
    const q = paper.questions.find((x) => x.id === row.questionId);
    out[++n] = { type: q?.type ?? "single", options: row.options.length };
  }
  return out;
}

type Rng = () => number;
const between = (rng: Rng, a: number, b: number) => a + (b - a) * rng();
function pick<T>(rng: Rng, items: readonly (readonly [T, number])[]): T {
  let x = rng() * items.reduce((s, [, w]) => s + w, 0);
  for (const [item, w] of items) if ((x -= w) < 0) return item;
  return items[items.length - 1][0];
}
function someOf(rng: Rng, letters: string[], count: number): string[] {
  const pool = [...letters];
  const out: string[] = [];
  while (out.length < count && pool.length) out.push(pool.splice(Math.floor(rng() * pool.length), 1)[0]);
  return out.sort();
}

/** Shares of the ways a row is left. `two` and `empty` must be flagged; the rest have an answer to find. */
const ROW_KINDS = [
  ["solid", 30],
  ["tick", 14],
  ["cross", 12],
  ["pencil", 16],
  ["erased", 14],
  ["two", 7],
  ["empty", 7],
] as const;

/** How one student filled in the rows. */
export function fillRows(questions: Record<number, RowQuestion>, rows: number, rng: Rng): Record<number, RowMarks> {
  const answers: Record<number, RowMarks> = {};
  for (let n = 1; n <= rows; n++) {
    const q = questions[n] ?? { type: "single", options: 4 };
    const letters = questionLetters(q);
    const kind = pick(rng, ROW_KINDS);
    if (kind === "empty") continue;
    if (kind === "two") {
      answers[n] = {
        letters: someOf(rng, letters, 2),
        style: pick(rng, [
          ["solid", 3],
          ["tick", 1],
          ["cross", 1],
        ] as const),
      };
      continue;
    }
    const style: MarkStyle = kind;
    const count = q.type === "multiple" && style !== "erased" ? 1 + Math.floor(rng() * 3) : 1;
    answers[n] = { letters: someOf(rng, letters, count), style };
  }
  return answers;
}

export type PhotoSize = "1200x1600" | "3000x4000";
export const SIZES: Record<PhotoSize, { width: number; height: number }> = {
  "1200x1600": { width: 1200, height: 1600 },
  "3000x4000": { width: 3000, height: 4000 },
};

/**
 * A phone's photo: turned up to 20°, leant up to 15°, filling 70–95 % of the frame; sharp or blurred; lit evenly or
 * falling off to half; a shadow across half the time; always JPEG quality 50.
 */
export function phoneDistortion(rng: Rng, size: PhotoSize): Distortion {
  return {
    ...SIZES[size],
    rotate: between(rng, -20, 20),
    tilt: between(rng, 0, 15),
    tiltDirection: between(rng, 0, 360),
    fill: between(rng, 0.72, 0.95),
    shiftX: between(rng, -0.9, 0.9),
    shiftY: between(rng, -0.9, 0.9),
    blur: rng() < 0.3 ? 0 : between(rng, 0.4, 1.5),
    quality: 50,
    light: between(rng, 0, 0.5),
    lightDirection: between(rng, 0, 360),
    shadow: rng() < 0.5 ? 0 : between(rng, 0.2, 0.5),
    shadowAngle: between(rng, 0, 360),
    shadowOffset: between(rng, -0.3, 0.3),
    noise: between(rng, 3, 10),
    desk: between(rng, 50, 140),
  };
}

/**
 * `count` photos of the printed sheets (taken in turn, round again when there are fewer sheets than photos): every
 * `largeEvery`-th at 3,000 × 4,000, the rest 1,200 × 1,600. Ordered by page so each page is drawn once per size.
 */
export function accuracyPlan(
  paper: PaperPrint,
  sheets: readonly { page: number; code: SheetCode }[],
  count: number,
  { seed = 29, largeEvery = 5 }: { seed?: number; largeEvery?: number } = {},
): SheetRequest[] {
  const rng = seededRandom(seed);
  const out: SheetRequest[] = [];
  for (let i = 0; i < count; i++) {
    const { page, code } = sheets[i % sheets.length];
    const questions = rowQuestions(paper, code.version);
    const size: PhotoSize = largeEvery > 0 && i % largeEvery === largeEvery - 1 ? "3000x4000" : "1200x1600";
    out.push({
      page,
      answers: fillRows(questions, code.bubbles, rng),
      questions,
      name: code.student === 0 || rng() < 0.2,
      boxes: Array.from({ length: code.boxes }, (_, j) => code.bubbles + j + 1).filter(() => rng() < 0.6),
      distortion: phoneDistortion(rng, size),
      seed: Math.floor(rng() * 2 ** 31),
    });
  }
  return out.sort((a, b) => a.page - b.page || a.distortion!.width! - b.distortion!.width!);
}
