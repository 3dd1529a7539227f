// `npm start`: build what is missing or older than its sources (the web app; the server's JavaScript and the embedded
// database's template, decision 052), then run the server (API + built web app on one port; WORKERS=N runs N of them,
// see server/src/cluster.ts). Kept dependency-free so it runs right after `npm install`.
//
// The server runs as built JavaScript (server/dist), not TypeScript compiled at run time: on a small school box tsx
// cost tens of MB and many seconds (decision 052). SERVER_BUILD=false runs the TypeScript through tsx instead, as
// before (development); a failed server build falls back to it with a warning.
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// WEB_DIST (also read by the server) puts the web build elsewhere, e.g. a read-only checkout.
const webDist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, "web/dist");
const distIndex = path.join(webDist, "index.html");
const webSources = ["web/src", "web/public", "web/index.html", "web/vite.config.ts", "web/package.json", "domain/src", "package-lock.json"];
// The same list as scripts/build-server.mjs's SERVER_SOURCES (not imported: this file must not load esbuild).
const serverSources = ["server/src", "domain/src", "server/package.json", "domain/package.json", "package-lock.json", "scripts/build-server.mjs"];
const serverEntry = path.join(root, "server/dist/cluster.js");

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}
const builtAt = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const stale = (file, sources) => builtAt(file) < Math.max(...sources.map((s) => newestMtime(path.join(root, s))));

// Workers (WORKERS=N) run this file again: only the primary builds.
if (cluster.isPrimary && stale(distIndex, webSources)) {
  console.log(builtAt(distIndex) ? "Web app sources changed: rebuilding…" : "Building the web app (first start)…");
  const vite = path.join(root, "node_modules/vite/bin/vite.js");
  const outDir = process.env.WEB_DIST ? ["--outDir", webDist, "--emptyOutDir"] : [];
  const r = spawnSync(process.execPath, [vite, "build", "web", "--logLevel", "warn", ...outDir], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) {
    console.error("Adesua could not start: the web build failed (see above).");
    process.exit(1);
  }
}

const useBuild = process.env.SERVER_BUILD?.trim().toLowerCase() !== "false";
let built = useBuild && fs.existsSync(serverEntry);
if (useBuild && cluster.isPrimary && stale(serverEntry, serverSources)) {
  // A process of its own: esbuild (and, the first time, PGlite making the database template) leave nothing behind in this one.
  console.log(built ? "Server sources changed: rebuilding the server…" : "Building the server (first start)…");
  const r = spawnSync(process.execPath, [path.join(root, "scripts/build-server.mjs"), "--quiet"], { cwd: root, stdio: "inherit" });
  built = r.status === 0 && fs.existsSync(serverEntry);
  if (!built) console.warn("The server build failed (see above): running the TypeScript sources through tsx instead.");
}

if (built) {
  await import(pathToFileURL(serverEntry).href);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(path.join(root, "server/src/cluster.ts"));
}
