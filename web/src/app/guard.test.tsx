import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, act } from "@testing-library/react";
import { useQuery } from "@tanstack/react-query";
import { RequireAuth } from "./guard";
import { ApiBridge } from "./api-bridge";
import { api } from "../lib/api";
import { mockApi, renderRoutes } from "../test/render";

const student = { id: 1, name: "Yaw Darko", email: "y@s.gh", role: "student", studentType: "jhs1", hasPassword: true, createdAt: "2026-01-01T00:00:00Z" };

const routes = [
  { path: "/login", element: <p>login page</p> },
  { path: "/students/dashboard", element: <p>student home</p> },
  {
    path: "/admin/dashboard",
    element: (
      <RequireAuth roles={["admin"]}>
        <p>admin home</p>
      </RequireAuth>
    ),
  },
];

describe("route guard", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it("sends a visitor without a token to /login", async () => {
    renderRoutes(routes, "/admin/dashboard");
    expect(await screen.findByText("login page")).toBeInTheDocument();
  });

  it("shows Loading... while the user loads, then Access Denied for the wrong role, then goes home after 3 s", async () => {
    localStorage.setItem("token", "t");
    mockApi({ "GET /api/auth/me": [200, student] });
    renderRoutes(routes, "/admin/dashboard");
    expect(screen.getByText("Loading...")).toBeInTheDocument();
    expect(await screen.findByText("Sorry, you don't have permission to access this page.")).toBeInTheDocument();
    expect(screen.getByText(/Required role:/).parentElement).toHaveTextContent("Admin");
    expect(screen.getByText(/Your role:/).parentElement).toHaveTextContent("Student");
    expect(screen.getByRole("button", { name: "Go Back" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Go to Student Dashboard" })).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 3100)));
    expect(screen.getByText("student home")).toBeInTheDocument();
  });

  it("removes a token the server rejects and explains why on the login page", async () => {
    localStorage.setItem("token", "stale");
    mockApi({ "GET /api/auth/me": [401, { error: "Your session has ended. Please log in again." }] });
    const { LoginPage } = await import("../features/auth/routes/login");
    renderRoutes([{ path: "/login", element: <LoginPage /> }, ...routes.slice(1)], "/admin/dashboard");
    expect(await screen.findByText("Authentication failed. Please try logging in again.")).toBeInTheDocument();
    expect(localStorage.getItem("token")).toBeNull();
  });
});

describe("session restore without a network", () => {
  it("keeps the token and the last known user when /auth/me cannot be reached", async () => {
    localStorage.setItem("token", "t");
    localStorage.setItem("user", JSON.stringify(student));
    globalThis.fetch = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    renderRoutes(
      [
        routes[0],
        {
          path: "/students/dashboard",
          element: (
            <RequireAuth roles={["student"]}>
              <p>guarded student home</p>
            </RequireAuth>
          ),
        },
      ],
      "/students/dashboard",
    );
    expect(await screen.findByText("guarded student home")).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(localStorage.getItem("token")).toBe("t");
  });
});

describe("session restore from the cached user", () => {
  beforeEach(() => localStorage.clear());

  /** fetch that records calls and answers `/auth/me` only when `answerMe` is called. */
  function slowMe(me: [number, unknown], page: [number, unknown]) {
    const calls: string[] = [];
    let answerMe: () => void = () => {};
    const meAnswered = new Promise<void>((r) => (answerMe = r));
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://localhost");
      calls.push(url.pathname);
      const [status, body] = url.pathname === "/api/auth/me" ? (await meAnswered, me) : page;
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    }) as typeof fetch;
    return { calls, answerMe };
  }

  function PageWithQuery() {
    const q = useQuery({ queryKey: ["page"], queryFn: () => api<{ title: string }>("/page") });
    return <p>{q.data ? q.data.title : "page shell"}</p>;
  }

  const signedInRoutes = (login: React.ReactNode) => [
    {
      element: <ApiBridge />,
      children: [
        { path: "/login", element: login },
        {
          path: "/students/dashboard",
          element: (
            <RequireAuth roles={["student"]}>
              <PageWithQuery />
            </RequireAuth>
          ),
        },
      ],
    },
  ];

  it("renders the page at once and starts its query before /auth/me answers", async () => {
    localStorage.setItem("token", "t");
    localStorage.setItem("user", JSON.stringify(student));
    const { calls, answerMe } = slowMe([200, student], [200, { title: "page data" }]);
    renderRoutes(signedInRoutes(<p>login page</p>), "/students/dashboard");
    expect(screen.getByText("page shell")).toBeInTheDocument();
    expect(await screen.findByText("page data")).toBeInTheDocument();
    // The page had its data while /auth/me was still unanswered.
    expect([...calls].sort()).toEqual(["/api/auth/me", "/api/page"]);
    answerMe();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.getByText("page data")).toBeInTheDocument();
    expect(localStorage.getItem("token")).toBe("t");
  });

  it("signs out with the restore message when the server refuses the cached session, even if the page's query is refused first", async () => {
    localStorage.setItem("token", "stale");
    localStorage.setItem("user", JSON.stringify(student));
    const ended = { error: "Your session has ended. Please log in again." };
    const { answerMe } = slowMe([401, ended], [401, ended]);
    const { LoginPage } = await import("../features/auth/routes/login");
    renderRoutes(signedInRoutes(<LoginPage />), "/students/dashboard");
    expect(await screen.findByText("Authentication failed. Please try logging in again.")).toBeInTheDocument();
    answerMe();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.getByText("Authentication failed. Please try logging in again.")).toBeInTheDocument();
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
  });
});
