import { describe, expect, it } from "vitest";
import { ordinal } from "@adesua/domain";
import { ordinalText, scoreText } from "./format";

describe("report figures", () => {
  it("writes positions as the domain's ordinal does, and a dash for none", () => {
    for (let n = 1; n <= 250; n++) expect(ordinalText(n), String(n)).toBe(ordinal(n));
    expect(ordinalText(null)).toBe("—");
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111, 112].map(ordinalText)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "101st",
      "111th",
      "112th",
    ]);
  });

  it("writes scores with at most two decimals, and a dash for none", () => {
    expect([71.4333, 60, 84.5, 0].map(scoreText)).toEqual(["71.43", "60", "84.5", "0"]);
    expect(scoreText(null)).toBe("—");
    expect(scoreText(undefined)).toBe("—");
  });
});
