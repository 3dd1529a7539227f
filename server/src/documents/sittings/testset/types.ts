import type { QuestionType } from "@adesua/domain";
import type { SheetCode } from "../layout.ts";

/**
 * The test set of photographed answer sheets (issue 29, "Accuracy, measured"): what a caller asks for and what it gets
 * back. A sheet is a page of a printed sitting PDF, filled in by a make-believe student and photographed by a
 * make-believe phone; everything is seeded, so the same request always gives the same bytes.
 */

/**
 * How a student marked a row's letters.
 * - `solid`: filled in with a pen or a soft pencil (a neat ellipse, or a scribble that covers most of the bubble);
 * - `tick` / `cross`: a tick or a cross over the bubble, as many students mark a choice;
 * - `pencil`: a light, patchy grey pencil fill (a person still reads it as marked);
 * - `erased`: the student marked one bubble, rubbed it out (a faint smudge is left) and filled another firmly:
 *   `letters` are the firm marks, `erased` the rubbed-out letter (a neighbour when not given).
 */
export type MarkStyle = "solid" | "tick" | "cross" | "pencil" | "erased";
export const MARK_STYLES: readonly MarkStyle[] = ["solid", "tick", "cross", "pencil", "erased"];

/** One bubble row as the student left it: `letters: []` is an empty row; two letters on a one-answer question are two marks. */
export type RowMarks = { letters: string[]; style: MarkStyle; erased?: string };

/** The question behind a row: its kind and how many options it has (letters A… in printed order). */
export type RowQuestion = { type: QuestionType; options: number };

/**
 * What the phone did to the sheet. Every field has a gentle default (a square, evenly lit, sharp photo filling most of
 * the frame), so a caller names only what it wants to vary.
 */
export type Distortion = {
  /** The photo's size in pixels (portrait): 1,200 × 1,600 or 3,000 × 4,000 in the test set. */
  width: number;
  height: number;
  /** The sheet turned in the picture, in degrees (−20…20). */
  rotate: number;
  /** How far the phone leans away from square-on, in degrees (0…15): the sheet becomes a trapezium. */
  tilt: number;
  /** Which way it leans, in degrees (0: the top of the sheet further away). */
  tiltDirection: number;
  /** The sheet's share of the frame (its larger side against the frame's), 0.6…0.95. */
  fill: number;
  /** Where the sheet sits in the space left over: −1…1 on each axis (0 centred). */
  shiftX: number;
  shiftY: number;
  /** Out of focus or shaken: Gaussian blur, sigma in pixels of a 1,200 px wide photo (scaled with the size); 0 sharp. */
  blur: number;
  /** JPEG quality (the test set uses 50). */
  quality: number;
  /** Uneven light: the darkest side of the picture at (1 − light) of the brightest; 0 even. */
  light: number;
  /** The side the light comes from, in degrees. */
  lightDirection: number;
  /** A shadow (a hand, the phone) across part of the sheet: that part at (1 − shadow) of the light; 0 none. */
  shadow: number;
  /** The shadow's edge: its angle in degrees and where it crosses the middle of the picture (−0.5…0.5 of the width). */
  shadowAngle: number;
  shadowOffset: number;
  /** Sensor noise, in grey levels (about 4 on a phone in daylight, 10 indoors). */
  noise: number;
  /** The desk under the sheet: its brightness, 0–255 (a darker wooden or painted desk, 50…140). */
  desk: number;
};

export const DEFAULT_DISTORTION: Distortion = {
  width: 1200,
  height: 1600,
  rotate: 0,
  tilt: 0,
  tiltDirection: 0,
  fill: 0.88,
  shiftX: 0,
  shiftY: 0,
  blur: 0,
  quality: 85,
  light: 0,
  lightDirection: 0,
  shadow: 0,
  shadowAngle: 30,
  shadowOffset: 0.2,
  noise: 3,
  desk: 95,
};

/** One photo to make: a page of the printed PDF, the marks on it, and the phone. */
export type SheetRequest = {
  /** The page of the PDF (from 1) that holds the answer sheet. */
  page: number;
  /** Marks by row number; a row not named is left empty. */
  answers: Record<number, RowMarks>;
  /**
   * The questions behind the rows, by row number, for the ground truth (a two-letter row is an answer on a
   * multiple-answer question, a flag on any other); a row not named is a four-option single-choice question.
   */
  questions?: Record<number, RowQuestion>;
  /** Scribble a name on the name line (as on a blank sheet). */
  name?: boolean;
  /** Write something in these written boxes (their numbers; `true`: every box). */
  boxes?: number[] | boolean;
  distortion?: Partial<Distortion>;
  /** Seeds the hand (where marks fall, how they wobble) and the photo's noise; default: derived from the page. */
  seed?: number;
};

/** The right outcome of a row: the letters that must be recorded, or "flag" (two marks, empty: never to be guessed). */
export type RowTruth = {
  n: number;
  expect: string[] | "flag";
  style: MarkStyle | "empty";
  question: RowQuestion;
  /** The letters marked, and the rubbed-out one (erased-then-changed), for the measure's darkness figures. */
  marked: string[];
  erased?: string;
};

export type SheetPhoto = {
  page: number;
  /** What the page's own QR code says (read from the clean render). */
  code: SheetCode;
  jpeg: Buffer;
  width: number;
  height: number;
  distortion: Distortion;
  /** One entry per bubble row of the sheet, in order. */
  truth: RowTruth[];
  /** The written boxes that were written in. */
  written: number[];
  /** Time spent making it, in ms. */
  ms: number;
};
