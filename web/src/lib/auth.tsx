import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import type { LoginResponse, RegisterInput, User } from "@adesua/domain";
import { api, ApiError } from "./api";
import { tokenStore } from "./storage";

export const RESTORE_FAILED = "Authentication failed. Please try logging in again.";

type AuthState = {
  user: User | null;
  loading: boolean;
  /** Shown on the login screen after a failed session restore or an ended session. */
  notice: string | null;
  impersonating: boolean;
  login: (email: string, password: string) => Promise<User>;
  register: (input: RegisterInput) => Promise<User>;
  logout: () => Promise<void>;
  impersonate: (userId: number) => Promise<User>;
  stopImpersonation: () => Promise<void>;
  setNotice: (n: string | null) => void;
  clearUser: () => void;
  /** Replaces the signed-in user (after they changed their own password). */
  updateUser: (u: User) => void;
};

const AuthContext = createContext<AuthState | null>(null);

/**
 * Where the background check of a restored session stands. While it is pending (or after it failed),
 * a 401 on any other request means the same thing, so the login page shows the restore message.
 */
let restore: "idle" | "pending" | "failed" = "idle";
export function restoreFailedOrPending(): boolean {
  return restore !== "idle";
}

/** The user to render with at once: the one cached beside the token (revalidated by `/auth/me`). */
function cachedUser(): User | null {
  return tokenStore.get() ? tokenStore.getUser<User>() : null;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  // A returning student's shell and page render from the cached user, so the page's own query starts
  // with the first render instead of after `/auth/me`; without a cached user we wait for `/auth/me`.
  const [user, setUser] = useState<User | null>(cachedUser);
  const [loading, setLoading] = useState<boolean>(() => !!tokenStore.get() && !cachedUser());
  const [notice, setNotice] = useState<string | null>(null);
  const [impersonating, setImpersonating] = useState<boolean>(() => !!tokenStore.getAdmin());

  useEffect(() => {
    if (!tokenStore.get()) return;
    let live = true;
    restore = "pending";
    api<User>("/auth/me", { skipAuthRedirect: true })
      .then((u) => {
        restore = "idle";
        if (!live) return;
        // Unchanged (the usual case): no new context value, so nothing re-renders.
        if (JSON.stringify(u) === JSON.stringify(tokenStore.getUser<User>())) return;
        tokenStore.setUser(u);
        setUser(u);
      })
      .catch((err) => {
        // No network is not a failed sign-in: keep the session and the last known user.
        const cached = tokenStore.getUser<User>();
        if (!(err instanceof ApiError) && cached) {
          restore = "idle";
          if (live) setUser(cached);
          return;
        }
        restore = "failed";
        if (!live) return;
        tokenStore.clear();
        tokenStore.clearUser();
        setUser(null);
        setNotice(RESTORE_FAILED);
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, []);

  const login = useCallback(async (email: string, password: string) => {
    const r = await api<LoginResponse>("/auth/login", { method: "POST", body: { email, password }, skipAuthRedirect: true });
    tokenStore.set(r.token);
    tokenStore.setUser(r.user);
    restore = "idle";
    setNotice(null);
    setUser(r.user);
    return r.user;
  }, []);

  const register = useCallback(
    async (input: RegisterInput) => {
      await api<User>("/auth/register", { method: "POST", body: input, skipAuthRedirect: true });
      return login(input.email, input.password);
    },
    [login],
  );

  const logout = useCallback(async () => {
    try {
      if (tokenStore.get()) await api("/auth/logout", { method: "POST", skipAuthRedirect: true });
    } catch {
      /* the token is dropped locally either way */
    }
    tokenStore.clear();
    tokenStore.clearUser();
    // Logging out of an impersonated session ends the admin's stored session too.
    const admin = tokenStore.getAdmin();
    if (admin) {
      tokenStore.clearAdmin();
      setImpersonating(false);
    }
    setUser(null);
  }, []);

  const impersonate = useCallback(async (userId: number) => {
    const r = await api<LoginResponse>(`/auth/impersonate/${userId}`, { method: "POST" });
    const own = tokenStore.get();
    if (own) tokenStore.setAdmin(own);
    tokenStore.set(r.token);
    tokenStore.setUser(r.user);
    setImpersonating(true);
    setUser(r.user);
    return r.user;
  }, []);

  const stopImpersonation = useCallback(async () => {
    const admin = tokenStore.getAdmin();
    try {
      await api("/auth/logout", { method: "POST", skipAuthRedirect: true });
    } catch {
      /* the impersonation token expires within the hour anyway */
    }
    tokenStore.clearAdmin();
    tokenStore.clearUser();
    if (admin) tokenStore.set(admin);
    else tokenStore.clear();
    // The spec restores the admin token and reloads, so every cached view belongs to the admin again.
    window.location.assign("/admin/dashboard/users");
  }, []);

  const value = useMemo<AuthState>(
    () => ({
      user,
      loading,
      notice,
      impersonating,
      login,
      register,
      logout,
      impersonate,
      stopImpersonation,
      setNotice,
      clearUser: () => {
        tokenStore.clearUser();
        setUser(null);
      },
      updateUser: (u: User) => {
        tokenStore.setUser(u);
        setUser(u);
      },
    }),
    [user, loading, notice, impersonating, login, register, logout, impersonate, stopImpersonation],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth must be used inside AuthProvider");
  return ctx;
}

export { ApiError };
