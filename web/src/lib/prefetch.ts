/**
 * Answers the preload script (web/build/route-preload.ts) asked for before the app's code had arrived:
 * the first page's GET calls, started with the stored token while the entry downloaded. The first `api()`
 * GET for the same address takes it (once); anything else, later, or under another token asks the server.
 */
type Prefetched = { token: string; at: number; response: Promise<Response> };

/** window.__adesuaPrefetch (PREFETCH_GLOBAL in route-preload.ts). */
const store = () => (globalThis as { __adesuaPrefetch?: Record<string, Prefetched> }).__adesuaPrefetch;

/** Older than this, an answer may be stale: ask again. */
const MAX_AGE_MS = 20_000;

export function takePrefetched(url: string, token: string | null): Promise<Response> | null {
  const all = store();
  const p = all?.[url];
  if (!all || !p) return null;
  delete all[url];
  if (!token || p.token !== token || Date.now() - p.at > MAX_AGE_MS) return null;
  return p.response;
}
