// Bundle budget, run by `npm test` after `npm run build` (or on its own: `npm run budget`).
//
// From the build manifest (web/dist/.vite/manifest.json) it works out what a student's first visit
// to each student route downloads: the entry chunk and its stylesheets, the route's lazy module, and
// every chunk either of them imports statically (not the lazy imports of other routes). Sizes are
// the pre-compressed files the server sends (web/build/precompress.ts). The budget counts brotli,
// what every browser a student uses (Chrome on Android, over HTTPS) accepts and receives; gzip, the
// fallback for the rest, is printed beside it.
//
// Fails when
//   - a student route needs more than 150 KB (brotli) of JavaScript and CSS for its first load, or
//   - a chunk has grown more than 10% (and more than 64 bytes) past its size (brotli) recorded in
//     bench/bundle-sizes.json.
// `npm run budget -- --update` records the current chunk sizes and rewrites the figures block in
// bench/README.md (do it when a change is meant to grow a chunk, and say why in the commit).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// WEB_DIST (as the server and the browser journeys read it) checks a build kept elsewhere.
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, "web/dist");
const recordFile = path.join(root, "bench/bundle-sizes.json");
const readme = path.join(root, "bench/README.md");
const BUDGET = 150 * 1024;
const GROWTH = 0.1;
const NOISE = 64;

/**
 * Student routes: the lazy module each one loads (web/src/app/routes.tsx and router.tsx), and `also`
 * the modules the route's lazy loader loads beside it (the home's current announcements).
 */
const ROUTES = [
  { name: "login", module: "src/features/auth/routes/login.tsx" },
  // The home and the announcements above it travel in one chunk group (web/vite.config.ts, decision 035).
  { name: "student home", module: /^_student-home-[\w-]+\.js$/ },
  { name: "schedule", module: "src/features/schedule/routes/student-schedule-page.tsx" },
  { name: "quiz list", module: "src/features/quizzes/routes/student-quizzes-page.tsx" },
  { name: "attempt screen", module: "src/features/attempts/routes/attempt-page.tsx" },
  // The student bank list (issue 11): groups, filters and the per-subject practice history.
  { name: "past questions", module: /^src\/features\/question-bank\/routes\/past-questions-page\.tsx$/ },
  // Issue 28: the student's results, their own mock result slip and term report card.
  { name: "results", module: "src/app/results-page.tsx" },
  { name: "result slip", module: "src/features/mocks/routes/student-slip-page.tsx" },
  { name: "report card", module: "src/features/terms/routes/student-report-page.tsx" },
];

const manifestPath = path.join(dist, ".vite/manifest.json");
if (!fs.existsSync(manifestPath)) {
  console.error("bundle budget: web/dist/.vite/manifest.json is missing; run `npm run build` first.");
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8"));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
// Files index.html itself names (none since the inline preload script loads the entry and its files once the boot
// screen has painted, decision 035's addendum; they are the entry's closure in the manifest, counted below).
const indexHtml = fs.readFileSync(path.join(dist, "index.html"), "utf8");
const htmlFiles = [...indexHtml.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
// Scripts inline in index.html (the route preloader) count as JavaScript of every first load too.
const inlineScripts = [...indexHtml.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)].filter((m) => !/\ssrc\s*=/.test(m[1] ?? "") && m[2]).map((m) => m[2]);
function inlineSize(code) {
  const buf = Buffer.from(code);
  return {
    raw: buf.length,
    gz: zlib.gzipSync(buf, { level: 9 }).length,
    br: zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

function size(file) {
  const p = path.join(dist, file);
  const raw = fs.statSync(p).size;
  // Files under 256 bytes are not pre-compressed: they go out as they are. A build without
  // pre-compressed files (an older one) is measured by compressing in memory the same way.
  const small = raw < 256;
  const gz = fs.existsSync(`${p}.gz`) ? fs.statSync(`${p}.gz`).size : small ? raw : zlib.gzipSync(fs.readFileSync(p), { level: 9 }).length;
  const br = fs.existsSync(`${p}.br`)
    ? fs.statSync(`${p}.br`).size
    : small
      ? raw
      : zlib.brotliCompressSync(fs.readFileSync(p), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return { raw, gz, br };
}

/** Every file (chunks and their CSS) a manifest entry needs before it runs. */
function closure(key, files = new Set(), seen = new Set()) {
  if (seen.has(key)) return files;
  seen.add(key);
  const e = manifest[key];
  if (!e) throw new Error(`bundle budget: ${key} is not in the build manifest`);
  files.add(e.file);
  for (const css of e.css ?? []) files.add(css);
  for (const imp of e.imports ?? []) closure(imp, files, seen);
  return files;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const failures = [];
const rows = [];
for (const r of ROUTES) {
  const key = typeof r.module === "string" ? (manifest[r.module] ? r.module : null) : Object.keys(manifest).find((k) => r.module.test(k));
  if (!key) {
    if (r.optional) {
      rows.push({ name: r.name, missing: true });
      continue;
    }
    failures.push(`${r.name}: its module ${r.module} is not in the build (was it moved? update scripts/bundle-budget.mjs)`);
    continue;
  }
  const files = closure(entryKey, closure(key));
  for (const extra of r.also ?? []) {
    if (manifest[extra]) closure(extra, files);
    else failures.push(`${r.name}: its module ${extra} is not in the build (was it moved? update scripts/bundle-budget.mjs)`);
  }
  for (const f of htmlFiles) files.add(f);
  const t = { js: 0, css: 0, raw: 0, gz: 0, br: 0, files: files.size };
  for (const code of inlineScripts) {
    const s = inlineSize(code);
    t.raw += s.raw;
    t.gz += s.gz;
    t.br += s.br;
    t.js += s.br;
  }
  for (const f of files) {
    const s = size(f);
    t.raw += s.raw;
    t.gz += s.gz;
    t.br += s.br;
    if (f.endsWith(".css")) t.css += s.br;
    else t.js += s.br;
  }
  rows.push({ name: r.name, ...t });
  if (t.br > BUDGET) failures.push(`${r.name}: first load is ${kb(t.br)} brotli, over the ${kb(BUDGET)} budget`);
}

// Every emitted JS/CSS chunk, by name without its content hash.
const emitted = new Set(
  Object.values(manifest)
    .flatMap((e) => [e.file, ...(e.css ?? [])])
    .filter((f) => /\.(js|css)$/.test(f)),
);
const chunks = {};
for (const f of emitted) {
  // Two chunks with one name (rare) are counted together.
  const name = path.basename(f).replace(/-[A-Za-z0-9_-]{8}(?=\.(js|css)$)/, "");
  chunks[name] = (chunks[name] ?? 0) + size(f).br;
}

const update = process.argv.includes("--update");
const recorded = fs.existsSync(recordFile) ? JSON.parse(fs.readFileSync(recordFile, "utf8")).chunks : {};
const grown = [];
const added = [];
for (const [name, br] of Object.entries(chunks)) {
  const was = recorded[name];
  if (was === undefined) added.push(name);
  // A few bytes of brotli noise (other chunks' hashed names inside a tiny chunk) are not growth.
  else if (br > was * (1 + GROWTH) && br - was > NOISE) grown.push(`${name}: ${kb(br)} brotli, recorded ${kb(was)} (+${Math.round((br / was - 1) * 100)}%)`);
}

const table = [
  "| route | files | JS (brotli) | CSS (brotli) | total brotli | total gzip | uncompressed |",
  "|---|---|---|---|---|---|---|",
  ...rows.map((r) =>
    r.missing
      ? `| ${r.name} | – | – | – | not built yet (placeholder page) | – | – |`
      : `| ${r.name} | ${r.files} | ${kb(r.js)} | ${kb(r.css)} | **${kb(r.br)}** | ${kb(r.gz)} | ${kb(r.raw)} |`,
  ),
].join("\n");

console.log(`First load per student route (budget ${kb(BUDGET)} brotli of JS + CSS):\n${table}\n`);
if (added.length && !update) console.log(`New chunks without a recorded size (record with --update): ${added.join(", ")}`);

if (update) {
  const sorted = Object.fromEntries(Object.entries(chunks).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(recordFile, `${JSON.stringify({ note: "brotli bytes per chunk; written by `npm run budget -- --update`", chunks: sorted }, null, 2)}\n`);
  const text = fs.readFileSync(readme, "utf8");
  const begin = "<!-- bundle-budget:begin -->";
  const end = "<!-- bundle-budget:end -->";
  if (text.includes(begin)) {
    fs.writeFileSync(readme, text.replace(new RegExp(`${begin}[\\s\\S]*?${end}`), `${begin}\n${table}\n${end}`));
  }
  console.log(`Recorded ${Object.keys(sorted).length} chunk sizes in bench/bundle-sizes.json.`);
} else {
  for (const g of grown) failures.push(`chunk grew past its recorded size by more than 10%: ${g}`);
}

if (failures.length) {
  console.error(`Bundle budget failed:\n  - ${failures.join("\n  - ")}`);
  process.exit(1);
}
console.log("Bundle budget: every student route fits and no chunk grew more than 10%.");
