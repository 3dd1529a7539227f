import { describe, expect, it } from "vitest";
import { auditActionColor } from "@adesua/domain/rules";
import { actorLine, entityKind, formatLogDate, truncatedJson } from "./log-format";
import { pageWindow } from "./numbered-pager";

describe("audit log display rules", () => {
  it("shows dates en-US with a 12-hour clock and seconds, and says when there is none", () => {
    expect(formatLogDate(new Date(2026, 10, 22, 20, 5, 9).toISOString())).toBe("11/22/2026, 8:05:09 PM");
    expect(formatLogDate(null)).toBe("No Date");
    expect(formatLogDate("yesterday-ish")).toBe("Invalid Date");
  });

  it("cuts long JSON and keeps short JSON whole", () => {
    expect(truncatedJson({ title: "A" })).toBe('{"title":"A"}');
    const long = truncatedJson({ text: "x".repeat(200) }, 40);
    expect(long).toHaveLength(40);
    expect(long.endsWith("…")).toBe(true);
  });

  it("colours actions as the spec says: create green, update blue, delete red, login purple, logout grey, others yellow", () => {
    expect(["create", "Created", "update", "updated", "delete", "DELETED", "login", "logout", "regrade"].map(auditActionColor)).toEqual([
      "green",
      "green",
      "blue",
      "blue",
      "red",
      "red",
      "violet",
      "gray",
      "yellow",
    ]);
  });

  it("picks an icon by entity type", () => {
    expect(["user", "Course", "quiz", "submission", "question", "audit_log", "thing"].map(entityKind)).toEqual([
      "user",
      "course",
      "quiz",
      "result",
      "question",
      "log",
      "other",
    ]);
  });

  it("numbers the pages around the current one, with the first and the last", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(50, 5000)).toEqual([1, "gap", 49, 50, 51, "gap", 5000]);
    expect(pageWindow(5000, 5000)).toEqual([1, "gap", 4999, 5000]);
  });
});

describe("who did it", () => {
  const base = { userId: 5, actorName: "Mrs Adjoa Boateng", actorRole: "admin" as const, impersonatorId: null, impersonatorName: null };
  it("names the actor and their role", () => {
    expect(actorLine(base)).toBe("Mrs Adjoa Boateng (admin)");
  });
  it("names the admin who acted as someone else", () => {
    expect(actorLine({ ...base, actorName: "Mr Owusu", actorRole: "teacher", impersonatorId: 1, impersonatorName: "Mrs Boateng" })).toBe(
      "Mr Owusu (teacher), by Mrs Boateng acting as them",
    );
  });
  it("says System when no one signed in did it, and keeps the id of a removed account", () => {
    expect(actorLine({ ...base, userId: null, actorName: null, actorRole: null })).toBe("System");
    expect(actorLine({ ...base, userId: 59, actorName: null, actorRole: null })).toBe("User 59 (removed)");
  });
});
