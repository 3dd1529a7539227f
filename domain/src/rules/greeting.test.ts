import { describe, expect, it } from "vitest";
import { greetingFor } from "./greeting";

const at = (h: number, m = 0) => new Date(2026, 0, 5, h, m);

describe("greetingFor", () => {
  it("says good morning until 11:59", () => {
    expect(greetingFor(at(0))).toBe("Good morning");
    expect(greetingFor(at(11, 59))).toBe("Good morning");
  });
  it("says good afternoon from 12:00 until 16:59", () => {
    expect(greetingFor(at(12))).toBe("Good afternoon");
    expect(greetingFor(at(16, 59))).toBe("Good afternoon");
  });
  it("says good evening from 17:00", () => {
    expect(greetingFor(at(17))).toBe("Good evening");
    expect(greetingFor(at(23, 59))).toBe("Good evening");
  });
});
