// Mantine's global styles; each component's own stylesheet comes with the component (web/build/mantine-css.ts).
// The default CSS variables are written by MantineProvider (providers.tsx: deduplicateCssVariables off).
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/global.css";
// First of the app's own modules: applies the app's stylesheets before the router can load a page's chunk (styles-first.ts).
import { appStylesApplied } from "./app/styles-first";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./app/providers";
import { router } from "./app/router";

// The first render waits for the app's stylesheets (preloaded by index.html, applied here: they block no
// paint of the boot screen) and runs as a transition: React renders it in slices and lets the browser
// breathe between them, instead of one long task that keeps a slow phone from answering a tap.
const root = createRoot(document.getElementById("root")!);
void appStylesApplied.then(() =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  }),
);

// Production only: the dev server's modules are not hashed and must not be cached.
// Once the first page has rendered and the browser is idle (3 s at most): the worker's install downloads every
// asset, which must not compete with the page's own code and calls. The window's load event no longer marks that
// moment: it has usually fired before this entry runs, since index.html's preload script adds the entry only once the
// boot screen has painted (decision 035's addendum).
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      /* the app works without it; it only helps reloads on a dropped connection */
    });
  };
  const whenIdle = () => (typeof requestIdleCallback === "function" ? requestIdleCallback(register, { timeout: 3000 }) : setTimeout(register, 1000));
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}
