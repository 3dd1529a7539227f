/** "/admin/dashboard" or "/teachers/dashboard": the staff area a page was opened in, so its links stay inside it. */
export const staffBase = (pathname: string) =>
  pathname.startsWith("/admin/") || pathname.startsWith("/dashboard/admin/") ? "/admin/dashboard" : "/teachers/dashboard";
