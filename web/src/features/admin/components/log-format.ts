import type { AuditLog } from "@adesua/domain";

/** How the audit screen shows dates, changes and entity icons (spec §3, §5, §9). */

/** "11/22/2026, 8:05:09 PM": en-US, 12-hour clock with seconds; 'No Date' / 'Invalid Date' / 'Format Error' otherwise. */
export function formatLogDate(value: string | null | undefined): string {
  if (!value) return "No Date";
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return "Invalid Date";
  try {
    return d.toLocaleString("en-US", {
      month: "2-digit",
      day: "2-digit",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      second: "2-digit",
      hour12: true,
    });
  } catch {
    return "Format Error";
  }
}

/** A before/after value as JSON cut to `max` characters. */
export function truncatedJson(value: unknown, max = 80): string {
  const s = JSON.stringify(value);
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

export type EntityKind = "user" | "course" | "quiz" | "result" | "question" | "event" | "notice" | "log" | "other";

const KINDS: [RegExp, EntityKind][] = [
  [/user/i, "user"],
  [/course/i, "course"],
  [/quiz/i, "quiz"],
  [/submission|record|attempt/i, "result"],
  [/question/i, "question"],
  [/schedule|event/i, "event"],
  [/announcement/i, "notice"],
  [/audit|log/i, "log"],
];

/** Which icon an entity type gets; "other" for anything else. */
export const entityKind = (type: string): EntityKind => KINDS.find(([re]) => re.test(type))?.[1] ?? "other";

const ROLE_NAMES: Record<string, string> = { admin: "admin", teacher: "teacher", student: "student" };

/**
 * Who did it, as a sentence part: "Mrs Boateng (admin)", "Mr Owusu (teacher), by Mrs Boateng acting as them",
 * "System" when no one signed in did it (a scheduled close), "User 59 (removed)" when the account is gone.
 */
export function actorLine(log: Pick<AuditLog, "userId" | "actorName" | "actorRole" | "impersonatorId" | "impersonatorName">): string {
  let who: string;
  if (log.userId === null) who = "System";
  else if (log.actorName === null) who = `User ${log.userId} (removed)`;
  else who = log.actorRole ? `${log.actorName} (${ROLE_NAMES[log.actorRole] ?? log.actorRole})` : log.actorName;
  if (log.impersonatorId !== null) who += `, by ${log.impersonatorName ?? `user ${log.impersonatorId}`} acting as them`;
  return who;
}
