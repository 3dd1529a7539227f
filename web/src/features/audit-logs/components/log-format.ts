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

const ICONS: [RegExp, string][] = [
  [/user/i, "👤"],
  [/course/i, "📚"],
  [/quiz/i, "📝"],
  [/submission|record|attempt/i, "📨"],
  [/question/i, "❓"],
  [/schedule|event/i, "📅"],
  [/announcement/i, "📣"],
  [/audit|log/i, "🗂️"],
];

/** An icon chosen by entity type; a plain page for anything else. */
export const entityIcon = (type: string) => ICONS.find(([re]) => re.test(type))?.[1] ?? "📄";
