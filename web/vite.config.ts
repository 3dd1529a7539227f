import { defineConfig, type PluginOption } from "vite";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { visualizer } from "rollup-plugin-visualizer";
import { mantineCss } from "./build/mantine-css.ts";
import { precompress } from "./build/precompress.ts";

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

export default defineConfig({
  plugins: [react(), mantineCss(), precompress(), ...analyze],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2020",
    chunkSizeWarningLimit: 600,
    // dist/.vite/manifest.json: which chunks and stylesheets each route module needs (read by the bundle budget check).
    manifest: true,
  },
});
