import type { AttemptSession } from "@adesua/domain";
import type { StartedSessionParts } from "../../services/attempts/procedures";

/**
 * The start's answer written from parts (decision 057). A quiz's questions, as a student sees them (the presenter's
 * student view: never a key), are the same for every student at one `questions_version`, which a database trigger moves
 * on with every added, changed or removed question. So this thread keeps each quiz's questions as JSON under the
 * version they were written for, tells the start which version it holds, and the start leaves the questions out of
 * its session when they are still that version: the exam's start burst then neither copies 40 questions from the
 * database's thread nor writes their JSON again for each of 600 students. Each server process keeps its own.
 */
type Held = { version: number; json: string };

/** Quizzes kept at most (the least recently used goes first): an exam's start burst is one or a few quizzes. */
const MAX_QUIZZES = 50;
const held = new Map<number, Held>();

/** The questions this thread holds for the quiz (their version and JSON), or null. */
export function questionsHeld(quizId: number): Held | null {
  const h = held.get(quizId);
  if (!h) return null;
  held.delete(quizId);
  held.set(quizId, h);
  return h;
}

function keep(quizId: number, h: Held): void {
  held.delete(quizId);
  held.set(quizId, h);
  if (held.size > MAX_QUIZZES) held.delete(held.keys().next().value!);
}

/**
 * The session's JSON, its questions filled in from `had` (what questionsHeld gave before the start asked) when the
 * start left them out, or else written here and kept for the next start at their version.
 */
export function startReplyJson(quizId: number, had: Held | null, parts: StartedSessionParts): string {
  const { questions, ...rest }: AttemptSession = parts.session;
  let json: string;
  if (parts.questionsLeftOut) {
    // The start compared the version it found with had's: only that version's questions are ever left out.
    if (!had || had.version !== parts.questionsVersion) throw new Error(`The start left out questions version ${parts.questionsVersion}, not held here`);
    json = had.json;
  } else {
    json = JSON.stringify(questions);
    keep(quizId, { version: parts.questionsVersion, json });
  }
  return `{"questions":${json},${JSON.stringify(rest).slice(1)}`;
}

/** Forgets every quiz's questions (tests). */
export function forgetHeldQuestions(): void {
  held.clear();
}
