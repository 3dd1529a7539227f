import { createBrowserRouter, Navigate, useParams, useLocation, type RouteObject } from "react-router";
import { ROLE_HOME } from "@adesua/domain/rules";
import type { Role } from "@adesua/domain/constants";
import { useAuth } from "../lib/auth";
import { ApiBridge } from "./api-bridge";
import { LoadingScreen, RequireAuth } from "./guard";
import { RoleLayout } from "./layouts/role-layout";
import { ADMIN_NAV, STUDENT_NAV, TEACHER_NAV, type NavItem } from "./nav";
import { NotYetAvailable } from "./not-yet";
import { PageNotFound } from "./not-found";
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

/** A public page (login, signup), loaded on its first visit and shown only to a signed-out user. */
function publicPage(path: string, load: () => Promise<React.ComponentType>): RouteObject {
  return {
    path,
    lazy: async () => {
      const Page = await load();
      return {
        Component: () => (
          <PublicOnly>
            <Page />
          </PublicOnly>
        ),
      };
    },
  };
}

/** Rewrites an alias prefix to the real area, keeping the rest of the path. */
function Alias({ from, to }: { from: string; to: string }) {
  const location = useLocation();
  useParams();
  return <Navigate to={location.pathname.replace(from, to) + location.search} replace />;
}

/** What the route-table test reads: the roles a route admits (undefined: any signed-in user). */
export type RouteHandle = { roles?: readonly Role[]; notYet?: boolean; notFound?: boolean };

/** Wraps a child route in its own role check (areas may be wider than some of their pages). */
export function guarded(route: RouteObject & { roles?: readonly Role[] }): RouteObject {
  const { roles, ...rest } = route;
  if (!roles) return rest;
  const handle: RouteHandle = { ...(rest.handle as RouteHandle | undefined), roles };
  const lazy = rest.lazy;
  if (typeof lazy === "function") {
    return {
      ...rest,
      handle,
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
  return { ...rest, handle, element: <RequireAuth roles={roles}>{rest.element}</RequireAuth> };
}

/** A spec route whose screen a later issue brings: the honest "not available yet" page, never a redirect. */
const soon = (path: string, title: string, roles?: readonly Role[]): RouteObject =>
  guarded({ path, element: <NotYetAvailable title={title} />, roles, handle: { notYet: true } satisfies RouteHandle });

/** An unknown address inside a signed-in area. */
const notFound: RouteObject = { path: "*", element: <PageNotFound />, handle: { notFound: true } satisfies RouteHandle };

const TEACHER_ONLY = ["teacher"] as const;

/** The spec's student routes still to come (path, title). */
const STUDENT_SOON: [string, string][] = [];

/** The spec's screens shared by the teacher and admin areas that are still to come. */
const STAFF_SOON: [string, string][] = [];

const TEACHER_SOON: [string, string][] = [...STAFF_SOON];

const ADMIN_SOON: [string, string][] = [...STAFF_SOON];

/** A signed-in area: its layout and menu behind the sign-in check (and the roles it admits, when it has any). */
function area(path: string, nav: NavItem[], areaLabel: string, children: RouteObject[], roles?: readonly Role[]): RouteObject {
  return {
    path,
    ...(roles && { handle: { roles } satisfies RouteHandle }),
    element: (
      <RequireAuth roles={roles}>
        <RoleLayout nav={nav} home={`/${path}`} areaLabel={areaLabel} />
      </RequireAuth>
    ),
    children,
  };
}

export const routes: RouteObject[] = [
  {
    element: <ApiBridge />,
    // Lazy pages load before the first render; this is shown meanwhile (and keeps the console clean).
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { index: true, element: <HomeRedirect /> },
      publicPage("login", () => import("../features/auth/routes/login").then((m) => m.LoginPage)),
      publicPage("signup", () => import("../features/auth/routes/signup").then((m) => m.SignupPage)),
      area("students/dashboard", STUDENT_NAV, "Student", [...studentRoutes.map(guarded), ...STUDENT_SOON.map(([p, t]) => soon(p, t)), notFound]),
      area(
        "teachers/dashboard",
        TEACHER_NAV,
        "Teacher",
        [...teacherRoutes.map(guarded), ...TEACHER_SOON.map(([p, t]) => soon(p, t, TEACHER_ONLY)), notFound],
        ["teacher", "admin"],
      ),
      area("admin/dashboard", ADMIN_NAV, "Admin", [...adminRoutes.map(guarded), ...ADMIN_SOON.map(([p, t]) => soon(p, t)), notFound], ["admin", "teacher"]),
      { path: "dashboard/admin/*", element: <Alias from="/dashboard/admin" to="/admin/dashboard" /> },
      { path: "teacher/dashboard/*", element: <Alias from="/teacher/dashboard" to="/teachers/dashboard" /> },
      // The spec: unknown paths outside the signed-in areas go to /login.
      { path: "*", element: <Navigate to="/login" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
