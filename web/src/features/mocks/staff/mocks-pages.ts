import type { ComponentType } from "react";

/**
 * The mocks feature's staff pages, each still its own chunk, reached through this one module so the app's entry
 * carries one import for the whole feature instead of one per page (the student first-load budget, issue 28).
 */
const loaders = {
  list: () => import("./mocks-list-page").then((m) => m.MocksListPage),
  form: () => import("../forms/mock-form-page").then((m) => m.MockFormPage),
  mock: () => import("./mock-page").then((m) => m.MockPage),
  marks: () => import("./marks-entry-page").then((m) => m.MarksEntryPage),
  results: () => import("./mock-results-page").then((m) => m.MockResultsPage),
} satisfies Record<string, () => Promise<ComponentType>>;

export type MocksPageName = keyof typeof loaders;
export const loadMocksPage = (name: MocksPageName): Promise<ComponentType> => loaders[name]();
