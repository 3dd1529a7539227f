/** "/students/dashboard", "/teachers/dashboard" or "/admin/dashboard": the area a page was opened in. */
export function areaOf(pathname: string): string {
  const m = /^\/(students|teachers|admin)\/dashboard/.exec(pathname);
  return m ? m[0] : "/students/dashboard";
}
