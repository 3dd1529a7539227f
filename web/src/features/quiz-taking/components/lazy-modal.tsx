import { lazy, Suspense, type ComponentProps } from "react";
import type { Modal as MantineModal } from "@mantine/core";

const Loaded = lazy(() => import("./modal").then((m) => ({ default: m.Modal })));

/**
 * Mantine's Modal (with its focus trap, portal, scroll lock and floating-ui), fetched when the quiz
 * first renders instead of before it: the confirm dialogs are never part of the first paint, and the
 * chunk is loaded (and kept by the service worker) long before a student could lose the connection
 * and press Submit.
 */
export function Modal(props: ComponentProps<typeof MantineModal>) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
