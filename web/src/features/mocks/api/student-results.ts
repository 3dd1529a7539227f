import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MockList, MockResults, StudentResult } from "@adesua/domain";
import { api, ApiError } from "@/lib/api";
import { downloadFile } from "@/lib/download";

/**
 * A student's own mock results (issue 28): the mocks of their level, and their own slip once a mock is released.
 * Student pages stay small: types only from the domain root, no zod.
 */
export const studentMockKeys = {
  list: ["mocks", "mine"] as const,
  result: (id: number) => ["mocks", "mine", "results", id] as const,
};

/** How many of the level's mocks the Results list shows (a school sits a handful a year). */
export const MY_MOCKS_LIMIT = 50;

/** GET /mocks: the mocks of the student's level, newest first as the server lists them. */
export const getMyMocksQueryOptions = () =>
  queryOptions({
    queryKey: studentMockKeys.list,
    queryFn: ({ signal }) => api<MockList>("/mocks", { query: { page: 1, limit: MY_MOCKS_LIMIT }, signal }),
  });
export const useMyMocks = () => useQuery(getMyMocksQueryOptions());

/**
 * GET /mocks/{id}/results: the student's own row only. Asked quietly: a 403 before release is shown on the page
 * as "Results not released yet", not as an access-denied notice.
 */
export const getMyMockResultQueryOptions = (id: number) =>
  queryOptions({
    queryKey: studentMockKeys.result(id),
    queryFn: ({ signal }) => api<MockResults>(`/mocks/${id}/results`, { quiet: true, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
export const useMyMockResult = (id: number) => useQuery(getMyMockResultQueryOptions(id));

/** The student's own row of the results (the server sends only theirs). */
export const ownRow = (r: MockResults | undefined): StudentResult | null => r?.students[0] ?? null;

/** A refusal that means "not released yet" (403), or a mock the student cannot see (404). */
export const notReleased = (err: unknown) => err instanceof ApiError && err.status === 403;
export const notFound = (err: unknown) => err instanceof ApiError && err.status === 404;

/** GET /mocks/{id}/results/slips?format=pdf: the student's own slip, as a PDF download. */
export const downloadMySlip = (id: number, title: string) =>
  downloadFile(`/mocks/${id}/results/slips?format=pdf`, `${title.replace(/[^\w -]+/g, "").trim() || "result"} slip.pdf`);

export { ordinalText as ordinal } from "@/lib/format";

/** The change since the previous mock in words: the aggregate is better when it falls. */
export function changeText(r: Pick<StudentResult, "change" | "previousAggregate">): string | null {
  if (r.change === null || r.previousAggregate === null) return null;
  if (r.change === 0) return `Same as the previous mock (${r.previousAggregate})`;
  const by = Math.abs(r.change);
  return r.change < 0
    ? `Improved by ${by} since the previous mock (was ${r.previousAggregate})`
    : `Fell by ${by} since the previous mock (was ${r.previousAggregate})`;
}
