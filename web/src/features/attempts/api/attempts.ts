import type { AnswerInput, AttemptResult, AttemptSession, LateAnswersKept, SaveAnswersResponse } from "@adesua/domain";
import { api } from "@/lib/api";

/**
 * Runs a call with a time limit: on a dying mobile link a request can hang for minutes, and a hung save
 * must not hold back every later one. An aborted call counts as a network failure (it is retried).
 */
export async function withTimeout<T>(ms: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), ms);
  try {
    return await call(ctl.signal);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The attempt API (server/src/routes/attempts). The quiz-taking screen keeps its state in its engine,
 * not in the query cache: a session changes every second and answers must outlive the network.
 * `quiet`: the Quiz Error screen shows a refusal itself, so no notification repeats it.
 */
export const attemptsApi = {
  /**
   * Starts an attempt, or resumes the open one. Opened with ?start=1, the preload script may have sent this already
   * (decision 031): `onSent` is told when the request really left, for the clock.
   */
  start: (quizId: number, onSent?: (at: number) => void) => api<AttemptSession>(`/quizzes/${quizId}/attempts`, { method: "POST", quiet: true, onSent }),
  get: (attemptId: number) => api<AttemptSession>(`/attempts/${attemptId}`, { quiet: true }),
  /** The student's own attempt by the number the address shows (?n=2). */
  getByNumber: (quizId: number, attemptNumber: number) => api<AttemptSession>(`/quizzes/${quizId}/attempts/${attemptNumber}`, { quiet: true }),
  /** 200: stored; 202: the time was up, so they were kept for the teacher instead (decision 044). */
  saveAnswers: (attemptId: number, answers: AnswerInput[], signal?: AbortSignal) =>
    api<SaveAnswersResponse | LateAnswersKept>(`/attempts/${attemptId}/answers`, { method: "PUT", body: { answers }, quiet: true, signal }),
  nextSection: (attemptId: number, fromSection: number) =>
    api<AttemptSession>(`/attempts/${attemptId}/sections/next`, { method: "POST", body: { fromSection }, quiet: true }),
  submit: (attemptId: number, answers: AnswerInput[], signal?: AbortSignal) =>
    api<AttemptResult>(`/attempts/${attemptId}/submit`, { method: "POST", body: { answers }, quiet: true, signal }),
};
