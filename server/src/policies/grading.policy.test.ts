import { describe, expect, it } from "vitest";
import { ROLES } from "@adesua/domain";
import { assertCanListRecordsOf } from "./grading.policy";
import { statusOf as status, viewerAs as viewer } from "./policy-test-kit";

describe("grading policy: records", () => {
  it("shows records: own to all, students' to teachers, anyone's to admins", () => {
    const student = { role: "student" };
    const teacher = { role: "teacher" };
    const admin = { role: "admin" };
    // Own, a student's, a teacher's, an admin's, a user who does not exist.
    const expected = { student: [200, 403, 403, 403, 403], teacher: [200, 200, 403, 403, 404], admin: [200, 200, 200, 200, 404] };
    for (const role of ROLES) {
      const v = viewer(role, 1);
      const got = [
        status(() => assertCanListRecordsOf(v, 1, { role })),
        status(() => assertCanListRecordsOf(v, 2, student)),
        status(() => assertCanListRecordsOf(v, 3, teacher)),
        status(() => assertCanListRecordsOf(v, 5, admin)),
        status(() => assertCanListRecordsOf(v, 4, null)),
      ];
      expect(got, role).toEqual(expected[role]);
    }
  });
});
