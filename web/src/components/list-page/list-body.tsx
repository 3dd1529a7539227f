import type { ReactNode } from "react";
import { Stack, type MantineSpacing } from "@mantine/core";
import { errorText } from "@/lib/api";
import { EmptyState } from "../empty-state";
import { ErrorState } from "../error-state";
import { ListSkeleton } from "../list-skeleton";
import { PaginationFooter } from "../pagination-footer";

/** What a list's query must offer (a TanStack Query result does). */
export type ListQuery = { isPending: boolean; isError: boolean; error: unknown; isFetching: boolean; refetch: () => unknown };

/** The pager under a list: "Showing 13–24 of 40" and the page buttons. */
export type ListPager = { total: number; page: number; pageSize: number; onChange: (page: number) => void; label: string };

export type EmptyProps = { title: string; message?: ReactNode; action?: ReactNode };

type Props<T> = {
  query: ListQuery;
  /** The page's rows (undefined while nothing has loaded). */
  rows: T[] | undefined;
  /** While loading: that many skeleton cards (default 6), or a node of the page's own. */
  loading?: number | ReactNode;
  /** The failed load's text when the server gives none (with `serverError={false}`: always this text). */
  errorMessage: string;
  serverError?: boolean;
  errorTitle?: string;
  /** The Try Again button spins while the list refetches. */
  retrying?: boolean;
  retryLabel?: string;
  /** A failed load shown the page's own way instead (no Try Again). */
  errorView?: ReactNode;
  /** Nothing to list yet. */
  empty: EmptyProps | { view: ReactNode };
  /** A search or filter is on: "nothing matches" replaces the empty state's title, message and action (action only when given). */
  filtered?: false | Partial<EmptyProps>;
  pager?: ListPager;
  /** A pager of the page's own under the rows, instead of `pager`. */
  footer?: ReactNode;
  /** Space between the rows' block and the pager (and the rows, when `children` returns several). */
  gap?: MantineSpacing;
  /** aria-busy on the list while it refreshes (placeholder data, refetch). */
  busy?: boolean;
  children: (rows: T[]) => ReactNode;
};

/**
 * The body of every list page, in four states: loading (skeleton cards), failed (the message and Try Again), empty (its
 * own message, or "nothing matches" while filtered), and the rows followed by the pager.
 */
export function ListBody<T>(p: Props<T>) {
  const { query, rows, gap = "sm" } = p;
  if (query.isPending) return typeof p.loading === "number" || p.loading === undefined ? <ListSkeleton count={p.loading ?? 6} /> : p.loading;
  if (query.isError)
    return (
      p.errorView ?? (
        <ErrorState
          title={p.errorTitle}
          message={p.serverError === false ? p.errorMessage : errorText(query.error, p.errorMessage)}
          onRetry={() => void query.refetch()}
          retrying={p.retrying && query.isFetching}
          retryLabel={p.retryLabel}
        />
      )
    );
  if (!rows) return null;
  const pager = p.footer ?? (p.pager && <PaginationFooter {...p.pager} />);
  if (rows.length === 0) {
    const empty = "view" in p.empty ? p.empty.view : <EmptyState {...(p.filtered ? { ...p.empty, action: undefined, ...p.filtered } : p.empty)} />;
    // A page past the end (its last row just deleted elsewhere): the pager still leads back.
    return p.pager && p.pager.total > 0 ? (
      <Stack gap={gap}>
        {empty}
        {pager}
      </Stack>
    ) : (
      empty
    );
  }
  return (
    <Stack gap={gap} aria-busy={p.busy || undefined}>
      {p.children(rows)}
      {pager}
    </Stack>
  );
}
