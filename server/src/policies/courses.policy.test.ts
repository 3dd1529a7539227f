import { describe, expect, it } from "vitest";
import { ROLES } from "@adesua/domain";
import { assertCanAssignTeacher, assertCanCreateCourse, assertCanDeleteCourse, assertCanEditCourse, canEditCourse, teacherOfNewCourse } from "./courses.policy";

const ME = 7;
const mine = { teacherId: ME };
const theirs = { teacherId: 8 };
const unassigned = { teacherId: null };

describe("course policy", () => {
  it("lets staff create courses; a teacher's new course is theirs, an admin's unassigned", () => {
    for (const role of ROLES) {
      const viewer = { id: ME, role, studentType: null };
      if (role === "student") expect(() => assertCanCreateCourse(viewer)).toThrow();
      else expect(() => assertCanCreateCourse(viewer)).not.toThrow();
    }
    expect(teacherOfNewCourse({ id: ME, role: "teacher", studentType: null })).toBe(ME);
    expect(teacherOfNewCourse({ id: ME, role: "admin", studentType: null })).toBeNull();
  });

  it("lets admins edit all courses, teachers only the ones they teach, students none", () => {
    const expected = { admin: [true, true, true], teacher: [true, false, false], student: [false, false, false] } as const;
    for (const role of ROLES) {
      const viewer = { id: ME, role, studentType: null };
      [mine, theirs, unassigned].forEach((c, i) => {
        expect(canEditCourse(viewer, c), `${role} ${i}`).toBe(expected[role][i]);
        if (expected[role][i]) expect(() => assertCanEditCourse(viewer, c)).not.toThrow();
        else expect(() => assertCanEditCourse(viewer, c)).toThrow();
      });
    }
    expect(() => assertCanEditCourse({ id: ME, role: "teacher", studentType: null }, theirs)).toThrow("You can only edit courses you teach");
  });

  it("keeps assigning and deleting for admins", () => {
    for (const role of ROLES) {
      const viewer = { id: ME, role, studentType: null };
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
