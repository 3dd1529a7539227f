import { describe, expect, it } from "vitest";
import { MOCK_MESSAGES } from "@adesua/domain";
import { assertCanEnterMarks, assertCanManageMocks, assertStudentMayReadResults, canManageMocks, studentMaySee, visibleMocksSql } from "./mocks.policy";
import { statusOf, viewerAs } from "./policy-test-kit";

describe("mocks policy", () => {
  it("only admins manage mocks", () => {
    expect(canManageMocks(viewerAs("admin"))).toBe(true);
    expect(statusOf(() => assertCanManageMocks(viewerAs("teacher")))).toBe(403);
    expect(statusOf(() => assertCanManageMocks(viewerAs("student")))).toBe(403);
    expect(statusOf(() => assertCanManageMocks(viewerAs("admin")))).toBe(200);
  });

  it("marks: admins any paper, a teacher their subjects' only (403), a student never (404)", () => {
    expect(statusOf(() => assertCanEnterMarks(viewerAs("admin"), false))).toBe(200);
    expect(statusOf(() => assertCanEnterMarks(viewerAs("teacher"), true))).toBe(200);
    expect(statusOf(() => assertCanEnterMarks(viewerAs("teacher"), false))).toBe(403);
    expect(statusOf(() => assertCanEnterMarks(viewerAs("student"), true))).toBe(404);
    try {
      assertCanEnterMarks(viewerAs("teacher"), false);
    } catch (e) {
      expect((e as Error).message).toBe(MOCK_MESSAGES.notYourSubject);
    }
  });

  it("students read results only once released; their own level's mocks only", () => {
    expect(statusOf(() => assertStudentMayReadResults(viewerAs("student"), false))).toBe(403);
    expect(statusOf(() => assertStudentMayReadResults(viewerAs("student"), true))).toBe(200);
    expect(statusOf(() => assertStudentMayReadResults(viewerAs("teacher"), false))).toBe(200);
    expect(studentMaySee(viewerAs("student", 1, "jhs3"), "jhs3")).toBe(true);
    expect(studentMaySee(viewerAs("student", 1, "jhs3"), "jhs2")).toBe(false);
    expect(studentMaySee(viewerAs("teacher"), "jhs3")).toBe(false);
    expect(visibleMocksSql({ id: 1, role: "student", studentType: null })).toBeTruthy();
  });
});
