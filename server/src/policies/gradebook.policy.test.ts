import { describe, expect, it } from "vitest";
import type { Role } from "@adesua/domain";
import { canManageTables, canUseTable } from "./gradebook.policy";

const viewer = (role: Role, id = 7) => ({ id, role, studentType: role === "student" ? ("jhs1" as const) : null });

describe("table policy", () => {
  it("lets only admins manage tables", () => {
    expect((["student", "teacher", "admin"] as const).map((r) => canManageTables(viewer(r)))).toEqual([false, false, true]);
  });

  it("gives public tables to every teacher and private ones to their course's teacher alone", () => {
    const pub = { accessLevel: "public", courseTeacherId: null };
    const mine = { accessLevel: "private", courseTeacherId: 7 };
    const theirs = { accessLevel: "private", courseTeacherId: 8 };
    const noCourse = { accessLevel: "private", courseTeacherId: null };
    for (const [role, expected] of [
      ["student", [false, false, false, false]],
      ["teacher", [true, true, false, false]],
      ["admin", [true, true, true, true]],
    ] as const) {
      expect(
        [pub, mine, theirs, noCourse].map((t) => canUseTable(viewer(role), t)),
        role,
      ).toEqual(expected);
    }
  });
});
