import { rowVerdict, SITTING_MESSAGES, type RowFlag } from "@adesua/domain";
import type { SheetReading, SheetRefusal } from "../reading.ts";
import { questionLetters } from "./truth.ts";
import type { Distortion, SheetPhoto } from "./types.ts";

/**
 * The accuracy measure of the paper-sheet reader (issue 29, "Accuracy, measured"): each photo's reading is turned into
 * row verdicts with the domain rule (rowVerdict) and set against the truth the photo was made with.
 *
 * - right: the recorded answer is the truth, or a row that must be flagged (two marks, empty) is flagged;
 * - flagged: a row with an answer to find went to the teacher instead (allowed, at most 2 % of such rows);
 * - WRONG: an answer would be recorded that is not the truth, or a row that must be flagged is not (must be 0);
 * - a sheet is read (its QR code says what was printed), refused with a reason the teacher is told, or misread
 *   (a QR code read as another sheet's: counted wrong).
 */

/** What the teacher is told when a photo is refused. */
export const REFUSAL_MESSAGES: Record<SheetRefusal, string> = {
  markers: SITTING_MESSAGES.markersNotFound,
  qr: SITTING_MESSAGES.qrUnreadable,
  "not-ours": SITTING_MESSAGES.notOurSheet,
};

export type RowMiss = { n: number; style: string; expect: string[] | "flag"; got: string[] | RowFlag; fill?: number[] };

export type SheetOutcome = {
  page: number;
  student: number;
  size: string;
  distortion: Distortion;
  status: "read" | "refused" | "misread";
  reason: SheetRefusal | null;
  message: string | null;
  rows: number;
  right: number;
  flagged: number;
  /** Rows that must be flagged (two marks, empty) and were. */
  flaggedAsNeeded: number;
  wrong: number;
  wrongRows: RowMiss[];
  flaggedRows: RowMiss[];
  /** The same counts by how the row was marked (empty and two marks among them). */
  styles: Record<string, Tally>;
  /** How dark the reader found bubbles (ReadRow.fill): marked ones by style ("pencil"), rubbed-out ("smudge"), clean ones. */
  darkness: Record<string, number[]>;
  /** The reader's own time (SheetReading.ms) and the wall time around it, in ms. */
  readMs: number;
  wallMs: number;
};

export function scoreSheet(photo: SheetPhoto, reading: SheetReading, wallMs = reading.ms): SheetOutcome {
  const base = {
    page: photo.page,
    student: photo.code.student,
    size: `${photo.width}x${photo.height}`,
    distortion: photo.distortion,
    rows: photo.truth.length,
    right: 0,
    flagged: 0,
    flaggedAsNeeded: 0,
    wrong: 0,
    wrongRows: [] as RowMiss[],
    flaggedRows: [] as RowMiss[],
    styles: {} as Record<string, Tally>,
    darkness: {} as Record<string, number[]>,
    readMs: reading.ms,
    wallMs: Math.round(wallMs),
  };
  if (!reading.ok) return { ...base, status: "refused", reason: reading.reason, message: REFUSAL_MESSAGES[reading.reason] ?? null };
  const c = reading.code;
  const p = photo.code;
  if (c.sittingId !== p.sittingId || c.student !== p.student || c.version !== p.version || c.bubbles !== p.bubbles || c.boxes !== p.boxes) {
    // Every row would land on the wrong student or version.
    return { ...base, status: "misread", reason: null, message: null, wrong: photo.truth.length };
  }
  const out: SheetOutcome = { ...base, status: "read", reason: null, message: null };
  for (const t of photo.truth) {
    const read = reading.rows.find((r) => r.n === t.n);
    const verdict = read ? rowVerdict(read, t.question.type, questionLetters(t.question)) : ({ answer: null, flag: "unsure" } as const);
    if (read) {
      const letters = questionLetters(t.question);
      read.fill.forEach((f, i) => {
        const l = "ABCDE"[i];
        const kind = t.marked.includes(l) ? t.style : l === t.erased ? "smudge" : letters.includes(l) ? "clean" : null;
        if (kind) (out.darkness[kind] ??= []).push(f);
      });
    }
    const style = tally(out.styles, t.expect === "flag" && t.style !== "empty" ? "two marks" : t.style);
    style.rows++;
    const miss: RowMiss = {
      n: t.n,
      style: t.style,
      expect: t.expect,
      got: verdict.answer ?? verdict.flag,
      fill: read?.fill.map((f) => Math.round(f * 100) / 100),
    };
    const got = verdict.answer === null ? "flag" : verdict.answer.join() === (t.expect === "flag" ? null : t.expect.join()) ? "right" : "other";
    if (t.expect === "flag" && got === "flag") {
      out.flaggedAsNeeded++;
      style.right++;
    } else if (got === "flag") {
      out.flagged++;
      out.flaggedRows.push(miss);
      style.flagged++;
    } else if (got === "right") {
      out.right++;
      style.right++;
    } else {
      out.wrong++;
      out.wrongRows.push(miss);
      style.wrong++;
    }
  }
  out.right += out.flaggedAsNeeded;
  return out;
}

const percentile = (xs: number[], q: number) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};

export type Tally = { rows: number; right: number; flagged: number; wrong: number };

/** The figures of a run: rows right / flagged / wrong, sheets refused and why, time per sheet; by style and by size. */
export function summarize(outcomes: readonly SheetOutcome[]) {
  const read = outcomes.filter((o) => o.status === "read");
  const sum = (f: (o: SheetOutcome) => number, of = outcomes) => of.reduce((s, o) => s + f(o), 0);
  // The 2 % is of the rows that had an answer to find: a row that must be flagged is flagged by design.
  const answerable = sum((o) => o.rows - o.flaggedAsNeeded - o.wrongRows.filter((w) => w.expect === "flag").length, read);
  const byStyle: Record<string, Tally> = {};
  for (const o of read)
    for (const [k, t] of Object.entries(o.styles)) {
      const into = tally(byStyle, k);
      into.rows += t.rows;
      into.right += t.right;
      into.flagged += t.flagged;
      into.wrong += t.wrong;
    }
  const bySize: Record<string, { sheets: number; refused: number; flagged: number; wrong: number; msP50: number }> = {};
  for (const size of [...new Set(outcomes.map((o) => o.size))]) {
    const of = outcomes.filter((o) => o.size === size);
    bySize[size] = {
      sheets: of.length,
      refused: of.filter((o) => o.status === "refused").length,
      flagged: sum((o) => o.flagged, of),
      wrong: sum((o) => o.wrong, of),
      msP50: percentile(
        of.map((o) => o.readMs),
        0.5,
      ),
    };
  }
  // How far apart marks and smudges lie: the faintest marks against the darkest smudges and clean bubbles.
  const darkness: Record<string, { n: number; min: number; p5: number; p50: number; p95: number; max: number }> = {};
  const kinds = new Set(read.flatMap((o) => Object.keys(o.darkness)));
  for (const k of kinds) {
    const all = read.flatMap((o) => o.darkness[k] ?? []);
    const r2 = (x: number) => Math.round(x * 100) / 100;
    darkness[k] = {
      n: all.length,
      min: r2(Math.min(...all)),
      p5: r2(percentile(all, 0.05)),
      p50: r2(percentile(all, 0.5)),
      p95: r2(percentile(all, 0.95)),
      max: r2(Math.max(...all)),
    };
  }
  const refusals: Record<string, number> = {};
  for (const o of outcomes) if (o.status === "refused") refusals[o.reason!] = (refusals[o.reason!] ?? 0) + 1;
  return {
    sheets: outcomes.length,
    read: read.length,
    refused: outcomes.filter((o) => o.status === "refused").length,
    misread: outcomes.filter((o) => o.status === "misread").length,
    refusals,
    rows: sum((o) => o.rows, read),
    right: sum((o) => o.right, read),
    flagged: sum((o) => o.flagged, read),
    flaggedAsNeeded: sum((o) => o.flaggedAsNeeded, read),
    wrong: sum((o) => o.wrong),
    answerableRows: answerable,
    flaggedShare: answerable ? sum((o) => o.flagged, read) / answerable : 0,
    msP50: percentile(
      outcomes.map((o) => o.readMs),
      0.5,
    ),
    msP95: percentile(
      outcomes.map((o) => o.readMs),
      0.95,
    ),
    byStyle,
    bySize,
    darkness,
  };
}
export type Summary = ReturnType<typeof summarize>;

function tally(into: Record<string, Tally>, key: string): Tally {
  return (into[key] ??= { rows: 0, right: 0, flagged: 0, wrong: 0 });
}

/** Which distortions the trouble came with: each sheet with a refusal, a flag or a wrong row, and its phone. */
export function troubleList(outcomes: readonly SheetOutcome[]): string[] {
  return outcomes
    .filter((o) => o.status !== "read" || o.flagged > 0 || o.wrong > 0)
    .map((o) => {
      const d = o.distortion;
      const phone = `${o.size} rot ${d.rotate.toFixed(1)}° tilt ${d.tilt.toFixed(1)}° blur ${d.blur.toFixed(2)} light ${d.light.toFixed(2)} shadow ${d.shadow.toFixed(2)} fill ${d.fill.toFixed(2)} noise ${d.noise.toFixed(1)} desk ${Math.round(d.desk)}`;
      const what =
        o.status === "refused"
          ? `refused (${o.reason})`
          : o.status === "misread"
            ? "QR read as another sheet"
            : [
                o.wrong ? `WRONG ${o.wrongRows.map((w) => `#${w.n} ${w.style} ${fmt(w.expect)}→${fmt(w.got)} [${w.fill?.join(" ")}]`).join(", ")}` : "",
                o.flagged ? `flagged ${o.flaggedRows.map((w) => `#${w.n} ${w.style} ${fmt(w.expect)}→${fmt(w.got)} [${w.fill?.join(" ")}]`).join(", ")}` : "",
              ]
                .filter(Boolean)
                .join("; ");
      return `page ${o.page}: ${what} | ${phone}`;
    });
}
const fmt = (x: string[] | string) => (Array.isArray(x) ? x.join("") || "∅" : x);
