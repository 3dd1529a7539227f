import { describe, expect, it } from "vitest";
import { ClockSync, formatClock, milestoneCrossed, remainingMs, sampleOffset, urgency } from "./clock";

describe("drift-corrected quiz clock", () => {
  it("reads the server's time at the midpoint of the round trip", () => {
    // Sent at local 1000, answered at local 1400; the server said 10 200: offset 10 200 − 1200.
    expect(sampleOffset(10_200, 1000, 1400)).toEqual({ offset: 9000, uncertainty: 200 });
  });

  it("shows the server's remaining time even when the device clock is ten minutes fast", () => {
    let local = Date.UTC(2026, 2, 12, 10, 10, 0); // the device thinks 10:10
    const server = Date.UTC(2026, 2, 12, 10, 0, 0); // the server says 10:00
    const clock = new ClockSync(() => local);
    clock.sample(server, local, local);
    const deadline = server + 30 * 60_000; // 10:30 on the server
    expect(remainingMs(deadline, clock.now())).toBe(30 * 60_000);
    local += 65_000;
    expect(formatClock(remainingMs(deadline, clock.now()))).toBe("28:55");
  });

  it("is not fooled by a student who winds the device clock back: the next response corrects it", () => {
    let local = 1_000_000;
    const clock = new ClockSync(() => local);
    clock.sample(5_000_000, local - 100, local + 100);
    const deadline = 5_000_000 + 60_000;
    local -= 3_600_000; // clock set back an hour
    expect(remainingMs(deadline, clock.now())).toBeGreaterThan(60_000);
    // A save's answer brings the server's time again: the estimates disagree far beyond their error, so the new one wins.
    clock.sample(5_000_010, local, local + 400);
    expect(Math.round(remainingMs(deadline, clock.now()) / 1000)).toBe(60);
  });

  it("keeps the more precise estimate when a slow answer agrees with it", () => {
    const clock = new ClockSync(() => 0);
    clock.sample(10_000, -50, 50); // offset 10 000 ± 50
    clock.sample(10_900, -1000, 1000); // offset 10 900 ± 1000: consistent, less precise
    expect(clock.offset).toBe(10_000);
    clock.sample(10_020, -10, 10); // more precise
    expect(clock.offset).toBe(10_020);
  });

  it("restores a kept estimate as slightly less precise, so any live sample can refine it", () => {
    const clock = new ClockSync(() => 0);
    clock.restore({ offset: 500, uncertainty: 100 });
    expect(clock.current).toEqual({ offset: 500, uncertainty: 1100 });
    clock.sample(700, -300, 300);
    expect(clock.offset).toBe(700);
  });

  it("never counts below zero", () => {
    expect(remainingMs(1000, 5000)).toBe(0);
  });

  it("formats minutes and seconds, hours when needed, rounding partial seconds up", () => {
    expect(formatClock(0)).toBe("00:00");
    expect(formatClock(1)).toBe("00:01");
    expect(formatClock(999)).toBe("00:01");
    expect(formatClock(59_000)).toBe("00:59");
    expect(formatClock(754_000)).toBe("12:34");
    expect(formatClock(3_723_000)).toBe("1:02:03");
    expect(formatClock(-5)).toBe("00:00");
  });

  it("announces only the milestones, and only when crossed", () => {
    expect(milestoneCrossed(null, 600_000)).toBeNull();
    expect(milestoneCrossed(601_000, 600_000)).toBe("10 minutes left");
    expect(milestoneCrossed(600_000, 599_000)).toBeNull();
    expect(milestoneCrossed(300_500, 299_800)).toBe("5 minutes left");
    expect(milestoneCrossed(60_400, 59_900)).toBe("1 minute left");
    expect(milestoneCrossed(30_100, 29_900)).toBe("30 seconds left");
    expect(milestoneCrossed(400, 0)).toBe("Time is up");
    expect(milestoneCrossed(45_000, 44_000)).toBeNull();
    // The phone slept through several: the most urgent one only.
    expect(milestoneCrossed(700_000, 20_000)).toBe("30 seconds left");
  });

  it("turns orange under five minutes and red under one", () => {
    expect(urgency(null)).toBe("normal");
    expect(urgency(300_000)).toBe("normal"); // a five-minute quiz does not start in orange
    expect(urgency(299_000)).toBe("warning");
    expect(urgency(60_000)).toBe("warning");
    expect(urgency(59_000)).toBe("danger");
  });
});
