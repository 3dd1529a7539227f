import { describe, expect, it } from "vitest";
import type { Viewer } from "../lib/viewer";
import { assertCanSeeQuizPerformance } from "./performance.policy";

const quiz = (teacherId: number | null, courseTeacher: number | null) => ({ quiz: { studentType: "jhs1", teacherId }, course: { teacherId: courseTeacher } });
const v = (role: Viewer["role"], id = 7): Viewer => ({ id, role, studentType: role === "student" ? "jhs1" : null });

describe("performance policy", () => {
  it.each([
    ["admin", quiz(1, 1), true],
    ["teacher who made the quiz", quiz(7, 1), true],
    ["teacher of the course", quiz(1, 7), true],
    ["teacher of another course", quiz(1, 2), false],
    ["student of the level", quiz(7, 7), false],
  ] as const)("%s", (who, row, allowed) => {
    const role = who.startsWith("admin") ? "admin" : who.startsWith("teacher") ? "teacher" : "student";
    const check = () => assertCanSeeQuizPerformance(v(role), row);
    if (allowed) expect(check).not.toThrow();
    else expect(check).toThrow(expect.objectContaining({ statusCode: 403 }));
  });
});
