import { describe, expect, it } from "vitest";
import { answersSavableNow } from "./attempt-timing";
import { CASES_T0, PERSONAL_BEST_CASES, SAVE_CASES, STATUS_CASES } from "./cases";
import { isPersonalBest } from "./personal-best";
import { quizTimeStatus } from "./quiz-availability";

const at = (ms: number) => new Date(CASES_T0 + ms);
const maybe = (ms: number | null) => (ms === null ? null : at(ms));

describe("the shared cases, through the rules (the server runs them through its SQL)", () => {
  it.each(SAVE_CASES)("save: $name", (c) => {
    const attempt = { status: c.status, deadline: maybe(c.deadline), currentSection: c.currentSection, sectionStartedAt: at(c.sectionStartedAt) };
    expect(answersSavableNow(attempt, c.sections, c.questions, at(c.now))).toBe(c.savable);
  });

  it.each(STATUS_CASES)("quiz status: $name", (c) => {
    expect(quizTimeStatus({ openTime: maybe(c.openTime), closeTime: maybe(c.closeTime) }, at(c.now))).toBe(c.status);
  });

  it.each(PERSONAL_BEST_CASES)("personal best: $name", (c) => {
    expect(isPersonalBest(c.score, c.earlier)).toBe(c.best);
  });
});
