import { describe, expect, it } from "vitest";
import { assertCanManageSitting } from "./sittings.policy";

const quiz = (teacherId: number | null, courseTeacherId: number | null) => ({
  quiz: { studentType: "jhs1", teacherId, status: "published" },
  course: { teacherId: courseTeacherId },
});
const viewer = (id: number, role: "student" | "teacher" | "admin") => ({ id, role, studentType: role === "student" ? ("jhs1" as const) : null });

describe("sittings policy", () => {
  it.each([
    ["an admin, any quiz", viewer(1, "admin"), quiz(5, 6), null],
    ["the quiz's teacher", viewer(5, "teacher"), quiz(5, 6), null],
    ["the course's teacher", viewer(6, "teacher"), quiz(5, 6), null],
    ["another teacher: not found", viewer(7, "teacher"), quiz(5, 6), 404],
    ["a student of the level: forbidden", viewer(8, "student"), quiz(5, 6), 403],
  ])("%s", (_name, v, q, status) => {
    const run = () => assertCanManageSitting(v as never, q);
    if (status === null) expect(run).not.toThrow();
    else expect(run).toThrow(expect.objectContaining({ statusCode: status }));
  });
});
