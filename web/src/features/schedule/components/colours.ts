import type { ScheduleOccurrence } from "@adesua/domain";

/**
 * Course colours: dark enough for white text (contrast ≥ 4.5:1). School-wide events are near-black
 * and quiz windows amber with dark text, so neither is mistaken for a course; the legend and each
 * event's label say the same in words.
 */
const COURSE_COLOURS = ["#1c5fa8", "#2b7a3d", "#8a3ab9", "#b02a5b", "#0b6e75", "#7a5200", "#3d4db7", "#a33b0b"];
export const SCHOOL_WIDE_COLOUR = "#25262b";
export const QUIZ_COLOUR = "#ffd43b";
/** Mock examination papers (issue 28): a deep red with white text, apart from every course colour. */
export const MOCK_COLOUR = "#c92a2a";
export const MOCK_LABEL = "Mock exam paper";

export type Swatch = { background: string; color: string; label: string };

export function swatchOf(o: Pick<ScheduleOccurrence, "kind" | "courseId" | "courseTitle">): Swatch {
  if (o.kind === "mock") return { background: MOCK_COLOUR, color: "#ffffff", label: MOCK_LABEL };
  if (o.kind === "quiz") return { background: QUIZ_COLOUR, color: "#1a1b1e", label: `Quiz window${o.courseTitle ? ` · ${o.courseTitle}` : ""}` };
  if (o.courseId === null) return { background: SCHOOL_WIDE_COLOUR, color: "#ffffff", label: "School-wide" };
  return { background: COURSE_COLOURS[o.courseId % COURSE_COLOURS.length]!, color: "#ffffff", label: o.courseTitle ?? `Course ${o.courseId}` };
}

/** The legend's entries: school-wide, quiz windows, mock papers (when the range has any), then each course seen, once. */
export function legendOf(list: readonly ScheduleOccurrence[]): Swatch[] {
  const out: Swatch[] = [swatchOf({ kind: "event", courseId: null, courseTitle: null }), { background: QUIZ_COLOUR, color: "#1a1b1e", label: "Quiz window" }];
  if (list.some((o) => o.kind === "mock")) out.push(swatchOf({ kind: "mock", courseId: null, courseTitle: null }));
  const seen = new Set<number>();
  for (const o of list) {
    if (o.kind !== "event" || o.courseId === null || seen.has(o.courseId)) continue;
    seen.add(o.courseId);
    out.push(swatchOf(o));
  }
  return out;
}

/** A mock paper's name in full, "JHS 3 Second Mock: Mathematics, Paper 1"; any other entry keeps the server's title. */
export function entryTitle(o: Pick<ScheduleOccurrence, "title" | "mock">): string {
  return o.mock ? `${o.mock.title}: ${o.mock.subject}, ${o.mock.paper}` : o.title;
}

const clock = (iso: string) => {
  const d = new Date(iso);
  return `${d.getHours()}:${String(d.getMinutes()).padStart(2, "0")}`;
};

/** A mock paper's line on the calendar's detail: "JHS 3 Second Mock: Mathematics, Paper 1, 9:00–10:30"; null for others. */
export function mockPaperLine(o: Pick<ScheduleOccurrence, "title" | "mock" | "start" | "end">): string | null {
  return o.mock ? `${entryTitle(o)}, ${clock(o.start)}–${clock(o.end)}` : null;
}
