import type { Role } from "@adesua/domain";
import type { UserRow } from "../db/schema";
import { badRequest, conflict, forbidden } from "../lib/errors";

import type { Viewer } from "../lib/viewer";

/** Which roles a viewer may list on GET /users. */
export function listableRoles(viewer: Viewer): Role[] {
  if (viewer.role === "admin") return ["admin", "teacher", "student"];
  if (viewer.role === "teacher") return ["student"];
  return [];
}

export function assertCanImpersonate(viewer: Viewer, target: UserRow): void {
  if (viewer.role !== "admin") throw forbidden("Only admins can impersonate users");
  if (target.role === "admin") throw forbidden("An admin cannot impersonate another admin");
}

export function assertCanDelete(viewer: Viewer, target: UserRow, adminCount: number): void {
  if (viewer.role !== "admin") throw forbidden();
  if (viewer.id === target.id) throw badRequest("You cannot delete your own account");
  if (target.role === "admin" && adminCount <= 1) throw conflict("Cannot delete the last admin");
}

export function assertCanChangePassword(viewer: Viewer): void {
  if (viewer.role !== "admin") throw forbidden();
}
