import { describe, expect, it } from "vitest";
import { examRunning, noteExamTraffic } from "./exam-traffic";

describe("exam traffic", () => {
  it("says an exam runs for two seconds after an attempt request, then not", () => {
    noteExamTraffic(10_000);
    expect(examRunning(10_000)).toBe(true);
    expect(examRunning(11_999)).toBe(true);
    expect(examRunning(12_000)).toBe(false);
    expect(examRunning(12_500, 5_000)).toBe(true);
  });
});
