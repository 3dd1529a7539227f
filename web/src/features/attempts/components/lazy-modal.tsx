import { lazy, Suspense, useEffect, useState } from "react";
import type { ConfirmStepsProps } from "./modal";

const Loaded = lazy(() => import("./modal").then((m) => ({ default: m.ConfirmSteps })));

/** Calls `then` once the page has loaded and the browser is idle (or after 3 s of no idle time). */
export function afterLoadAndIdle(then: () => void): () => void {
  let cancel = () => {};
  const idle = () => {
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(then, { timeout: 3000 });
      cancel = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(then, 200);
      cancel = () => clearTimeout(id);
    }
  };
  if (document.readyState === "complete") idle();
  else {
    window.addEventListener("load", idle, { once: true });
    cancel = () => window.removeEventListener("load", idle);
  }
  return () => cancel();
}

/**
 * The runner's confirmations (Submit Quiz?, Next Section?) in Mantine's Modal (with its focus trap, portal, scroll lock
 * and floating-ui) and their words, fetched once the page has loaded and the browser is idle, instead of with the first
 * render: the confirm dialogs are never part of the first paint, and their files would otherwise compete with the
 * quiz's first paint on slow data (decision 031). The chunk is still loaded (and kept by the service worker) long
 * before a student could lose the connection and press Submit; a dialog opened sooner loads it at once.
 */
export function ConfirmSteps(props: ConfirmStepsProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => (ready ? undefined : afterLoadAndIdle(() => setReady(true))), [ready]);
  if (!ready && !props.confirm) return null;
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
