/**
 * Answers the preload script (web/build/route-preload.ts) asked for before the app's code had arrived:
 * the first page's GET calls, started with the stored token while the entry downloaded, and the attempt's
 * start (a POST) when the attempt screen is opened from the Start button (decision 031). The first `api()`
 * call with the same method and address takes it (once); anything else, later, or under another token asks
 * the server.
 */
type Prefetched = { token: string; at: number; response: Promise<Response> };

/** window.__adesuaPrefetch (PREFETCH_GLOBAL in route-preload.ts). */
const store = () => (globalThis as { __adesuaPrefetch?: Record<string, Prefetched> }).__adesuaPrefetch;

/** Older than this, an answer may be stale: ask again. */
const MAX_AGE_MS = 20_000;

/** Where the preload script keeps a call: a GET under its address, anything else under "METHOD address". */
export const prefetchKey = (method: string, url: string) => (method === "GET" ? url : `${method} ${url}`);

/** The answer, and when its request left (Date.now() then): a clock measured on it must start there. */
export function takePrefetched(method: string, url: string, token: string | null): { response: Promise<Response>; sentAt: number } | null {
  const all = store();
  const key = prefetchKey(method, url);
  const p = all?.[key];
  if (!all || !p) return null;
  delete all[key];
  if (!token || p.token !== token || Date.now() - p.at > MAX_AGE_MS) return null;
  return { response: p.response, sentAt: p.at };
}
