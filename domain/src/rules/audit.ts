/** Audit action badge colours (spec §9): create green, update blue, delete red, login purple, logout grey, others yellow. */
export function auditActionColor(action: string): string {
  const a = action.toLowerCase();
  if (a === "create" || a === "created") return "green";
  if (a === "update" || a === "updated") return "blue";
  if (a === "delete" || a === "deleted") return "red";
  if (a === "login") return "violet";
  if (a === "logout") return "gray";
  return "yellow";
}
