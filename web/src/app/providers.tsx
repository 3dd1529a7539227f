import { lazy, Suspense, type ReactNode } from "react";
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { AuthProvider } from "../lib/auth";
import { theme } from "./theme";
import { queryClient } from "./query-client";

export { queryClient };

// The notification container (with its transitions) is not needed for the first paint: it loads
// beside the first page. Notifications shown before it arrives wait in the store and appear with it.
const Notifications = lazy(() => import("./lazy-notifications").then((m) => ({ default: m.Notifications })));

// deduplicateCssVariables off: the provider writes every Mantine CSS variable itself, so the 27 KB
// default-variables stylesheet is not sent (see main.tsx).
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} deduplicateCssVariables={false}>
      <Suspense fallback={null}>
        <Notifications position="top-center" limit={3} />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
