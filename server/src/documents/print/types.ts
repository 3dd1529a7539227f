import type { Mock, MockResults, TermReports } from "@adesua/domain";
import type { PaperPrint } from "../sittings/paper-types.ts";

export type { PaperPrint };

/** The school as printed at the top of every card, slip and sheet. */
export type SchoolPrint = { name: string; address: string; motto: string; crest: Uint8Array | null };

/** What the worker pool draws (issue 28): each kind is one PDF. */
export type PrintDocument =
  | { kind: "broadsheet"; school: SchoolPrint; results: MockResults }
  | { kind: "result-slips"; school: SchoolPrint; results: MockResults }
  | { kind: "timetable"; school: SchoolPrint; mock: Mock }
  | { kind: "report-cards"; school: SchoolPrint; reports: TermReports; preview: boolean }
  /** Issue 29: a paper sitting's question paper (each version) and answer sheets. */
  | { kind: "paper"; school: SchoolPrint; paper: PaperPrint };

/**
 * How a renderer reports and yields: `step()` after each unit drawn (a card, a slip, a sheet's page), which tells the
 * caller how far it is and, while an exam runs on the server, pauses the worker so the exam keeps the processor.
 */
export type RenderHooks = { start(total: number): void; step(): void };
export const NO_HOOKS: RenderHooks = { start() {}, step() {} };
