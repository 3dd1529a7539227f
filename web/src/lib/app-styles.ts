/**
 * Applies the app's stylesheets that index.html only preloads (web/build/paint-first.ts) and resolves when
 * they have loaded (or failed: the app still runs), so the first render is styled. Without preloads (the
 * dev server injects its CSS from the modules) it resolves at once.
 */
export function applyAppStyles(doc: Document = document): Promise<void> {
  const preloads = Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"][data-app-css]'));
  return Promise.all(
    preloads.map(
      (p) =>
        new Promise<void>((resolve) => {
          const sheet = doc.createElement("link");
          sheet.rel = "stylesheet";
          sheet.href = p.href;
          // The same request mode as the preload, so the preloaded response is the one used.
          if (p.crossOrigin !== null) sheet.crossOrigin = p.crossOrigin;
          sheet.onload = sheet.onerror = () => resolve();
          p.after(sheet);
        }),
    ),
  ).then(() => undefined);
}
