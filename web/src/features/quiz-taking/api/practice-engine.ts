import type { ReviewItem } from "@adesua/domain";
import { ApiError } from "@/lib/api";
import { EngineError, type EngineEvent, type QuizEngine, type RunnerSession } from "../engine";

/** A past question as a student receives it: no answer. */
export type PracticeItem = { id: number; text: string; options: string[]; /** API paths of its pictures. */ images?: string[] };

/** What grading a practice answers: the score and, for exactly those questions, the correct answers. */
export type PracticeGrade = { score: number | null; correct: number; total: number; review: ReviewItem[] };

export type PracticeEngineOptions = {
  title: string;
  subtitle: string;
  /** Loads the questions (from the bank, or the wrong ones of the last round). */
  questions: () => Promise<PracticeItem[]>;
  /** Grades on the server: the browser never holds the keys before the student has finished. */
  grade: (answers: { questionId: number; answer: string }[], questionIds: number[], items: PracticeItem[]) => Promise<PracticeGrade>;
  /** Minutes; null or 0 for no limit. */
  timeLimit: number | null;
  questionsPerPage: number;
  passingScore?: number;
  now?: () => number;
};

const toEngineError = (e: unknown, fallback: string) =>
  e instanceof EngineError
    ? e
    : e instanceof ApiError
      ? new EngineError(e.serverMessage ?? fallback, "refused")
      : new EngineError("You are offline. Check your connection and try again.", "offline");

/**
 * Practice on past questions (the bank's ad-hoc mode): the attempt screen with the device's clock
 * (nothing is at stake) and answers in memory; Submit sends them to be graded and saved as a practice
 * result, and the review with every correct answer comes back.
 */
export function createPracticeEngine(o: PracticeEngineOptions): QuizEngine {
  const now = o.now ?? Date.now;
  const answers: Record<number, string> = {};
  const listeners = new Set<(e: EngineEvent) => void>();
  let session: RunnerSession | null = null;
  let items: PracticeItem[] = [];

  return {
    async load() {
      if (session) return session;
      try {
        items = await o.questions();
      } catch (e) {
        throw toEngineError(e, "Failed to load quiz. Please check the URL or try again later.");
      }
      if (items.length === 0) throw new EngineError("There are no questions to practise here.", "refused");
      session = {
        title: o.title,
        subtitle: o.subtitle,
        preview: false,
        attemptNumber: null,
        maxAttempts: null,
        questionsPerPage: o.questionsPerPage,
        deadline: o.timeLimit ? now() + o.timeLimit * 60_000 : null,
        currentSection: null,
        sections: [],
        questions: items.map((q, index) => ({ id: q.id, index, text: q.text, options: q.options, ...(q.images?.length ? { images: q.images } : {}) })),
        answers,
        result: null,
      };
      return session;
    },
    answer(questionId, answer) {
      answers[questionId] = answer;
    },
    async advanceSection() {
      return session!;
    },
    async submit() {
      const given = Object.entries(answers).map(([id, answer]) => ({ questionId: Number(id), answer }));
      let g: PracticeGrade;
      try {
        g = await o.grade(
          given,
          items.map((q) => q.id),
          items,
        );
      } catch (e) {
        throw toEngineError(e, "Failed to submit quiz");
      }
      const passingScore = o.passingScore ?? 50;
      session = {
        ...session!,
        answers: { ...answers },
        result: {
          score: g.score,
          correct: g.correct,
          total: g.total,
          passed: g.score === null ? null : g.score >= passingScore,
          passingScore,
          review: g.review,
          canAttemptAgain: true,
        },
      };
      return session;
    },
    now,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    attach: () => () => {},
  };
}
