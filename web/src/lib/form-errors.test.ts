import { describe, expect, it } from "vitest";
import { issuesToFieldErrors } from "./form-errors";

describe("issuesToFieldErrors", () => {
  const issues = [
    { path: ["title"], message: "Title is required" },
    { path: ["title"], message: "Title must be at most 200 characters" },
    { path: ["questions", 2, "options"], message: "Options cannot be empty" },
    { path: ["timedSections"], message: "Timed sections must be a list of sections" },
  ];

  it("keeps the first message per field, keyed by the dotted path", () => {
    expect(issuesToFieldErrors(issues)).toEqual({
      title: "Title is required",
      "questions.2.options": "Options cannot be empty",
      timedSections: "Timed sections must be a list of sections",
    });
  });

  it("renames paths to form fields and drops the ones the form does not show", () => {
    expect(issuesToFieldErrors(issues, (p) => (p === "title" ? "name" : null))).toEqual({ name: "Title is required" });
  });
});
