import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StudentReport, TermList, TermReports } from "@adesua/domain";
import { api, ApiError } from "@/lib/api";
import { downloadFile } from "@/lib/download";

/**
 * A student's own terminal reports (issue 28): the terms with a released report of theirs, and the card on screen.
 * Student pages stay small: types only from the domain root, no zod.
 */
export const studentReportKeys = {
  list: ["terms", "mine"] as const,
  report: (id: number) => ["terms", "mine", "reports", id] as const,
};

export const MY_TERMS_LIMIT = 50;

/** GET /terms: for a student, only the terms with a released report of theirs. */
export const getMyTermsQueryOptions = () =>
  queryOptions({
    queryKey: studentReportKeys.list,
    queryFn: ({ signal }) => api<TermList>("/terms", { query: { page: 1, limit: MY_TERMS_LIMIT }, signal }),
  });
export const useMyTerms = () => useQuery(getMyTermsQueryOptions());

/** GET /terms/{id}/reports: the student's own card; asked quietly (403 until both checks reads "not released yet"). */
export const getMyReportQueryOptions = (id: number) =>
  queryOptions({
    queryKey: studentReportKeys.report(id),
    queryFn: ({ signal }) => api<TermReports>(`/terms/${id}/reports`, { quiet: true, signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
export const useMyReport = (id: number) => useQuery(getMyReportQueryOptions(id));

export const ownReport = (r: TermReports | undefined): StudentReport | null => r?.students[0] ?? null;

export const reportNotReleased = (err: unknown) => err instanceof ApiError && (err.status === 403 || err.status === 404);

/** GET /terms/{id}/reports?format=pdf: the student's own card as a PDF. */
export const downloadMyReport = (id: number, termName: string) =>
  downloadFile(`/terms/${id}/reports?format=pdf`, `${termName.replace(/[^\w -]+/g, "").trim() || "term"} report card.pdf`);

export { ordinalText as ordinalOf, scoreText } from "../components/report-format";

/** "12 January 2027" from a YYYY-MM-DD date (read as a calendar date, not shifted by the time zone). */
export function dateText(d: string | null): string | null {
  if (!d) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(d);
  if (!m) return d;
  const months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
  return `${Number(m[3])} ${months[Number(m[2]) - 1]} ${m[1]}`;
}
