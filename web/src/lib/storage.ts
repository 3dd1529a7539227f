/** Local-storage keys the spec names: the session token and, while impersonating, the admin's own token. */
export const TOKEN_KEY = "token";
export const ADMIN_TOKEN_KEY = "adminToken";

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback; // storage can be unavailable (private mode, quota); the app still runs
  }
}

export const tokenStore = {
  get: () => safe(() => localStorage.getItem(TOKEN_KEY), null),
  set: (t: string) => safe(() => localStorage.setItem(TOKEN_KEY, t), undefined),
  clear: () => safe(() => localStorage.removeItem(TOKEN_KEY), undefined),
  getAdmin: () => safe(() => localStorage.getItem(ADMIN_TOKEN_KEY), null),
  setAdmin: (t: string) => safe(() => localStorage.setItem(ADMIN_TOKEN_KEY, t), undefined),
  clearAdmin: () => safe(() => localStorage.removeItem(ADMIN_TOKEN_KEY), undefined),
};
