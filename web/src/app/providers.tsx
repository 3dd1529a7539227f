import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { MantineProvider } from "@mantine/core";
import { notificationsStore } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import { AuthProvider } from "../lib/auth";
import { theme } from "./theme";
import { queryClient } from "./query-client";

export { queryClient };

// The notification container (with its transitions and styles) loads when the first notification is
// shown: most visits show none, and a first load should spend its bandwidth on the page. A notification
// waits in the store until the container has arrived, then appears.
const Notifications = lazy(() => import("./lazy-notifications").then((m) => ({ default: m.Notifications })));

const anyNotification = () => {
  const s = notificationsStore.getState();
  return s.notifications.length + s.queue.length > 0;
};

function NotificationsOnDemand() {
  const [wanted, setWanted] = useState(anyNotification);
  useEffect(() => {
    if (wanted) return;
    const stop = notificationsStore.subscribe(() => {
      if (anyNotification()) setWanted(true);
    });
    // One may have been shown between the first render and this subscription.
    if (anyNotification()) setWanted(true);
    return stop;
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-center" limit={3} />
    </Suspense>
  );
}

// deduplicateCssVariables off: the provider writes every Mantine CSS variable itself, so the 27 KB
// default-variables stylesheet is not sent (see main.tsx).
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} deduplicateCssVariables={false}>
      <NotificationsOnDemand />
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
