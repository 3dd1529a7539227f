import { lazy, Suspense, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { Center, Loader, Stack, Text } from "@mantine/core";
import type { Role } from "@adesua/domain";
import { useAuth } from "../lib/auth";

// Rare screens load when shown, so every first load does not carry them.
const AccessDenied = lazy(() => import("./access-denied").then((m) => ({ default: m.AccessDenied })));
const PendingApproval = lazy(() => import("./pending-approval").then((m) => ({ default: m.PendingApproval })));

// Only users holding a slip's one-time password ever see it: kept out of every first load.
const ChangePasswordScreen = lazy(() => import("./change-password").then((m) => ({ default: m.ChangePasswordScreen })));

export function LoadingScreen() {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <Text>Loading...</Text>
      </Stack>
    </Center>
  );
}

/** Signed-in users only; with `roles`, only those roles (others see Access Denied). */
export function RequireAuth({ roles, children }: { roles?: readonly Role[]; children: ReactNode }) {
  const { user, loading, impersonating } = useAuth();
  const location = useLocation();
  if (loading) return <LoadingScreen />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  // A self-registered teacher waits for an admin: the page says so instead of the teacher area.
  if (user.status === "pending")
    return (
      <Suspense fallback={<LoadingScreen />}>
        <PendingApproval />
      </Suspense>
    );
  // A one-time password from a printed slip: the user chooses their own before anything else (decision 025).
  if (user.mustChangePassword && !impersonating)
    return (
      <Suspense fallback={<LoadingScreen />}>
        <ChangePasswordScreen />
      </Suspense>
    );
  if (roles && !roles.includes(user.role))
    return (
      <Suspense fallback={<LoadingScreen />}>
        <AccessDenied required={roles} current={user.role} />
      </Suspense>
    );
  return <>{children}</>;
}
