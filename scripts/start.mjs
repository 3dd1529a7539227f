// `npm start`: build the web app when it is missing or older than its sources, then run the server
// (API + built web app on one port; WORKERS=N runs N of them, see server/src/cluster.ts). Kept
// dependency-free so it runs right after `npm install`.
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const distIndex = path.join(root, "web/dist/index.html");
const sources = ["web/src", "web/public", "web/index.html", "web/vite.config.ts", "web/package.json", "domain/src", "package-lock.json"];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}

// Workers (WORKERS=N) run this file again: only the primary builds.
const builtAt = fs.existsSync(distIndex) ? fs.statSync(distIndex).mtimeMs : 0;
const changedAt = cluster.isPrimary ? Math.max(...sources.map((s) => newestMtime(path.join(root, s)))) : 0;
if (builtAt < changedAt) {
  console.log(builtAt ? "Web app sources changed: rebuilding…" : "Building the web app (first start)…");
  const vite = path.join(root, "node_modules/vite/bin/vite.js");
  const r = spawnSync(process.execPath, [vite, "build", "web", "--logLevel", "warn"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) {
    console.error("Adesua could not start: the web build failed (see above).");
    process.exit(1);
  }
}

const { register } = await import("tsx/esm/api");
register();
await import(path.join(root, "server/src/cluster.ts"));
