import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, act } from "@testing-library/react";
import { RequireAuth } from "./guard";
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
