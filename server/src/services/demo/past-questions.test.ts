import { describe, expect, it } from "vitest";
import { fingerprintOf } from "../question-bank/question-bank.service";
import { demoBankGroups } from "./past-questions";

describe("the demo question bank", () => {
  const groups = demoBankGroups();

  it("has three subjects × two years × sections A and B, about ten questions a group", () => {
    const keys = new Set(groups.map((g) => `${g.subject}|${g.year}|${g.section}`));
    expect(new Set(groups.map((g) => g.subject)).size).toBe(3);
    expect(keys.size).toBe(12);
    for (const g of groups) expect(g.questions.length, `${g.subject} ${g.year} ${g.section}`).toBeGreaterThanOrEqual(9);
  });

  it("has no duplicates, four distinct options each, and a key that is one of them", () => {
    const all = groups.flatMap((g) => g.questions);
    expect(new Set(all.map((q) => fingerprintOf(q.q, q.options))).size).toBe(all.length);
    for (const q of all) {
      expect(new Set(q.options).size, q.q).toBe(4);
      expect(q.options[q.answer], q.q).toBeDefined();
    }
  });

  it("works Mathematics keys out correctly", () => {
    const maths = groups.filter((g) => g.subject === "Mathematics").flatMap((g) => g.questions);
    for (const q of maths) {
      const solve = /^Solve for x: (\d+)x \+ (\d+) = (\d+)\.$/.exec(q.q);
      if (solve) expect(Number(q.options[q.answer]) * Number(solve[1]) + Number(solve[2])).toBe(Number(solve[3]));
      const hcf = /HCF\) of (\d+) and (\d+)/.exec(q.q);
      if (hcf) {
        const h = Number(q.options[q.answer]);
        expect(Number(hcf[1]) % h).toBe(0);
        expect(Number(hcf[2]) % h).toBe(0);
      }
    }
  });
});
