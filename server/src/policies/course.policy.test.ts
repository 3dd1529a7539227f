import { describe, expect, it } from "vitest";
import { ROLES } from "@adesua/domain";
import {
  assertCanAssignTeacher,
  assertCanCreateCourse,
  assertCanDeleteCourse,
  assertCanEditCourse,
  canEditCourse,
  canReadCourse,
  teacherOfNewCourse,
} from "./course.policy";

const ME = 7;
const mine = { teacherId: ME };
const theirs = { teacherId: 8 };
const unassigned = { teacherId: null };

describe("course policy", () => {
  it("lets every role read every course", () => {
    for (const role of ROLES) for (const c of [mine, theirs, unassigned]) expect(canReadCourse({ id: ME, role }, c)).toBe(true);
  });

  it("lets staff create courses; a teacher's new course is theirs, an admin's unassigned", () => {
    for (const role of ROLES) {
      const viewer = { id: ME, role };
      if (role === "student") expect(() => assertCanCreateCourse(viewer)).toThrow();
      else expect(() => assertCanCreateCourse(viewer)).not.toThrow();
    }
    expect(teacherOfNewCourse({ id: ME, role: "teacher" })).toBe(ME);
    expect(teacherOfNewCourse({ id: ME, role: "admin" })).toBeNull();
  });

  it("lets admins edit all courses, teachers only the ones they teach, students none", () => {
    const expected = { admin: [true, true, true], teacher: [true, false, false], student: [false, false, false] } as const;
    for (const role of ROLES) {
      const viewer = { id: ME, role };
      [mine, theirs, unassigned].forEach((c, i) => {
        expect(canEditCourse(viewer, c), `${role} ${i}`).toBe(expected[role][i]);
        if (expected[role][i]) expect(() => assertCanEditCourse(viewer, c)).not.toThrow();
        else expect(() => assertCanEditCourse(viewer, c)).toThrow();
      });
    }
    expect(() => assertCanEditCourse({ id: ME, role: "teacher" }, theirs)).toThrow("You can only edit courses you teach");
  });

  it("keeps assigning and deleting for admins", () => {
    for (const role of ROLES) {
      const viewer = { id: ME, role };
      if (role === "admin") {
        expect(() => assertCanAssignTeacher(viewer)).not.toThrow();
        expect(() => assertCanDeleteCourse(viewer)).not.toThrow();
      } else {
        expect(() => assertCanAssignTeacher(viewer)).toThrow();
        expect(() => assertCanDeleteCourse(viewer)).toThrow();
      }
    }
  });
});
