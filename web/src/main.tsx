// Mantine's global styles; each component's own stylesheet comes with the component (web/build/mantine-css.ts).
// The default CSS variables are written by MantineProvider (providers.tsx: deduplicateCssVariables off).
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/global.css";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./app/providers";
import { router } from "./app/router";
import { applyAppStyles } from "./lib/app-styles";

// The first render waits for the app's stylesheets (preloaded by index.html, applied here: they block no
// paint of the boot screen) and runs as a transition: React renders it in slices and lets the browser
// breathe between them, instead of one long task that keeps a slow phone from answering a tap.
const root = createRoot(document.getElementById("root")!);
void applyAppStyles().then(() =>
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
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      /* the app works without it; it only helps reloads on a dropped connection */
    });
  });
}
