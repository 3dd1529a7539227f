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
};

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState<boolean>(() => !!tokenStore.get());
  const [notice, setNotice] = useState<string | null>(null);
  const [impersonating, setImpersonating] = useState<boolean>(() => !!tokenStore.getAdmin());

  useEffect(() => {
    if (!tokenStore.get()) return;
    let live = true;
    api<User>("/auth/me", { skipAuthRedirect: true })
      .then((u) => {
        if (!live) return;
        tokenStore.setUser(u);
        setUser(u);
      })
      .catch((err) => {
        if (!live) return;
        // No network is not a failed sign-in: keep the session and the last known user.
        const cached = tokenStore.getUser<User>();
        if (!(err instanceof ApiError) && cached) {
          setUser(cached);
          return;
        }
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
