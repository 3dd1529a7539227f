import type { ComponentType } from "react";

/**
 * The paper sittings' staff pages (issue 29), each its own chunk, reached through this one module so the app's entry
 * carries one import for the whole feature (the student first-load budget, issue 28).
 */
const loaders = {
  paper: () => import("./quiz-paper-page").then((m) => m.QuizPaperPage),
  list: () => import("./sittings-list-page").then((m) => m.SittingsListPage),
  sitting: () => import("./sitting-page").then((m) => m.SittingPage),
  scan: () => import("./sitting-scan-page").then((m) => m.SittingScanPage),
  settle: () => import("./sheet-settle-page").then((m) => m.SheetSettlePage),
} satisfies Record<string, () => Promise<ComponentType>>;

export type SittingsPageName = keyof typeof loaders;
export const loadSittingsPage = (name: SittingsPageName): Promise<ComponentType> => loaders[name]();
