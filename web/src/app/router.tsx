import { createBrowserRouter, Navigate, useParams, useLocation, type RouteObject } from "react-router";
import { ROLE_HOME } from "@adesua/domain/rules";
import type { Role } from "@adesua/domain/constants";
import { useAuth } from "../lib/auth";
import { ApiBridge } from "./api-bridge";
import { LoadingScreen, RequireAuth } from "./guard";
import { RoleLayout } from "./layouts/role-layout";
import { ADMIN_NAV, STUDENT_NAV, TEACHER_NAV } from "./nav";
import { NotYetAvailable } from "./not-yet";
import { adminRoutes, studentRoutes, teacherRoutes } from "./routes";

function HomeRedirect() {
  const { user, loading } = useAuth();
  if (loading) return <LoadingScreen />;
  return <Navigate to={user ? ROLE_HOME[user.role] : "/login"} replace />;
}

/** Public pages send a signed-in user to their home. */
function PublicOnly({ children }: { children: React.ReactNode }) {
  const { user, loading } = useAuth();
  if (loading) return <LoadingScreen />;
  if (user) return <Navigate to={ROLE_HOME[user.role]} replace />;
  return <>{children}</>;
}

/** Rewrites an alias prefix to the real area, keeping the rest of the path. */
function Alias({ from, to }: { from: string; to: string }) {
  const location = useLocation();
  useParams();
  return <Navigate to={location.pathname.replace(from, to) + location.search} replace />;
}

/** Wraps a child route in its own role check (areas may be wider than some of their pages). */
export function guarded(route: RouteObject & { roles?: readonly Role[] }): RouteObject {
  const { roles, ...rest } = route;
  if (!roles) return rest;
  const lazy = rest.lazy;
  if (typeof lazy === "function") {
    return {
      ...rest,
      lazy: async () => {
        const mod = await (lazy as () => Promise<{ Component?: React.ComponentType }>)();
        const Inner = mod.Component!;
        return {
          Component: () => (
            <RequireAuth roles={roles}>
              <Inner />
            </RequireAuth>
          ),
        };
      },
    };
  }
  return { ...rest, element: <RequireAuth roles={roles}>{rest.element}</RequireAuth> };
}

const soon = (path: string, title: string, roles?: readonly Role[]): RouteObject => guarded({ path, element: <NotYetAvailable title={title} />, roles });

export const routes: RouteObject[] = [
  {
    element: <ApiBridge />,
    children: [
      { index: true, element: <HomeRedirect /> },
      {
        path: "login",
        lazy: async () => {
          const m = await import("../features/auth/routes/login");
          return {
            Component: () => (
              <PublicOnly>
                <m.LoginPage />
              </PublicOnly>
            ),
          };
        },
      },
      {
        path: "signup",
        lazy: async () => {
          const m = await import("../features/auth/routes/signup");
          return {
            Component: () => (
              <PublicOnly>
                <m.SignupPage />
              </PublicOnly>
            ),
          };
        },
      },
      {
        path: "students/dashboard",
        element: (
          <RequireAuth>
            <RoleLayout nav={STUDENT_NAV} home="/students/dashboard" areaLabel="Student" />
          </RequireAuth>
        ),
        children: [...studentRoutes.map(guarded), soon("past-questions", "Past Questions"), soon("past-questions/*", "Past Questions")],
      },
      {
        path: "teachers/dashboard",
        element: (
          <RequireAuth roles={["teacher", "admin"]}>
            <RoleLayout nav={TEACHER_NAV} home="/teachers/dashboard" areaLabel="Teacher" />
          </RequireAuth>
        ),
        children: [
          ...teacherRoutes.map(guarded),
          ...["schedule", "performance", "questions", "grade", "reports", "import-export", "library", "records"].map((p) =>
            soon(
              `${p}/*`,
              p.replace(/-/g, " / ").replace(/^./, (c) => c.toUpperCase()),
              ["teacher"],
            ),
          ),
          soon("quiz/upload", "Upload Quiz", ["teacher"]),
          soon("tables", "Table Management", ["admin"]),
        ],
      },
      {
        path: "admin/dashboard",
        element: (
          <RequireAuth roles={["admin", "teacher"]}>
            <RoleLayout nav={ADMIN_NAV} home="/admin/dashboard" areaLabel="Admin" />
          </RequireAuth>
        ),
        children: [
          ...adminRoutes.map(guarded),
          ...[
            "questions",
            "bulk-upload",
            "performance",
            "schedule",
            "grade",
            "reports",
            "import-export",
            "announcements",
            "announcement",
            "records",
            "record",
            "library",
            "submissions",
          ].map((p) =>
            soon(
              `${p}/*`,
              p.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase()),
            ),
          ),
          soon("quiz/upload", "Upload Quiz"),
          soon("logs", "Audit Logs", ["admin"]),
        ],
      },
      { path: "dashboard/admin/*", element: <Alias from="/dashboard/admin" to="/admin/dashboard" /> },
      { path: "teacher/dashboard/*", element: <Alias from="/teacher/dashboard" to="/teachers/dashboard" /> },
      { path: "*", element: <Navigate to="/login" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
