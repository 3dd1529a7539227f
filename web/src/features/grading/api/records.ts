import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { RecordListResponse } from "@adesua/domain";
import { api } from "@/lib/api";

export type RecordsQuery = { page: number; limit: number };

/** GET /records: the signed-in student's own records, newest first. */
export const getRecordsQueryOptions = (q: RecordsQuery) =>
  queryOptions({
    queryKey: ["records", "mine", q],
    queryFn: ({ signal }) => api<RecordListResponse>("/records", { query: { page: q.page, limit: q.limit }, signal }),
    placeholderData: keepPreviousData,
  });

export const useRecords = (q: RecordsQuery) => useQuery(getRecordsQueryOptions(q));
