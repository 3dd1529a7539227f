import { describe, expect, it } from "vitest";
import { canAttempt, countdownText, quizTimeStatus, studentAvailability } from "./quiz-availability";

const now = new Date("2026-03-10T12:00:00Z");
const at = (deltaMs: number) => new Date(now.getTime() + deltaMs).toISOString();
const H = 3_600_000;
const D = 24 * H;

describe("quizTimeStatus", () => {
  it("treats missing bounds as open", () => {
    expect(quizTimeStatus({ openTime: null, closeTime: null }, now)).toBe("active");
    expect(quizTimeStatus({ openTime: undefined, closeTime: "" }, now)).toBe("active");
  });
  it("is upcoming until the open time, active at it", () => {
    expect(quizTimeStatus({ openTime: at(1), closeTime: null }, now)).toBe("upcoming");
    expect(quizTimeStatus({ openTime: at(0), closeTime: null }, now)).toBe("active");
  });
  it("is active at the close time and closed after it", () => {
    expect(quizTimeStatus({ openTime: null, closeTime: at(0) }, now)).toBe("active");
    expect(quizTimeStatus({ openTime: null, closeTime: at(-1) }, now)).toBe("closed");
  });
});

describe("studentAvailability", () => {
  const open = { openTime: at(-H), closeTime: at(H) };
  it("puts the window before the attempt limit", () => {
    const maxed = { canAttempt: false, currentAttempts: 1, maxAttempts: 1 };
    expect(studentAvailability({ openTime: at(H), closeTime: null }, maxed, now)).toBe("upcoming");
    expect(studentAvailability({ openTime: null, closeTime: at(-H) }, maxed, now)).toBe("closed");
    expect(studentAvailability(open, maxed, now)).toBe("maxed");
  });
  it("is available inside the window with attempts left, or when the lookup failed", () => {
    expect(studentAvailability(open, { canAttempt: true, currentAttempts: 0, maxAttempts: null }, now)).toBe("available");
    expect(studentAvailability(open, null, now)).toBe("available");
  });
});

describe("countdownText", () => {
  it("counts down to opening in days and hours", () => {
    expect(countdownText({ openTime: at(2 * D + 3 * H + 5), closeTime: null }, now)).toBe("Opens in 2d 3h");
    expect(countdownText({ openTime: at(30 * 60_000), closeTime: null }, now)).toBe("Opens in 0d 0h");
  });
  it("counts down to closing, dropping days under a day", () => {
    expect(countdownText({ openTime: null, closeTime: at(D + 2 * H) }, now)).toBe("1d 2h remaining");
    expect(countdownText({ openTime: null, closeTime: at(D) }, now)).toBe("1d 0h remaining");
    expect(countdownText({ openTime: null, closeTime: at(D - 1) }, now)).toBe("23h remaining");
    expect(countdownText({ openTime: null, closeTime: at(59 * 60_000) }, now)).toBe("0h remaining");
  });
  it("says no time limit without a close time, and Closed after it", () => {
    expect(countdownText({ openTime: at(-H), closeTime: null }, now)).toBe("No time limit");
    expect(countdownText({ openTime: null, closeTime: at(-1) }, now)).toBe("Closed");
  });
});

describe("canAttempt", () => {
  it("is unlimited without a maximum and stops at it", () => {
    expect(canAttempt(99, null)).toBe(true);
    expect(canAttempt(2, 3)).toBe(true);
    expect(canAttempt(3, 3)).toBe(false);
  });
});
