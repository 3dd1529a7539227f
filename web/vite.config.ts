import { defineConfig, type PluginOption } from "vite";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { visualizer } from "rollup-plugin-visualizer";
import { mantineCss } from "./build/mantine-css.ts";
import { appShellRemoveScrollClasses } from "./build/appshell-remove-scroll.ts";
import { precompress } from "./build/precompress.ts";
import { routePreload } from "./build/route-preload.ts";
import { paintFirst } from "./build/paint-first.ts";
import { FIRST_LOAD_ROUTES } from "./build/first-load-routes.ts";
import { staffChunkPattern } from "./build/staff-pages.ts";

// `ANALYZE=1 npm run build` also writes web/bundle-stats.html: a treemap of what fills each chunk.
const analyze: PluginOption[] = process.env.ANALYZE
  ? [
      visualizer({
        filename: fileURLToPath(new URL("./bundle-stats.html", import.meta.url)),
        template: "treemap",
        gzipSize: true,
        brotliSize: true,
        sourcemap: !!process.env.ANALYZE_SOURCEMAP,
      }),
    ]
  : [];

/** Chunks only staff pages load (teacher and admin screens): the pages only the teacher and admin route tables name. */
const STAFF_CHUNK = staffChunkPattern(fileURLToPath(new URL("./src/app/routes.tsx", import.meta.url)));

export default defineConfig({
  plugins: [
    react(),
    mantineCss(),
    appShellRemoveScrollClasses(),
    paintFirst(),
    // The first page's API calls leave as the HTML is parsed; its code (the entry and the route's own chunks) once the
    // boot screen has painted. After paintFirst: it takes the app's stylesheet preloads out of index.html too.
    routePreload(FIRST_LOAD_ROUTES),
    precompress(),
    ...analyze,
  ],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2020",
    chunkSizeWarningLimit: 600,
    // dist/.vite/manifest.json: which chunks and stylesheets each route module needs (read by the bundle budget check).
    manifest: true,
    // Every browser a student uses supports <link rel="modulepreload"> (Safari before 17 merely preloads less).
    modulePreload: {
      polyfill: false,
      // Staff pages (the entry's route table lazy-loads them) keep only their stylesheets in the entry's preload
      // table: their scripts load through their own imports. Every student page carries the entry, and ~40 staff
      // routes' lists of preloaded scripts cost it about a kilobyte (the 150 KB budget, decision 011).
      resolveDependencies: (filename, deps) => (STAFF_CHUNK.test(filename) ? deps.filter((d) => d.endsWith(".css")) : deps),
    },
    // Fewer, larger files on a first load (each request costs a round trip on slow mobile data over
    // HTTP/1.1's six connections). Without groups, every small Mantine component shared by a different
    // set of pages became its own chunk (17–31 files per student page). Grouped by what a first page needs;
    // the bundle budget (npm run budget) keeps each student route's total under 150 KB brotli.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The small Mantine components nearly every student page shows (≈ 4 KB brotli together), and TanStack's
            // useMutation: the sign-in form writes through it, and in the "student" group it brought that whole chunk to the
            // login page (+3.5 KB brotli) for one hook (issue 26).
            {
              name: "ui",
              test: /@mantine[\\/]core[\\/].*[\\/]components[\\/](Alert|Anchor|Badge|SimpleGrid|Skeleton|Card|VisuallyHidden|ActionIcon|TextInput)[\\/]|@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]useMutation\.js$|@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]mutationObserver\.js$/,
            },
            // What the student pages share beyond the entry (the query hook, page header, list states, dates): one file
            // instead of ten on the home and the quiz list, each costing a round trip on one of six connections while the
            // entry downloads (decision 031). Exactly these modules: their dependencies are in the entry already.
            {
              name: "student",
              test: /@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/](IsRestoringProvider|QueryErrorResetBoundary|errorBoundaryUtils|suspense|useBaseQuery|useQuery|queryOptions)\.js$|@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]queryObserver\.js$|src[\\/]lib[\\/](format|use-now|use-query-params|mutations)\.ts$|src[\\/]components[\\/](page-header|empty-state|error-state|list-skeleton|greeting)\.tsx$|domain[\\/]src[\\/]rules[\\/]greeting\.ts$/,
              includeDependenciesRecursively: false,
            },
            // The student home's own modules and the announcements shown above it: one file instead of seven (decision 035).
            {
              name: "student-home",
              test: /src[\\/]features[\\/]home[\\/](routes[\\/]student-home\.tsx|api[\\/]student-home\.ts|lib[\\/]stats\.ts)$|src[\\/]features[\\/]schedule[\\/](components[\\/]current-announcements\.tsx|api[\\/]announcements\.ts)$|src[\\/]components[\\/]rich-text\.tsx$/,
              includeDependenciesRecursively: false,
            },
            // The quiz cards of the home and the quiz list (availability, start or resume button).
            {
              name: "quiz-cards",
              test: /domain[\\/]src[\\/]rules[\\/]quiz-availability\.ts$|src[\\/]components[\\/]quiz-attempt-action\.tsx$/,
              includeDependenciesRecursively: false,
            },
            // The sign-in form's password input and card travel with the login page (signup shares them).
            {
              name: "auth-form",
              test: /@mantine[\\/]core[\\/].*[\\/]components[\\/](PasswordInput)[\\/]|src[\\/]features[\\/]auth[\\/]components[\\/]/,
              // Only those modules: their shared helpers (e.g. Mantine's useUncontrolled, which the app shell uses too)
              // would otherwise come along and make every page load this chunk.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
