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
});
