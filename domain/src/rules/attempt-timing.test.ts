import { describe, expect, it } from "vitest";
import {
  advanceSection,
  attemptStartRefusal,
  reviewAllowed,
  attemptDeadline,
  DEADLINE_GRACE_MS,
  isPastDeadline,
  questionOpenness,
  sectionDeadline,
  sectionOfQuestion,
  sectionsEnd,
  settleSections,
  type TimedSectionRule,
  type TimingQuiz,
} from "./attempt-timing";

const start = new Date("2026-03-10T09:00:00Z");
const at = (ms: number) => new Date(start.getTime() + ms);
const MIN = 60_000;
const quiz = (over: Partial<TimingQuiz> = {}): TimingQuiz => ({ timeLimit: null, closeTime: null, resetTimerOnAttempt: true, timedSections: [], ...over });
const sections: TimedSectionRule[] = [
  { name: "A", startIndex: 0, endIndex: 1, timeLimit: 10 },
  { name: "B", startIndex: 2, endIndex: 3, timeLimit: 5 },
  { name: "C", startIndex: 4, endIndex: 5, timeLimit: 5 },
];

describe("attemptDeadline", () => {
  it("is null without any limit", () => {
    expect(attemptDeadline(quiz(), start)).toBeNull();
  });
  it("is the start plus the time limit", () => {
    expect(attemptDeadline(quiz({ timeLimit: 30 }), start)).toEqual(at(30 * MIN));
  });
  it("is the close time when that comes first", () => {
    expect(attemptDeadline(quiz({ timeLimit: 30, closeTime: at(10 * MIN).toISOString() }), start)).toEqual(at(10 * MIN));
    expect(attemptDeadline(quiz({ timeLimit: 30, closeTime: at(40 * MIN) }), start)).toEqual(at(30 * MIN));
    expect(attemptDeadline(quiz({ closeTime: at(40 * MIN) }), start)).toEqual(at(40 * MIN));
  });
  it("runs from the first attempt's start when the timer is not reset", () => {
    const first = at(-20 * MIN);
    expect(attemptDeadline(quiz({ timeLimit: 30, resetTimerOnAttempt: false }), start, first)).toEqual(at(10 * MIN));
    expect(attemptDeadline(quiz({ timeLimit: 30, resetTimerOnAttempt: true }), start, first)).toEqual(at(30 * MIN));
    expect(attemptDeadline(quiz({ timeLimit: 30, resetTimerOnAttempt: false }), start, null)).toEqual(at(30 * MIN));
  });
  it("is never later than the end of all timed sections", () => {
    expect(attemptDeadline(quiz({ timedSections: sections }), start)).toEqual(at(20 * MIN));
    expect(attemptDeadline(quiz({ timeLimit: 15, timedSections: sections }), start)).toEqual(at(15 * MIN));
    const untimed = [...sections.slice(0, 2), { name: "C", startIndex: 4, endIndex: 5, timeLimit: null }];
    expect(attemptDeadline(quiz({ timedSections: untimed }), start)).toBeNull();
  });
  it("ignores the close time for staff previews", () => {
    expect(attemptDeadline(quiz({ timeLimit: 30, closeTime: at(-MIN) }), start, null, { ignoreCloseTime: true })).toEqual(at(30 * MIN));
  });
});

describe("isPastDeadline", () => {
  it("accepts until the grace is over", () => {
    const d = at(0);
    expect(isPastDeadline(d, at(DEADLINE_GRACE_MS))).toBe(false);
    expect(isPastDeadline(d, at(DEADLINE_GRACE_MS + 1))).toBe(true);
    expect(isPastDeadline(null, at(1e12))).toBe(false);
    expect(DEADLINE_GRACE_MS).toBe(5000);
  });
});

describe("sections", () => {
  it("finds a question's section and whether it is open", () => {
    expect(sectionOfQuestion(sections, 0)).toBe(0);
    expect(sectionOfQuestion(sections, 3)).toBe(1);
    expect(sectionOfQuestion(sections, 9)).toBe(-1);
    expect(questionOpenness(sections, 1, 1)).toBe("ended");
    expect(questionOpenness(sections, 1, 2)).toBe("open");
    expect(questionOpenness(sections, 1, 4)).toBe("upcoming");
    expect(questionOpenness(sections, 1, 9)).toBe("open");
  });
  it("ends a section at its limit, never after the attempt's deadline", () => {
    expect(sectionDeadline(sections[0], start, null)).toEqual(at(10 * MIN));
    expect(sectionDeadline(sections[0], start, at(5 * MIN))).toEqual(at(5 * MIN));
    expect(sectionDeadline({ ...sections[0], timeLimit: null }, start, null)).toBeNull();
    expect(sectionDeadline({ ...sections[0], timeLimit: 0 }, start, at(MIN))).toEqual(at(MIN));
    expect(sectionsEnd(sections, 1, start)).toEqual(at(10 * MIN));
  });
  it("keeps a section open through the grace, then starts the next when the time ran out", () => {
    const s0 = { currentSection: 0, sectionStartedAt: start };
    expect(settleSections(sections, s0, null, at(10 * MIN + DEADLINE_GRACE_MS)).currentSection).toBe(0);
    const s = settleSections(sections, s0, null, at(10 * MIN + DEADLINE_GRACE_MS + 1));
    expect(s).toMatchObject({ currentSection: 1, sectionStartedAt: at(10 * MIN), finished: false });
  });
  it("ends several sections at once after a long absence, and finishes after the last", () => {
    const s0 = { currentSection: 0, sectionStartedAt: start };
    expect(settleSections(sections, s0, null, at(16 * MIN))).toMatchObject({ currentSection: 2, sectionStartedAt: at(15 * MIN) });
    const done = settleSections(sections, s0, null, at(60 * MIN));
    expect(done).toMatchObject({ currentSection: 3, finished: true, finishedAt: at(20 * MIN) });
  });
  it("moves on early and brings the attempt's deadline closer", () => {
    const s0 = { currentSection: 0, sectionStartedAt: start };
    const d = attemptDeadline(quiz({ timedSections: sections }), start);
    const a = advanceSection(sections, s0, d, at(2 * MIN), 0);
    expect(a).toMatchObject({ moved: true, currentSection: 1, sectionStartedAt: at(2 * MIN), finished: false, deadline: at(12 * MIN) });
  });
  it("does not move twice when the same request is repeated", () => {
    const s1 = { currentSection: 1, sectionStartedAt: at(2 * MIN) };
    const again = advanceSection(sections, s1, at(12 * MIN), at(3 * MIN), 0);
    expect(again).toMatchObject({ moved: false, currentSection: 1, sectionStartedAt: at(2 * MIN) });
  });
  it("never gives the grace as extra time to the next section", () => {
    const s0 = { currentSection: 0, sectionStartedAt: start };
    const a = advanceSection(sections, s0, null, at(10 * MIN + 3000), 0);
    expect(a.sectionStartedAt).toEqual(at(10 * MIN));
  });
  it("finishes when moving on from the last section", () => {
    const s2 = { currentSection: 2, sectionStartedAt: at(MIN) };
    expect(advanceSection(sections, s2, null, at(2 * MIN), 2)).toMatchObject({ moved: true, finished: true, finishedAt: at(2 * MIN) });
  });
  it("has nothing to settle without sections", () => {
    expect(settleSections([], { currentSection: 0, sectionStartedAt: start }, null, at(1e9))).toMatchObject({ finished: false, currentSection: 0 });
  });
});

describe("attemptStartRefusal and reviewAllowed", () => {
  const q = (over: Partial<Parameters<typeof attemptStartRefusal>[0]> = {}) => ({ ...quiz(), openTime: null, maxAttempts: null, ...over });
  const none = { count: 0, firstStartedAt: null };
  it("follows the window with both bounds inclusive", () => {
    expect(attemptStartRefusal(q({ openTime: at(1) }), none, start)).toBe("upcoming");
    expect(attemptStartRefusal(q({ openTime: at(0) }), none, start)).toBeNull();
    expect(attemptStartRefusal(q({ closeTime: at(0) }), none, start)).toBeNull();
    expect(attemptStartRefusal(q({ closeTime: at(-1) }), none, start)).toBe("closed");
  });
  it("stops at the attempt limit", () => {
    expect(attemptStartRefusal(q({ maxAttempts: 2 }), { count: 1, firstStartedAt: at(-MIN) }, start)).toBeNull();
    expect(attemptStartRefusal(q({ maxAttempts: 2 }), { count: 2, firstStartedAt: at(-MIN) }, start)).toBe("maxed");
    expect(attemptStartRefusal(q(), { count: 99, firstStartedAt: at(-MIN) }, start)).toBeNull();
  });
  it("stops when a shared timer has run out", () => {
    const shared = q({ timeLimit: 10, resetTimerOnAttempt: false });
    expect(attemptStartRefusal(shared, { count: 1, firstStartedAt: at(-10 * MIN + 1) }, start)).toBeNull();
    expect(attemptStartRefusal(shared, { count: 1, firstStartedAt: at(-10 * MIN) }, start)).toBe("timeUsed");
    expect(attemptStartRefusal({ ...shared, resetTimerOnAttempt: true }, { count: 1, firstStartedAt: at(-60 * MIN) }, start)).toBeNull();
  });
  it("shows answers only once the quiz has closed for everyone, never on a used-up throwaway account", () => {
    const rq = (over: Partial<Parameters<typeof reviewAllowed>[0]> = {}) => ({
      closeTime: null,
      showAnswers: "after_close",
      practice: false,
      answersReleasedAt: null,
      ...over,
    });
    // The issue-8 exploit: attempts used up on an open quiz reveal nothing.
    expect(reviewAllowed(rq({ closeTime: at(MIN) }), "maxed", start)).toBe(false);
    expect(reviewAllowed(rq({ closeTime: at(MIN) }), "timeUsed", start)).toBe(false);
    expect(reviewAllowed(rq(), "maxed", start)).toBe(false);
    expect(reviewAllowed(rq({ closeTime: at(0) }), null, start)).toBe(false);
    expect(reviewAllowed(rq({ closeTime: at(-1) }), "closed", start)).toBe(true);
    expect(reviewAllowed(rq({ closeTime: at(-1), showAnswers: "never" }), "closed", start)).toBe(false);
    expect(reviewAllowed(rq({ answersReleasedAt: at(0) }), null, start)).toBe(true);
    expect(reviewAllowed(rq({ answersReleasedAt: at(1) }), null, start)).toBe(false);
    expect(reviewAllowed(rq({ showAnswers: "never", answersReleasedAt: at(-1) }), null, start)).toBe(true);
    expect(reviewAllowed(rq({ showAnswers: "after_last_attempt", practice: true }), "maxed", start)).toBe(true);
    expect(reviewAllowed(rq({ showAnswers: "after_last_attempt", practice: true }), null, start)).toBe(false);
    // Not a practice quiz: after_last_attempt is refused on write, and the rule never honours it either.
    expect(reviewAllowed(rq({ showAnswers: "after_last_attempt", practice: false }), "maxed", start)).toBe(false);
  });
});
