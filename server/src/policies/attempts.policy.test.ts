import { describe, expect, it } from "vitest";
import { ROLES } from "@adesua/domain";
import { assertCanStartAttempt, assertOwnsAttempt, takesPreview } from "./attempts.policy";
import { statusOf as status, viewerAs as viewer } from "./policy-test-kit";

describe("attempt policy", () => {
  it("lets students start their own level only, teachers their own quizzes, admins all", () => {
    const mine = { studentType: "jhs1", teacherId: 1, courseTeacherId: null };
    const taught = { studentType: "jhs2", teacherId: 7, courseTeacherId: 1 };
    const other = { studentType: "jhs2", teacherId: 9, courseTeacherId: 9 };
    const expected = { student: [200, 404, 404], teacher: [200, 200, 404], admin: [200, 200, 200] };
    for (const role of ROLES) {
      const got = [mine, taught, other].map((q) => status(() => assertCanStartAttempt(viewer(role), q)));
      expect(got, role).toEqual(expected[role]);
    }
  });

  it("makes staff attempts previews", () => {
    expect(ROLES.map((r) => takesPreview(viewer(r)))).toEqual([false, true, true]);
  });

  it("hides an attempt from everyone but its taker, whatever their role", () => {
    for (const role of ROLES) {
      expect(
        status(() => assertOwnsAttempt(viewer(role, 1), { userId: 1 })),
        role,
      ).toBe(200);
      expect(
        status(() => assertOwnsAttempt(viewer(role, 1), { userId: 2 })),
        role,
      ).toBe(404);
    }
  });
});
