import { forbidden } from "../lib/errors";
import type { Viewer } from "../lib/viewer";

/** Announcements are written and listed in full by the admin; every role reads the current ones and dismisses them for themselves. */
export function canManageAnnouncements(viewer: Viewer): boolean {
  return viewer.role === "admin";
}

export function assertCanManageAnnouncements(viewer: Viewer): void {
  if (!canManageAnnouncements(viewer)) throw forbidden("Only admins can manage announcements");
}
