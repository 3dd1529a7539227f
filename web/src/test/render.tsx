import type { ReactElement } from "react";
import { render } from "@testing-library/react";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from "react-router";
import { AuthProvider } from "../lib/auth";
import { theme } from "../app/theme";

/** Renders routes inside the app's providers at `path` (a URL, or a history entry with its state), with a fresh query cache. */
export function renderRoutes(routes: RouteObject[], path: InitialEntry) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const utils = render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={qc}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...utils, router };
}

export function renderWithProviders(ui: ReactElement) {
  return renderRoutes([{ path: "*", element: ui }], "/");
}

/** A signed-in browser: a fresh localStorage holding a session token (the test's GET /api/auth/me says whose). */
export function signIn() {
  localStorage.clear();
  localStorage.setItem("token", "t");
}

/** Replaces fetch with a table of `METHOD /api/path` → [status, body]. */
export function mockApi(table: Record<string, [number, unknown]>) {
  const calls: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const key = `${init?.method ?? "GET"} ${url.pathname}`;
    calls.push(key);
    const hit = table[key];
    if (!hit) return new Response(JSON.stringify({ error: "Not found" }), { status: 404 });
    return new Response(JSON.stringify(hit[1]), { status: hit[0], headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return calls;
}
