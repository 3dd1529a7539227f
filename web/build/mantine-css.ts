import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Per-component Mantine CSS, derived from the code instead of a hand-kept list.
 *
 * Every styled @mantine/core component imports its class-name map from `<Name>.module.mjs`, and
 * @mantine/core ships that component's stylesheet as `@mantine/core/styles/<Name>.css`. At build
 * time this plugin adds `import "@mantine/core/styles/<Name>.css"` to each such class-name module,
 * so a chunk carries exactly the CSS of the components in it: the login page gets the CSS of the
 * login page, the quiz form's Select and Modal styles stay in the staff chunks. Dependencies come
 * first (Button imports UnstyledButton before its own class map), which is the order Mantine's
 * documentation asks for. The global styles (baseline, CSS variables, global) are imported once
 * by `src/main.tsx`.
 *
 * The dev server pre-bundles @mantine/core, so transforms do not reach its modules there: in
 * `vite dev` the plugin adds the whole `@mantine/core/styles.css` to the entry instead.
 */
const require = createRequire(import.meta.url);
const stylesDir = path.dirname(require.resolve("@mantine/core/styles/global.css"));

const MODULE_RE = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;

/** The stylesheet import for a @mantine/core class-name module, or null for any other module. */
export function mantineCssFor(id: string): string | null {
  const m = MODULE_RE.exec(id.split("?")[0]);
  if (!m) return null;
  const file = path.join(stylesDir, `${m[1]}.css`);
  if (!fs.existsSync(file)) {
    // A Mantine upgrade renamed or dropped a stylesheet: fail the build rather than ship an unstyled component.
    throw new Error(`@mantine/core/styles/${m[1]}.css does not exist for ${id}`);
  }
  return `@mantine/core/styles/${m[1]}.css`;
}

export function mantineCss(): Plugin {
  let serve = false;
  return {
    name: "adesua:mantine-per-component-css",
    enforce: "pre",
    configResolved(c) {
      serve = c.command === "serve" && !process.env.VITEST;
    },
    transform(code, id) {
      if (serve) {
        return /[\\/]src[\\/]main\.tsx$/.test(id) ? { code: `import "@mantine/core/styles.css";\n${code}`, map: null } : null;
      }
      const css = mantineCssFor(id);
      return css ? { code: `import ${JSON.stringify(css)};\n${code}`, map: null } : null;
    },
  };
}
