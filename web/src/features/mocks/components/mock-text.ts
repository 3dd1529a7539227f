import type { MockPaper } from "@adesua/domain";
import { STUDENT_TYPE_LABELS, type StudentType } from "@adesua/domain/constants";
import { scoreText } from "@/lib/format";

/** "JHS 3". */
export const levelLabel = (level: string) => STUDENT_TYPE_LABELS[level as StudentType] ?? level;

const dayFormat = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric" });
const timeFormat = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" });

/** "Monday 8 March 2027". */
export const dayText = (iso: string) => dayFormat.format(new Date(iso));
/** "09:00". */
export const timeText = (iso: string) => timeFormat.format(new Date(iso));
/** "8 Mar – 12 Mar 2027", or "No papers yet". */
export function spanText(startsAt: string | null, endsAt: string | null): string {
  if (!startsAt || !endsAt) return "No papers yet";
  const short = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short" });
  const a = short.format(new Date(startsAt));
  const b = dayFormat.format(new Date(endsAt)).replace(/^\w+ /, "");
  return a === short.format(new Date(endsAt)) ? b : `${a} – ${b}`;
}

/** "09:00–11:00 (2 h)". */
export function paperTimeText(p: Pick<MockPaper, "startsAt" | "endsAt" | "durationMinutes">): string {
  const h = Math.floor(p.durationMinutes / 60);
  const m = p.durationMinutes % 60;
  const len = h && m ? `${h} h ${m} min` : h ? `${h} h` : `${m} min`;
  return `${timeText(p.startsAt)}–${timeText(p.endsAt)} (${len})`;
}

/** A number as shown in tables: up to two decimals, "—" for none. */
export const num = scoreText;
