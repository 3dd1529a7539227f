import type { ComponentType } from "react";

/**
 * The terms feature's staff pages, each still its own chunk, reached through this one module so the app's entry
 * carries one import for the whole feature instead of one per page (the student first-load budget, issue 28).
 */
const loaders = {
  list: () => import("./terms-list-page").then((m) => m.TermsListPage),
  form: () => import("../forms/term-form-page").then((m) => m.TermFormPage),
  term: () => import("./term-page").then((m) => m.TermPage),
  scores: () => import("./score-sheet-page").then((m) => m.ScoreSheetPage),
  reports: () => import("./class-reports-page").then((m) => m.ClassReportsPage),
} satisfies Record<string, () => Promise<ComponentType>>;

export type TermsPageName = keyof typeof loaders;
export const loadTermsPage = (name: TermsPageName): Promise<ComponentType> => loaders[name]();
