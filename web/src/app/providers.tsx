import { lazy, Suspense, type ReactNode } from "react";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { AuthProvider } from "../lib/auth";
import { ApiError } from "../lib/api";
import { theme } from "./theme";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refusal or a missing row will not change on retry; a network blip might.
      retry: (n, err) => !(err instanceof ApiError && err.status < 500) && n < 2,
      refetchOnWindowFocus: false,
    },
  },
});

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
