import { correctAnswerText, gradeAnswers } from "@adesua/domain/rules";
import type { ReviewItem } from "@adesua/domain";
import type { EngineEvent, QuizEngine, RunnerSession } from "../engine";

/** A question the practice engine grades itself (the past-question bank sends its keys with the questions). */
export type PracticeQuestion = { id: number; text: string; options: string[]; answer: string | null };

export type LocalEngineOptions = {
  title: string;
  subtitle: string;
  questions: PracticeQuestion[];
  /** Minutes; null for no limit. */
  timeLimit: number | null;
  questionsPerPage: number;
  passingScore?: number;
  now?: () => number;
};

/**
 * Practice mode: the same screen with nothing sent anywhere. Answers live in memory, the device's clock
 * runs the timer (nothing is at stake), and the review is shown at once.
 */
export function createLocalEngine(o: LocalEngineOptions): QuizEngine {
  const now = o.now ?? Date.now;
  const answers: Record<number, string> = {};
  const listeners = new Set<(e: EngineEvent) => void>();
  let session: RunnerSession | null = null;

  return {
    async load() {
      session ??= {
        title: o.title,
        subtitle: o.subtitle,
        preview: false,
        attemptNumber: null,
        maxAttempts: null,
        questionsPerPage: o.questionsPerPage,
        deadline: o.timeLimit ? now() + o.timeLimit * 60_000 : null,
        currentSection: null,
        sections: [],
        questions: o.questions.map((q, index) => ({ id: q.id, index, text: q.text, options: q.options })),
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
      const g = gradeAnswers(o.questions, given);
      const review: ReviewItem[] = o.questions.map((q, index) => ({
        questionId: q.id,
        index,
        text: q.text,
        options: q.options,
        yourAnswer: answers[q.id] ?? null,
        correct: g.perQuestion[index].correct,
        correctAnswer: correctAnswerText(q.answer, q.options),
      }));
      const passingScore = o.passingScore ?? 50;
      session = {
        ...session!,
        answers: { ...answers },
        result: {
          score: g.score,
          correct: g.correct,
          total: g.total,
          passed: g.graded && g.score !== null ? g.score >= passingScore : null,
          passingScore,
          review,
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
