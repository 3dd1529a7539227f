import type { Plugin } from "vite";

const APPSHELL_RE = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/].*\.mjs$/;
const IMPORT = 'import { RemoveScroll } from "react-remove-scroll";';

/**
 * Mantine's AppShell header/footer/aside import the whole `react-remove-scroll` (a scroll-lock
 * component with its side car, ~3 KB compressed on every signed-in page's first load) only to read
 * two class names. In a build this plugin points those imports at the class names' own module
 * (`react-remove-scroll-bar/constants`, where react-remove-scroll takes them from); Modal and Drawer
 * still get the real component. If Mantine changes that import, the build fails here.
 */
export function appShellRemoveScrollClasses(): Plugin {
  return {
    name: "adesua:appshell-remove-scroll-classes",
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      if (!APPSHELL_RE.test(id.split("?")[0]) || !code.includes("react-remove-scroll")) return null;
      if (!code.includes(IMPORT) || /RemoveScroll(?!\.classNames\.(zeroRight|fullWidth)\b)[^\w]/.test(code.replace(IMPORT, ""))) {
        this.error(`${id}: unexpected use of react-remove-scroll; update web/build/appshell-remove-scroll.ts`);
      }
      return {
        code: code.replace(
          IMPORT,
          'import { zeroRightClassName, fullWidthClassName } from "react-remove-scroll-bar/constants";\n' +
            "const RemoveScroll = { classNames: { zeroRight: zeroRightClassName, fullWidth: fullWidthClassName } };",
        ),
        map: null,
      };
    },
  };
}
