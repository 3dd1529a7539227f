import type { HistoryContext } from "./seed";

/**
 * One measured call of the history benchmark. A file in bench/history/scenarios/ default-exports one
 * (or an array); the runner signs in as `role` and loads `path(ctx)` with GET at 10 connections.
 */
export type HistoryScenario = {
  name: string;
  role: "admin" | "teacher" | "student";
  path: (ctx: HistoryContext) => string;
  /** The figure the issue asks for (p95, ms); the runner marks the row when it is missed. */
  targetP95?: number;
};
