import { applyAppStyles } from "../lib/app-styles";

/**
 * The app's stylesheets (index.html only preloads them, web/build/paint-first.ts), applied as this module is evaluated:
 * before the router's module, whose creation starts loading the first page's lazy chunk.
 *
 * Vite's preload helper, on its first dynamic import, notes which stylesheets the document already has and links every
 * CSS dependency of a lazy chunk that it did not see. Applied any later (in main.tsx's body, after the router had
 * started), the entry's stylesheets were not yet there: `ui-*.css` (UnstyledButton's reset: no padding, background or
 * border) was linked a second time, after the stylesheet with Button's own styles, and every Button lost its look
 * (issue 24). main.tsx imports this module before anything that can import a chunk.
 */
export const appStylesApplied: Promise<void> = applyAppStyles();
