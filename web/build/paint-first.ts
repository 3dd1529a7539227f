import type { Plugin } from "vite";

/**
 * Lets index.html's own boot screen paint before any stylesheet arrives.
 *
 * Stylesheets in `<head>` block the first paint, so the boot screen (brand, what Adesua is,
 * "Loading...") would wait for the app's CSS files, each a round trip on slow mobile data. Moved to
 * the end of `<body>` they block nothing above them: the boot screen (styled by index.html's own
 * `<style>`) paints as soon as the HTML arrives. The app's module script still runs only after those
 * stylesheets have loaded (the browser holds scripts for pending stylesheets), so the app never
 * renders unstyled.
 */
export function paintFirst(): Plugin {
  return {
    name: "adesua:paint-first",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const links: string[] = [];
        const out = html.replace(/\s*<link rel="stylesheet"[^>]*>/g, (m) => {
          links.push(m.trim());
          return "";
        });
        if (!links.length) return html;
        return out.replace(/(\s*)<\/body>/, `$1  ${links.join("$1  ")}$1</body>`);
      },
    },
  };
}
