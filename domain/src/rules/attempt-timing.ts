/**
 * The server's clock rules for an attempt: its deadline, the network grace after it, and timed
 * sections. The server decides with these; the web shows the server's deadlines with them. No Node APIs.
 */

/** Answers that arrive this long after a deadline still count: they were given in time but the network was slow. */
export const DEADLINE_GRACE_MS = 5_000;

/** A timed section: questions startIndex..endIndex (0-based, inclusive, in question order) with its own limit in minutes. */
export type TimedSectionRule = { name: string; startIndex: number; endIndex: number; timeLimit: number | null };

export type TimingQuiz = {
  /** Minutes; null for no limit. */
  timeLimit: number | null;
  closeTime: Date | string | null;
  /** False: the limit runs from the first attempt's start across every attempt. */
  resetTimerOnAttempt: boolean;
  timedSections: readonly TimedSectionRule[];
};

const t = (d: Date | string | null | undefined): number | null => (d == null || d === "" ? null : new Date(d).getTime());
const minOf = (...xs: (number | null)[]): number | null => {
  const v = xs.filter((x): x is number => x !== null);
  return v.length ? Math.min(...v) : null;
};
const toDate = (n: number | null) => (n === null ? null : new Date(n));

/** A section's limit in milliseconds; null when it has none (it then ends only when the student moves on). */
export function sectionLimitMs(s: TimedSectionRule): number | null {
  return s.timeLimit != null && s.timeLimit > 0 ? s.timeLimit * 60_000 : null;
}

/** When sections from `fromIndex` on would all have run out, starting at `at`; null if one of them has no limit. */
export function sectionsEnd(sections: readonly TimedSectionRule[], fromIndex: number, at: Date): Date | null {
  let total = 0;
  for (const s of sections.slice(fromIndex)) {
    const l = sectionLimitMs(s);
    if (l === null) return null;
    total += l;
  }
  return new Date(at.getTime() + total);
}

/**
 * An attempt's deadline: the earliest of its timer start + the time limit, the quiz's close time, and
 * the end of all timed sections. The timer starts at this attempt's start, or at the first attempt's
 * start when the quiz does not reset the timer. Null when nothing limits the attempt.
 * `ignoreCloseTime` is for staff previews, which may run outside the window.
 */
export function attemptDeadline(quiz: TimingQuiz, startedAt: Date, firstStartedAt: Date | null = null, opts: { ignoreCloseTime?: boolean } = {}): Date | null {
  const timerStart = !quiz.resetTimerOnAttempt && firstStartedAt ? firstStartedAt.getTime() : startedAt.getTime();
  const byLimit = quiz.timeLimit != null && quiz.timeLimit > 0 ? timerStart + quiz.timeLimit * 60_000 : null;
  const byClose = opts.ignoreCloseTime ? null : t(quiz.closeTime);
  const bySections = quiz.timedSections.length ? t(sectionsEnd(quiz.timedSections, 0, startedAt)) : null;
  return toDate(minOf(byLimit, byClose, bySections));
}

/** True once the deadline and its grace are over: nothing more is accepted and the attempt is submitted. */
export function isPastDeadline(deadline: Date | string | null, now: Date): boolean {
  const d = t(deadline);
  return d !== null && now.getTime() > d + DEADLINE_GRACE_MS;
}

/** When the current section's time runs out: its start + its limit, never after the attempt's deadline. */
export function sectionDeadline(section: TimedSectionRule, sectionStartedAt: Date, deadline: Date | null): Date | null {
  const l = sectionLimitMs(section);
  return toDate(minOf(l === null ? null : sectionStartedAt.getTime() + l, t(deadline)));
}

/** The section a question (by its 0-based index in question order) belongs to; -1 when none. */
export function sectionOfQuestion(sections: readonly TimedSectionRule[], index: number): number {
  return sections.findIndex((s) => index >= s.startIndex && index <= s.endIndex);
}

export type QuestionOpenness = "open" | "ended" | "upcoming";

/**
 * Whether a question may be answered now: questions of the current section, and questions outside
 * every section, are open; earlier sections have ended; later ones have not started.
 */
export function questionOpenness(sections: readonly TimedSectionRule[], currentSection: number, index: number): QuestionOpenness {
  const s = sectionOfQuestion(sections, index);
  if (s < 0 || s === currentSection) return "open";
  return s < currentSection ? "ended" : "upcoming";
}

/** What the one-statement save reads of an attempt. */
export type SavableAttempt = { status: string; deadline: Date | null; currentSection: number; sectionStartedAt: Date };

/**
 * Whether answers to the questions at these 0-based indexes (null: not a question of this quiz) may be
 * saved now without letting time act first: the attempt is open, before its deadline and its current
 * section's end (each plus grace), and every question is in the current section or in none. The
 * server's SAVE_ANSWERS_SQL decides the same in SQL; shared cases (rules/cases.ts) pin the two together.
 */
export function answersSavableNow(a: SavableAttempt, sections: readonly TimedSectionRule[], questionIndexes: readonly (number | null)[], now: Date): boolean {
  if (a.status !== "in_progress" || isPastDeadline(a.deadline, now)) return false;
  if (sections.length) {
    const end = sectionDeadline(sections[a.currentSection], a.sectionStartedAt, a.deadline);
    if (end && isPastDeadline(end, now)) return false;
  }
  return questionIndexes.every((i) => i !== null && questionOpenness(sections, a.currentSection, i) === "open");
}

export type SectionState = {
  currentSection: number;
  sectionStartedAt: Date;
  /** True when the last section has ended: the attempt must be submitted. */
  finished: boolean;
  /** When the last section ended (the submission's time), when finished. */
  finishedAt: Date | null;
  /** The attempt's deadline after this change (moving on early brings the end of all sections closer). */
  deadline: Date | null;
};

/**
 * Lets time pass: every section whose time and grace are over ends, and the next one starts at the
 * moment the previous one ran out (not when the student came back), possibly several at once.
 */
export function settleSections(
  sections: readonly TimedSectionRule[],
  state: { currentSection: number; sectionStartedAt: Date },
  deadline: Date | null,
  now: Date,
): SectionState {
  let cur = state.currentSection;
  let start = state.sectionStartedAt;
  while (cur < sections.length) {
    const end = sectionDeadline(sections[cur], start, deadline);
    if (end === null || now.getTime() <= end.getTime() + DEADLINE_GRACE_MS) break;
    cur++;
    start = end;
  }
  const finished = sections.length > 0 && cur >= sections.length;
  return { currentSection: cur, sectionStartedAt: start, finished, finishedAt: finished ? start : null, deadline };
}

/**
 * The student moves on from section `fromSection`. Idempotent: when time or an earlier request has
 * already moved past it, nothing more happens. The next section starts now (or when the current one
 * ran out, if that was earlier: the grace never adds time). After the last section the attempt is finished.
 */
export function advanceSection(
  sections: readonly TimedSectionRule[],
  state: { currentSection: number; sectionStartedAt: Date },
  deadline: Date | null,
  now: Date,
  fromSection: number,
): SectionState & { moved: boolean } {
  const settled = settleSections(sections, state, deadline, now);
  if (settled.finished || settled.currentSection !== fromSection) return { ...settled, moved: false };
  const end = sectionDeadline(sections[settled.currentSection], settled.sectionStartedAt, deadline);
  const start = new Date(end === null ? now.getTime() : Math.min(now.getTime(), end.getTime()));
  const next = settled.currentSection + 1;
  if (next >= sections.length) {
    return { currentSection: next, sectionStartedAt: start, finished: true, finishedAt: start, deadline, moved: true };
  }
  const newDeadline = toDate(minOf(t(deadline), t(sectionsEnd(sections, next, start))));
  return { currentSection: next, sectionStartedAt: start, finished: false, finishedAt: null, deadline: newDeadline, moved: true };
}

/** Why a student may not start another attempt now; null when they may. */
export type StartRefusal = "upcoming" | "closed" | "maxed" | "timeUsed";

/**
 * Whether a student may start another attempt: inside the window, with attempts left, and (when the
 * timer is not reset) with time left on the limit that began at the first attempt.
 */
export function attemptStartRefusal(
  quiz: TimingQuiz & { openTime: Date | string | null; maxAttempts: number | null },
  used: { count: number; firstStartedAt: Date | null },
  now: Date,
): StartRefusal | null {
  const open = t(quiz.openTime);
  const close = t(quiz.closeTime);
  if (open !== null && now.getTime() < open) return "upcoming";
  if (close !== null && now.getTime() > close) return "closed";
  if (quiz.maxAttempts !== null && used.count >= quiz.maxAttempts) return "maxed";
  if (!quiz.resetTimerOnAttempt && quiz.timeLimit != null && quiz.timeLimit > 0 && used.firstStartedAt) {
    if (now.getTime() >= used.firstStartedAt.getTime() + quiz.timeLimit * 60_000) return "timeUsed";
  }
  return null;
}

export type AnswerReleaseQuiz = {
  closeTime: Date | string | null;
  showAnswers: string;
  practice: boolean;
  answersReleasedAt: Date | string | null;
};

/**
 * The one rule for whether a student may see the per-question review with the correct answers.
 * Answers reach students only once the quiz has closed for everyone (a throwaway account that uses up
 * its attempts must learn nothing a classmate could use), or when the teacher released them, or, for a
 * practice quiz set to `after_last_attempt`, once this student can no longer attempt it.
 * `refusal` is why this student may not start another attempt now (null when they may).
 * A quiz without a close time never shows answers unless released; `never` ignores the close time.
 */
export function reviewAllowed(quiz: AnswerReleaseQuiz, refusal: StartRefusal | null, now: Date): boolean {
  const released = t(quiz.answersReleasedAt);
  if (released !== null && now.getTime() >= released) return true;
  if (quiz.showAnswers === "never") return false;
  const close = t(quiz.closeTime);
  if (close !== null && now.getTime() > close) return true;
  if (quiz.showAnswers === "after_last_attempt" && quiz.practice) {
    return refusal === "closed" || refusal === "maxed" || refusal === "timeUsed";
  }
  return false;
}
