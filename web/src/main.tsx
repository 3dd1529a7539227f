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
// After the window's load, which has usually fired already: index.html's preload script adds this entry only once the
// boot screen has painted (decision 035's addendum), and the page had nothing else to wait for.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      /* the app works without it; it only helps reloads on a dropped connection */
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
