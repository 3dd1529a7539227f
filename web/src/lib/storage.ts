/** Local-storage keys the spec names: the session token and, while impersonating, the admin's own token. */
export const TOKEN_KEY = "token";
export const ADMIN_TOKEN_KEY = "adminToken";
/** The last confirmed user, so a reload without a network keeps the student in their quiz. */
export const USER_KEY = "user";

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
  getUser: <T>(): T | null => safe(() => JSON.parse(localStorage.getItem(USER_KEY) ?? "null") as T | null, null),
  setUser: (u: unknown) => safe(() => localStorage.setItem(USER_KEY, JSON.stringify(u)), undefined),
  clearUser: () => safe(() => localStorage.removeItem(USER_KEY), undefined),
};
