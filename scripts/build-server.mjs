// Builds the server's JavaScript into server/dist (decision 052), so a production start runs built code instead of
// compiling TypeScript at run time through tsx (tsx's loader thread, its esbuild process, and every module's source
// kept twice with its inline source map cost the school box tens of MB and seconds of a quarter core).
//
//   node scripts/build-server.mjs        (scripts/start.mjs runs it when server/dist is missing or older than its sources)
//
// Two entries: the server (cluster.ts, with main.ts and everything it imports) and the PGlite thread (pglite-worker.ts).
// The project's own TypeScript (server/src, domain/src) is bundled; packages stay in node_modules. Every module's
// `import.meta.url` is its source file's address, so whatever it finds beside itself (migrations, fonts, the
// document workers and the OCR process, which still run as TypeScript under tsx when a teacher uploads a file) is found
// as before. ADESUA_BUILD tells pglite-thread.ts to start the built database thread.
import path from "node:path";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_DIST = path.join(root, "server/dist");
/** What the build reads: a change to any of these makes scripts/start.mjs build again. */
export const SERVER_SOURCES = ["server/src", "domain/src", "server/package.json", "domain/package.json", "package-lock.json", "scripts/build-server.mjs"];

export async function buildServer({ quiet = false } = {}) {
  // esbuild comes with vite (and tsx); resolved from the server's own folder.
  const esbuild = await import(createRequire(path.join(root, "server/package.json")).resolve("esbuild"));
  const t = performance.now();
  const out = SERVER_DIST + ".tmp";
  fs.rmSync(out, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { cluster: "server/src/cluster.ts", "pglite-worker": "server/src/db/pglite-worker.ts" },
    outdir: out,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    // Every output file sits in server/dist itself, so a source file's address is the same path from any of them.
    chunkNames: "chunk-[hash]",
    define: { ADESUA_BUILD: "true" },
    logLevel: quiet ? "error" : "warning",
    legalComments: "none",
    plugins: [
      {
        name: "adesua",
        setup(build) {
          // Packages load from node_modules as they do under tsx; only the workspace's own code is bundled.
          build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith("@adesua/") || args.path.startsWith("node:") ? undefined : { external: true }));
          build.onLoad({ filter: /\.(ts|mts|mjs)$/ }, async (args) => {
            if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
            const source = await fs.promises.readFile(args.path, "utf8");
            if (!source.includes("import.meta.url")) return undefined;
            const rel = path.relative(SERVER_DIST, args.path).split(path.sep).join("/");
            return {
              contents: source.replaceAll("import.meta.url", `new URL(${JSON.stringify(rel)}, import.meta.url).href`),
              loader: args.path.endsWith(".mjs") ? "js" : "ts",
            };
          });
        },
      },
    ],
  });
  await esbuild.stop?.();
  // A package.json of its own: the folder's files are ES modules whatever the folders above say.
  fs.writeFileSync(path.join(out, "package.json"), JSON.stringify({ type: "module", private: true }) + "\n");
  // The database template survives a rebuild while PGlite is the same version (making it takes a while).
  const pglite = pgliteVersion();
  for (const f of [TEMPLATE, TEMPLATE_META]) {
    const old = path.join(SERVER_DIST, f);
    if (fs.existsSync(old) && readMeta(path.join(SERVER_DIST, TEMPLATE_META))?.pglite === pglite) fs.copyFileSync(old, path.join(out, f));
  }
  fs.rmSync(SERVER_DIST, { recursive: true, force: true });
  fs.renameSync(out, SERVER_DIST);
  return Math.round(performance.now() - t);
}

/** The embedded database's template (decision 052): an empty PostgreSQL data folder, gzipped, made by initdb once. */
export const TEMPLATE = "pglite-template.tgz";
const TEMPLATE_META = "pglite-template.json";

function pgliteVersion() {
  const main = createRequire(path.join(root, "server/package.json")).resolve("@electric-sql/pglite");
  let dir = path.dirname(main);
  while (
    !fs.existsSync(path.join(dir, "package.json")) ||
    JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).name !== "@electric-sql/pglite"
  ) {
    dir = path.dirname(dir);
  }
  return JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).version;
}

function readMeta(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/**
 * Makes server/dist/pglite-template.tgz unless it is there for this PGlite version. A new data folder made by initdb
 * peaks near 700 MB of WebAssembly memory and takes a minute on a quarter of a core; the server's first start on a
 * small box copies this template instead (about 280 MB, a few seconds; PGliteThread.open). Made in memory, with
 * the small box's settings.
 */
export async function buildDatabaseTemplate() {
  const pglite = pgliteVersion();
  const file = path.join(SERVER_DIST, TEMPLATE);
  if (fs.existsSync(file) && readMeta(path.join(SERVER_DIST, TEMPLATE_META))?.pglite === pglite) return null;
  const t = performance.now();
  const { PGlite } = await import(createRequire(path.join(root, "server/package.json")).resolve("@electric-sql/pglite"));
  const small = ["-c", "shared_buffers=16MB"];
  const pg = await PGlite.create({ startParams: [...PGlite.defaultStartParams, ...small], initDbStartParams: ["--set", "shared_buffers=16MB"] });
  const tgz = Buffer.from(await (await pg.dumpDataDir("gzip")).arrayBuffer());
  await pg.close();
  fs.writeFileSync(file + ".tmp", tgz);
  fs.renameSync(file + ".tmp", file);
  fs.writeFileSync(path.join(SERVER_DIST, TEMPLATE_META), JSON.stringify({ pglite, bytes: tgz.length, at: new Date().toISOString() }) + "\n");
  return Math.round(performance.now() - t);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const quiet = process.argv.includes("--quiet");
  const ms = await buildServer({ quiet });
  if (!quiet) console.log(`Server built into ${path.relative(process.cwd(), SERVER_DIST) || SERVER_DIST} in ${ms} ms`);
  if (!process.argv.includes("--no-template")) {
    if (!fs.existsSync(path.join(SERVER_DIST, TEMPLATE))) console.log("Making the embedded database's template (once)…");
    try {
      const took = await buildDatabaseTemplate();
      if (took !== null && !quiet) console.log(`Database template made in ${took} ms`);
    } catch (e) {
      // Not fatal: the server then creates a new database itself (initdb), as it always could.
      console.warn(`The database template could not be made (${e.message}); a new database will be created by initdb.`);
    }
  }
}
