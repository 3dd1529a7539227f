/**
 * Paper sittings, read back (issue 29: "a photo is read in under 2 s, 40 sheets in under a minute"):
 *
 *   npm run bench:sheets -- [--students 40] [--singles 3] [--large-every 5] [--seed 29] [--entry npm-start|main] [--tag run1]
 *
 * The server starts as `npm start` starts it (bench/exam-storm.ts's harness, server/test/storm.ts) on a fresh PGlite
 * DATA_DIR; a teacher, a 30-question quiz and a class of `--students` are seeded; the sitting is printed through the
 * API (2 versions) and the test set photographs every student's sheet (bench/sheets-common.ts). Then, over HTTP:
 * `--singles` photos uploaded one at a time (each waits for the one before: a photo's own time from upload to read),
 * and all `--students` photos in ONE request to POST /api/sittings/{id}/scans: the wall time until the last is read and
 * each sheet's time from the upload to the poll that saw it read (p50 / p95). Targets: a photo < 2 s, 40 sheets < 60 s.
 * Writes bench/results/sheets-bench[-tag].json.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT, createStormDatabase, startServer, withDatabase, type ServerEntry, type ServerProc } from "../server/test/storm";
import { makePhotos, printSitting, quantile, seedSheetClass, sheetFigures, uploadAndRead, type BatchResult } from "./sheets-common";

const { values: args } = parseArgs({
  options: {
    students: { type: "string", default: "40" },
    singles: { type: "string", default: "3" },
    "large-every": { type: "string", default: "5" },
    seed: { type: "string", default: "29" },
    entry: { type: "string", default: "npm-start" },
    "server-env": { type: "string", multiple: true, default: [] },
    tag: { type: "string" },
    keep: { type: "boolean", default: false },
  },
});
const N = Number(args.students);
const singles = Math.min(Number(args.singles), N);
const entry = args.entry as ServerEntry;
const serverEnv = Object.fromEntries((args["server-env"] ?? []).map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]));
const TARGET = { photoMs: 2000, fortySheetsMs: 60_000 };
const log = (...a: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...a);
const load = () => os.loadavg().map((x) => Math.round(x * 100) / 100);

async function main() {
  const db = await createStormDatabase("pglite");
  let server: ServerProc | null = null;
  try {
    const cls = await withDatabase(db, (d) => seedSheetClass(d, { students: N }));
    server = await startServer(db, serverEnv, [], entry);
    const port = server.port;
    log(`server on ${port} (pid ${server.pid}, ${entry}); ${N} students, ${cls.questions} questions`);
    const printed = await printSitting(port, cls);
    log(`printed sitting ${printed.sittingId}: ${printed.pages ?? "?"} pages in ${printed.printMs} ms`);
    const t = performance.now();
    const photos = await makePhotos(printed.pdf, N, { seed: Number(args.seed), largeEvery: Number(args["large-every"]) });
    const photoMs = Math.round(performance.now() - t);
    const large = photos.filter((p) => p.width > 1200).length;
    log(`${photos.length} photos made in ${photoMs} ms (${large} at 3,000 × 4,000), ${Math.round(photos.reduce((n, p) => n + p.jpeg.length, 0) / 1024)} KB`);

    const loadBefore = load();
    const cpu0 = server.cpuSeconds() ?? 0;
    const one: BatchResult[] = [];
    for (let i = 0; i < singles; i++) {
      one.push(await uploadAndRead(port, cls.token, printed.sittingId, [photos[i]]));
      log(`single ${i + 1} (${photos[i].width} px wide): read in ${one[i].sheets[0]?.ms ?? "—"} ms (${one[i].sheets[0]?.status ?? one[i].error ?? "unread"})`);
    }
    const cpu1 = server.cpuSeconds() ?? 0;
    const loadBeforeBatch = load();
    log(`uploading all ${photos.length} in one request…`);
    const batch = await uploadAndRead(port, cls.token, printed.sittingId, photos);
    const cpu2 = server.cpuSeconds() ?? 0;
    const all = sheetFigures([batch]);
    const singleMs = one.flatMap((b) => b.sheets.map((s) => s.ms));
    const result = {
      benchmark: "sheets",
      students: N,
      questions: cls.questions,
      versions: 2,
      entry,
      serverEnv,
      print: { ms: printed.printMs, pages: printed.pages },
      photos: { count: photos.length, large, makeMs: photoMs, bytes: photos.reduce((n, p) => n + p.jpeg.length, 0) },
      singles: {
        count: singles,
        ms: singleMs,
        p50: quantile(singleMs, 0.5),
        max: quantile(singleMs, 1),
        statuses: one.map((b) => b.sheets[0]?.status ?? b.error),
      },
      batch: { ...all, wallMs: batch.wallMs, uploadMs: batch.uploadMs, perSheetMs: batch.sheets.map((s) => s.ms) },
      serverCpuSeconds: { singles: Math.round((cpu1 - cpu0) * 10) / 10, batch: Math.round((cpu2 - cpu1) * 10) / 10 },
      targets: {
        ...TARGET,
        photoMet: singleMs.length > 0 && Math.max(...singleMs) < TARGET.photoMs,
        fortySheetsMet: batch.wallMs !== null && batch.wallMs < TARGET.fortySheetsMs,
      },
      loadAverageBefore: loadBefore,
      loadAverageBeforeBatch: loadBeforeBatch,
      loadAverageAfter: load(),
      machine: { cpus: os.cpus().length, node: process.version },
      at: new Date().toISOString(),
    };
    const dir = path.join(REPO_ROOT, "bench/results");
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `sheets-bench${N !== 40 ? `-${N}` : ""}${args.tag ? `-${args.tag}` : ""}.json`);
    fs.writeFileSync(file, JSON.stringify(result, null, 2) + "\n");
    console.log(
      `\nsingle photos (upload → read, polled every 250 ms): ${singleMs.join(", ")} ms → ${result.targets.photoMet ? "MET" : "NOT MET"} (< ${TARGET.photoMs} ms)`,
    );
    console.log(
      `${photos.length} sheets in one upload: POST ${batch.uploadMs} ms, all read after ${batch.wallMs ?? "—"} ms → ${result.targets.fortySheetsMet ? "MET" : "NOT MET"} (< ${TARGET.fortySheetsMs} ms)`,
    );
    console.log(
      `per sheet upload → read: p50 ${all.readMs.p50} ms, p95 ${all.readMs.p95} ms; read ${all.read}: ${all.recorded} recorded, ${all.review} for review, ${all.refused} refused ${JSON.stringify(all.refusals)}; unread ${all.unread}`,
    );
    console.log(
      `server CPU: ${result.serverCpuSeconds.singles} s (singles), ${result.serverCpuSeconds.batch} s (batch); load ${loadBefore.join(" ")} → ${result.loadAverageAfter.join(" ")}`,
    );
    console.log(`written ${path.relative(REPO_ROOT, file)}`);
    await server.stop();
    server = null;
  } finally {
    if (server) await server.kill().catch(() => {});
    if (!args.keep) await db.cleanup().catch((e) => console.error("cleanup failed:", e.message));
    else console.log(`kept: ${db.dataDir}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
