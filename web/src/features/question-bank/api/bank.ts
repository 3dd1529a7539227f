import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { BankGroup, BankGroupList, PageMeta, StudentBankQuestion } from "@adesua/domain";
import { api } from "@/lib/api";

/*
 * The question bank's calls (branch i11b's API; see domain/src/contracts/question-bank/question.ts and practice.ts).
 * The shapes are written here as plain types so the student pages load no zod.
 */

/** A bank question. `answer` is present for staff only: the server never sends it to students. */
export type BankQuestion = StudentBankQuestion & { answer?: string | null };
export type { BankGroup };

import type { GroupKey } from "@/lib/question-group";

export { groupId, parseGroupId, type GroupKey } from "@/lib/question-group";

export type GroupsQuery = { year?: number; subject?: string; section?: string; topic?: string; search?: string };

export type BankPage = { questions: BankQuestion[]; pagination: PageMeta };

export const FETCH_FAILED = "Failed to fetch questions";
export const DELETE_FAILED = "Delete failed";

/** Every bank query starts with "questions" so a save or delete refreshes them all. */
export const bankKeys = {
  all: ["questions"] as const,
  groups: (q: GroupsQuery) => ["questions", "groups", q] as const,
  list: (g: GroupKey, page: number, limit: number) => ["questions", "list", g, page, limit] as const,
};

export const getGroupsQueryOptions = (q: GroupsQuery) =>
  queryOptions({
    queryKey: bankKeys.groups(q),
    queryFn: ({ signal }) => api<BankGroupList>("/questions/groups", { query: q, signal }),
    placeholderData: keepPreviousData,
  });
export const useGroups = (q: GroupsQuery) => useQuery(getGroupsQueryOptions(q));

export const getGroupQuestionsQueryOptions = (g: GroupKey, page: number, limit: number) =>
  queryOptions({
    queryKey: bankKeys.list(g, page, limit),
    queryFn: ({ signal }) => api<BankPage>("/questions", { query: { ...g, page, limit }, signal }),
    placeholderData: keepPreviousData,
  });
export const useGroupQuestions = (g: GroupKey | null, page: number, limit: number) =>
  useQuery({ ...getGroupQuestionsQueryOptions(g ?? { year: 0, subject: "", section: "A" }, page, limit), enabled: !!g });
