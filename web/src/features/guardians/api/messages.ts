import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { GuardianMessage, GuardianMessageList } from "@adesua/domain";
import { api } from "@/lib/api";

/** The record of text messages to guardians (issue 28): GET /guardian-messages, admin only. */
export type MessagesQuery = {
  source?: GuardianMessage["source"] | null;
  status?: GuardianMessage["status"] | null;
  sourceId?: number | null;
  page: number;
  limit: number;
};

export const messageKeys = { all: ["guardian-messages"] as const, list: (q: MessagesQuery) => ["guardian-messages", q] as const };

export const getMessagesQueryOptions = (q: MessagesQuery) =>
  queryOptions({
    queryKey: messageKeys.list(q),
    queryFn: ({ signal }) =>
      api<GuardianMessageList>("/guardian-messages", {
        query: { source: q.source ?? undefined, status: q.status ?? undefined, sourceId: q.sourceId ?? undefined, page: q.page, limit: q.limit },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
export const useGuardianMessages = (q: MessagesQuery) => useQuery(getMessagesQueryOptions(q));

export const STATUS_COLOUR: Record<GuardianMessage["status"], string> = { sent: "green", failed: "red", exported: "blue" };
export const STATUS_LABEL: Record<GuardianMessage["status"], string> = { sent: "Sent", failed: "Failed", exported: "Exported" };
export const SOURCE_LABEL: Record<GuardianMessage["source"], string> = { mock: "Mock", term: "Term" };
