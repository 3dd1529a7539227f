import { describe, expect, it } from "vitest";
import { ROLES } from "@adesua/domain";
import type { UserRow } from "../db/schema";
import { assertCanDelete, assertCanImpersonate, listableRoles } from "./users.policy";

const row = (id: number, role: string): UserRow => ({
  id,
  role,
  name: "x",
  email: "x",
  username: null,
  mustChangePassword: false,
  studentType: null,
  stream: null,
  passwordHash: null,
  lastSignInAt: null,
  status: "active",
  createdAt: new Date(),
  updatedAt: new Date(),
});

describe("user policy", () => {
  it("lists everyone for admins, teachers and students for teachers, nobody for students", () => {
    expect(listableRoles({ id: 1, role: "admin", studentType: null })).toEqual(["admin", "teacher", "student"]);
    expect(listableRoles({ id: 1, role: "teacher", studentType: null })).toEqual(["student"]);
    expect(listableRoles({ id: 1, role: "student", studentType: null })).toEqual([]);
  });

  it("lets only admins impersonate, and never another admin", () => {
    for (const role of ROLES) {
      const viewer = { id: 1, role, studentType: null };
      if (role === "admin") expect(() => assertCanImpersonate(viewer, row(2, "student"))).not.toThrow();
      else expect(() => assertCanImpersonate(viewer, row(2, "student"))).toThrow();
    }
    expect(() => assertCanImpersonate({ id: 1, role: "admin", studentType: null }, row(2, "admin"))).toThrow("An admin cannot impersonate another admin");
  });

  it("never deletes yourself or the last admin", () => {
    expect(() => assertCanDelete({ id: 1, role: "admin", studentType: null }, row(1, "admin"), 2)).toThrow("You cannot delete your own account");
    expect(() => assertCanDelete({ id: 1, role: "admin", studentType: null }, row(2, "admin"), 1)).toThrow("Cannot delete the last admin");
    expect(() => assertCanDelete({ id: 1, role: "admin", studentType: null }, row(2, "admin"), 2)).not.toThrow();
    expect(() => assertCanDelete({ id: 1, role: "teacher", studentType: null }, row(2, "student"), 2)).toThrow();
  });
});
