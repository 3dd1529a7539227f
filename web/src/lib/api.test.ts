import { beforeEach, describe, expect, it, vi } from "vitest";
import { api, ApiError, DEFAULT_FORBIDDEN, errorText, setApiHandlers, SESSION_ENDED } from "./api";
import { mockApi } from "../test/render";

describe("api client", () => {
  beforeEach(() => localStorage.clear());

  it("sends the bearer token from local storage key `token`", async () => {
    localStorage.setItem("token", "abc");
    let auth: string | null = null;
    globalThis.fetch = (async (_: RequestInfo | URL, init?: RequestInit) => {
      auth = (init?.headers as Record<string, string>).authorization;
      return new Response("{}", { status: 200 });
    }) as typeof fetch;
    await api("/auth/me");
    expect(auth).toBe("Bearer abc");
  });

  it("on 401 removes the token and reports 'Please log in again.'", async () => {
    localStorage.setItem("token", "abc");
    const onUnauthorized = vi.fn();
    setApiHandlers({ onUnauthorized, onForbidden: vi.fn() });
    mockApi({ "GET /api/users": [401, { error: "Your session has ended. Please log in again." }] });
    await expect(api("/users")).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem("token")).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledWith(SESSION_ENDED);
  });

  it("leaves 401 to the caller for login (wrong password is not an ended session)", async () => {
    const onUnauthorized = vi.fn();
    setApiHandlers({ onUnauthorized, onForbidden: vi.fn() });
    mockApi({ "POST /api/auth/login": [401, { error: "Invalid email or password" }] });
    const err = await api("/auth/login", { method: "POST", body: {}, skipAuthRedirect: true }).catch((e) => e);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(errorText(err, "Login failed")).toBe("Invalid email or password");
  });

  it("on 403 shows the server's error, or the spec's default", async () => {
    const onForbidden = vi.fn();
    setApiHandlers({ onUnauthorized: vi.fn(), onForbidden });
    mockApi({ "GET /api/logs": [403, { error: "You do not have permission to do this" }], "GET /api/x": [403, null] });
    await api("/logs").catch(() => {});
    await api("/x").catch(() => {});
    expect(onForbidden.mock.calls).toEqual([["You do not have permission to do this"], [DEFAULT_FORBIDDEN]]);
  });
});
