import type { Plugin } from "vite";

/** The attribute that marks the app's own stylesheets in index.html (web/src/lib/app-styles.ts applies them). */
export const APP_CSS_ATTR = "data-app-css";

/**
 * Lets index.html's own boot screen paint before any stylesheet arrives, and keeps the app's stylesheets
 * from blocking rendering at all.
 *
 * A `<link rel="stylesheet">` in the HTML blocks the first paint (in `<head>`) or everything after it (in
 * `<body>`), so the boot screen (brand, what Adesua is, "Loading...", styled by index.html's own `<style>`)
 * would wait for the app's CSS files, each a round trip on slow mobile data. Instead each one becomes a
 * `<link rel="preload" as="style">`: downloaded at once and at high priority, but blocking nothing. The
 * entry applies them (web/src/lib/app-styles.ts) and renders only once they have loaded, so the app never
 * renders unstyled and nothing moves when the styles arrive.
 */
export function paintFirst(): Plugin {
  return {
    name: "adesua:paint-first",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        return html.replace(/<link rel="stylesheet"([^>]*)>/g, (_m, attrs: string) => `<link rel="preload" as="style"${attrs} ${APP_CSS_ATTR}>`);
      },
    },
  };
}
