import { questionOpenness } from "@adesua/domain/rules";
import type { RunnerQuestion, RunnerSection, RunnerSession } from "../engine";

/**
 * What the student pages through: one part per timed section (plus one for questions outside every
 * section), or a single part for a quiz without sections.
 */
export type Part = {
  key: string;
  /** "Section A"; null for the single part of a quiz without sections. */
  title: string | null;
  /** The timed section it is; null for questions outside every section. */
  sectionIndex: number | null;
  questions: RunnerQuestion[];
};

export function buildParts(session: Pick<RunnerSession, "sections" | "questions">): Part[] {
  const { sections, questions } = session;
  if (!sections.length) return [{ key: "all", title: null, sectionIndex: null, questions }];
  const parts: Part[] = sections.map((s) => ({
    key: `s${s.index}`,
    title: s.name,
    sectionIndex: s.index,
    questions: questions.filter((q) => q.index >= s.startIndex && q.index <= s.endIndex),
  }));
  const loose = questions.filter((q) => !sections.some((s) => q.index >= s.startIndex && q.index <= s.endIndex));
  if (loose.length) parts.push({ key: "other", title: "Other questions", sectionIndex: null, questions: loose });
  return parts;
}

/** Whether a question can be answered now, by the server's rule (current section, or outside every section). */
export function isQuestionOpen(session: Pick<RunnerSession, "sections" | "currentSection">, index: number): boolean {
  if (!session.sections.length || session.currentSection === null) return true;
  return questionOpenness(session.sections, session.currentSection, index) === "open";
}

/** The part a student may look at: ended sections (read-only), the current one, and loose questions; never a section not started. */
export function canView(session: Pick<RunnerSession, "currentSection">, part: Part): boolean {
  return part.sectionIndex === null || session.currentSection === null || part.sectionIndex <= session.currentSection;
}

export function currentPartIndex(parts: Part[], session: Pick<RunnerSession, "currentSection">): number {
  if (session.currentSection === null) return 0;
  const i = parts.findIndex((p) => p.sectionIndex === session.currentSection);
  return i < 0 ? 0 : i;
}

/**
 * Moves on from the current section without the server (offline when its time ran out): the next
 * section starts when the previous one ended, exactly as the server will settle it on the next contact.
 */
export function advanceLocally(session: RunnerSession): RunnerSession {
  const cur = session.currentSection;
  if (cur === null || cur >= session.sections.length - 1) return session;
  const ended = session.sections[cur];
  const next = session.sections[cur + 1];
  const start = ended.deadline ?? Date.now();
  const byLimit = next.timeLimit != null ? start + next.timeLimit * 60_000 : null;
  const candidates = [byLimit, session.deadline].filter((x): x is number => x !== null);
  const sections: RunnerSection[] = session.sections.map((s) =>
    s.index === cur
      ? { ...s, status: "ended", deadline: null }
      : s.index === cur + 1
        ? { ...s, status: "current", deadline: candidates.length ? Math.min(...candidates) : null }
        : s,
  );
  return { ...session, sections, currentSection: cur + 1 };
}

/** Pages of `perPage` questions. */
export function paginate<T>(items: readonly T[], perPage: number): T[][] {
  const size = Math.max(1, perPage);
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages.length ? pages : [[]];
}
