import type { ReviewItem } from "@adesua/domain";
import { ApiError } from "@/lib/api";
import { EngineError, type EngineEvent, type QuizEngine, type RunnerQuestion, type RunnerSession } from "../engine";

/**
 * A past question as a student receives it: no answer. Its type, marks, unit, parts and equations as the runner
 * draws them (absent in rounds kept by an older version: single choice, 1 mark).
 */
export type PracticeItem = Pick<RunnerQuestion, "type" | "marks" | "unit" | "parts" | "equations"> & {
  id: number;
  text: string;
  options: string[];
  /** API paths of its pictures. */
  images?: string[];
};

/** What grading a practice answers: the score and, for exactly those questions, the correct answers. */
export type PracticeGrade = { score: number | null; correct: number; total: number; review: ReviewItem[] };

/**
 * A practice round kept in the browser until it is submitted (issue 24): the questions drawn, the
 * answers given and the clock's deadline, so a reload (or a phone that ran out of battery) resumes the
 * same round with the same time left. One round per user and bank group.
 */
export type KeptRound = {
  v: 1;
  /** When the round started (epoch ms); also tells this round from the next one of the same group. */
  id: number;
  subtitle: string;
  items: PracticeItem[];
  answers: Record<number, string>;
  /** Epoch ms on the device's clock; null without a time limit. */
  deadline: number | null;
  questionsPerPage: number;
  /** The practice result whose wrong questions this round retries. */
  retryOf?: number;
  updatedAt: number;
};

export type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Where a round is kept: one key, read, written on every answer, and cleared once submitted. */
export type RoundStore = { read(): KeptRound | null; write(round: KeptRound): void; clear(): void };

export const PRACTICE_PREFIX = "adesua.practice.";

/** The storage key of a user's round in a bank group (the group's key, as in its address). */
export const practiceRoundKey = (userId: number, group: string) => `${PRACTICE_PREFIX}${userId}.${group}`;

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

const isItem = (q: unknown): q is PracticeItem =>
  !!q &&
  typeof q === "object" &&
  Number.isInteger((q as PracticeItem).id) &&
  typeof (q as PracticeItem).text === "string" &&
  Array.isArray((q as PracticeItem).options);

/** A kept round as read back, or null when there is none or it is not one (another version, damaged). */
export function parseKeptRound(raw: string | null): KeptRound | null {
  if (!raw) return null;
  try {
    const r = JSON.parse(raw) as Partial<KeptRound> | null;
    if (!r || r.v !== 1 || !Number.isFinite(r.id) || !Array.isArray(r.items) || r.items.length === 0 || !r.items.every(isItem)) return null;
    if (r.deadline !== null && !Number.isFinite(r.deadline)) return null;
    if (!r.answers || typeof r.answers !== "object") return null;
    return r as KeptRound;
  } catch {
    return null;
  }
}

/** The round kept under `key` in localStorage (or the given storage); a full or blocked storage keeps it in memory only. */
export function roundStore(key: string, storage: KeyValueStore | null = safeStorage()): RoundStore {
  return {
    read: () => {
      try {
        return parseKeptRound(storage?.getItem(key) ?? null);
      } catch {
        return null;
      }
    },
    write: (round) => {
      try {
        storage?.setItem(key, JSON.stringify(round));
      } catch {
        /* storage full or blocked: the round still runs from memory */
      }
    },
    clear: () => {
      try {
        storage?.removeItem(key);
      } catch {
        /* nothing kept */
      }
    },
  };
}

/** Removes kept rounds untouched for `maxAgeMs` (a round begun and forgotten), so storage does not fill over a school year. */
export function purgeOldRounds(
  storage: (KeyValueStore & Pick<Storage, "length" | "key">) | null = safeStorage(),
  maxAgeMs = 14 * 24 * 3600_000,
  now = Date.now(),
) {
  if (!storage) return;
  try {
    const old: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const k = storage.key(i);
      if (!k?.startsWith(PRACTICE_PREFIX)) continue;
      const r = parseKeptRound(storage.getItem(k));
      if (!r || now - r.updatedAt > maxAgeMs) old.push(k);
    }
    for (const k of old) storage.removeItem(k);
  } catch {
    /* best effort */
  }
}

export type PracticeEngineOptions = {
  title: string;
  subtitle: string;
  /** Loads the questions (from the bank, or the wrong ones of the last round). */
  questions: () => Promise<PracticeItem[]>;
  /** Grades on the server: the browser never holds the keys before the student has finished. */
  grade: (
    answers: { questionId: number; answer: string }[],
    questionIds: number[],
    items: PracticeItem[],
    round: { retryOf?: number },
  ) => Promise<PracticeGrade>;
  /** Minutes; null or 0 for no limit. */
  timeLimit: number | null;
  questionsPerPage: number;
  /** The practice result whose wrong questions this round retries (kept with the round). */
  retryOf?: number;
  /**
   * Where the round is kept until it is submitted. A round found there is resumed as it was (its
   * questions, answers, deadline, subtitle and page size); otherwise a new one is drawn and kept.
   */
  store?: RoundStore | null;
  /** Told once the round is known (new or resumed), with its id. */
  onRound?: (round: KeptRound) => void;
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
 * (nothing is at stake) and answers kept in the browser (the store) until Submit sends them to be
 * graded and saved as a practice result; the review with every correct answer comes back. A round
 * whose time ran out while the page was closed is resumed with its deadline passed, so the screen
 * submits it at once with the answers it holds, as the server does with an attempt.
 */
export function createPracticeEngine(o: PracticeEngineOptions): QuizEngine {
  const now = o.now ?? Date.now;
  const store = o.store ?? null;
  let answers: Record<number, string> = {};
  const listeners = new Set<(e: EngineEvent) => void>();
  let session: RunnerSession | null = null;
  let items: PracticeItem[] = [];
  let round: KeptRound | null = null;

  const keep = () => {
    if (!round) return;
    round = { ...round, answers: { ...answers }, updatedAt: now() };
    store?.write(round);
  };

  return {
    async load() {
      if (session) return session;
      const kept = store?.read() ?? null;
      if (kept) {
        round = kept;
        items = kept.items;
        answers = { ...kept.answers };
      } else {
        try {
          items = await o.questions();
        } catch (e) {
          throw toEngineError(e, "Failed to load quiz. Please check the URL or try again later.");
        }
        if (items.length === 0) throw new EngineError("There are no questions to practise here.", "refused");
        const start = now();
        round = {
          v: 1,
          id: start,
          subtitle: o.subtitle,
          items,
          answers: {},
          deadline: o.timeLimit ? start + o.timeLimit * 60_000 : null,
          questionsPerPage: o.questionsPerPage,
          ...(o.retryOf !== undefined ? { retryOf: o.retryOf } : {}),
          updatedAt: start,
        };
        store?.write(round);
      }
      o.onRound?.(round);
      session = {
        title: o.title,
        subtitle: round.subtitle,
        preview: false,
        attemptNumber: null,
        maxAttempts: null,
        questionsPerPage: round.questionsPerPage,
        deadline: round.deadline,
        currentSection: null,
        sections: [],
        questions: items.map(({ images, ...q }, index) => ({ ...q, index, ...(images?.length ? { images } : {}) })),
        answers: { ...answers },
        result: null,
      };
      return session;
    },
    answer(questionId, answer) {
      answers[questionId] = answer;
      keep();
    },
    async advanceSection() {
      return session!;
    },
    async submit() {
      // Blank typed answers are no answers (an emptied box).
      const given = Object.entries(answers)
        .filter(([, answer]) => answer.trim() !== "")
        .map(([id, answer]) => ({ questionId: Number(id), answer }));
      let g: PracticeGrade;
      try {
        g = await o.grade(
          given,
          items.map((q) => q.id),
          items,
          round?.retryOf !== undefined ? { retryOf: round.retryOf } : {},
        );
      } catch (e) {
        // Not graded: the round stays kept, answers and all, for the next try (or a reload).
        throw toEngineError(e, "Failed to submit quiz");
      }
      // Graded and saved on the server: nothing to resume any more.
      store?.clear();
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
          practice: true,
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
