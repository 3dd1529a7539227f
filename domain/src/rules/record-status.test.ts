import { describe, expect, it } from "vitest";
import { recordColor, recordStatus, scoreColor } from "./record-status";

describe("recordStatus", () => {
  it("is Passed, Failed, or Completed while unknown", () => {
    expect(recordStatus({ passed: true })).toBe("Passed");
    expect(recordStatus({ passed: false })).toBe("Failed");
    expect(recordStatus({ passed: null })).toBe("Completed");
    expect(recordStatus({ passed: undefined })).toBe("Completed");
  });
});

describe("scoreColor", () => {
  it("is green from 80, yellow from 60, red below", () => {
    expect(scoreColor(100)).toBe("green");
    expect(scoreColor(80)).toBe("green");
    expect(scoreColor(79.99)).toBe("yellow");
    expect(scoreColor(60)).toBe("yellow");
    expect(scoreColor(59.99)).toBe("red");
    expect(scoreColor(0)).toBe("red");
  });
  it("is gray without a score", () => {
    expect(scoreColor(null)).toBe("gray");
    expect(scoreColor(undefined)).toBe("gray");
  });
});

describe("recordColor", () => {
  it("follows passed when known and the thresholds when unknown", () => {
    expect(recordColor({ passed: true, score: 55 })).toBe("green");
    expect(recordColor({ passed: false, score: 95 })).toBe("red");
    expect(recordColor({ passed: null, score: 65 })).toBe("yellow");
    expect(recordColor({ passed: null, score: null })).toBe("gray");
  });
});
