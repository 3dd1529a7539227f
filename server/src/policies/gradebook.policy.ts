import { TABLE_MESSAGES } from "@adesua/domain";
import { forbidden } from "../lib/errors";
import type { Viewer } from "../lib/viewer";

/**
 * Gradebook tables (decision 024). Admins create, change and delete them (spec 000 §6). Teachers use
 * them: a public table is every teacher's; a private one is its course's teacher's alone. Students
 * never reach them (the routes are staff only). A table a teacher may not use answers 404, as if absent.
 */
export type TableAccess = { accessLevel: string; courseTeacherId: number | null };

export function canManageTables(viewer: Viewer): boolean {
  return viewer.role === "admin";
}

export function assertCanManageTables(viewer: Viewer): void {
  if (!canManageTables(viewer)) throw forbidden(TABLE_MESSAGES.manageOnlyAdmin);
}

/** May this viewer see the table, its marks and its export, and enter marks? */
export function canUseTable(viewer: Viewer, table: TableAccess): boolean {
  if (viewer.role === "admin") return true;
  if (viewer.role !== "teacher") return false;
  return table.accessLevel === "public" || table.courseTeacherId === viewer.id;
}
