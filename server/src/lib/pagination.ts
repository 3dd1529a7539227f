import type { PageMeta, PageQuery } from "@adesua/domain";

/**
 * The one pagination helper of every list (with `pageQuery` and `PageMetaSchema` in the domain's
 * contracts/common.ts): the page's limit/offset, its meta, and the total.
 */

/** LIMIT and OFFSET of a page (pages count from 1). */
export const pageWindow = (q: PageQuery): { limit: number; offset: number } => ({ limit: q.limit, offset: (q.page - 1) * q.limit });

/** The meta every list answers with (as `pagination`, or `meta` for quizzes). */
export const pageMeta = (q: PageQuery, total: number): PageMeta => ({ total, page: q.page, limit: q.limit });

/**
 * The total of a page whose rows carry it (a window count or sub-select in the page query): an empty
 * page past the first must count separately, since no row carried it (rare).
 */
export async function carriedTotal(rows: readonly { total: number }[], q: PageQuery, countSeparately: () => Promise<number>): Promise<number> {
  if (rows.length) return rows[0].total;
  return q.page > 1 ? countSeparately() : 0;
}

/** A page and its total read side by side (lists off the hot paths: a page query and a count query). */
export async function pageWithCount<T>(
  q: PageQuery,
  readPage: (w: { limit: number; offset: number }) => Promise<T[]>,
  count: () => Promise<number>,
): Promise<{ rows: T[]; meta: PageMeta }> {
  const [rows, total] = await Promise.all([readPage(pageWindow(q)), count()]);
  return { rows, meta: pageMeta(q, total) };
}
