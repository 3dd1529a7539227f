import { describe, expect, it } from "vitest";
import { changedFields } from "./audit";

describe("changedFields", () => {
  it("keeps only the fields that changed", () => {
    expect(changedFields({ a: 1, b: "x", c: [1] }, { a: 1, b: "y", c: [1, 2] })).toEqual({
      before: { b: "x", c: [1] },
      after: { b: "y", c: [1, 2] },
    });
  });
  it("drops secrets even when they changed", () => {
    const r = changedFields({ passwordHash: "h1", name: "A" }, { passwordHash: "h2", name: "A" });
    expect(r).toEqual({ before: null, after: null });
  });
  it("keeps grades whose names start like a secret's (passed, passingScore), but never a pass or a token", () => {
    const r = changedFields({ passed: false, passingScore: 50, pass: "a", token: "t1" }, { passed: true, passingScore: 60, pass: "b", token: "t2" });
    expect(r).toEqual({ before: { passed: false, passingScore: 50 }, after: { passed: true, passingScore: 60 } });
  });
});
