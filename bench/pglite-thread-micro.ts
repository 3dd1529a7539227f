/**
 * Micro-benchmark of the PGlite database thread (decision 032): CPU of the whole process per call for a
 * one-row select, an insert and a three-statement transaction, 20 calls in flight, on an in-memory PGlite.
 *   node --import tsx bench/pglite-thread-micro.ts [calls=4000]
 * Compare two versions back to back on the same machine; record `uptime` beside the figures.
 */
import { PGliteThread } from "../server/src/db/pglite-thread";
const t = await PGliteThread.open(null);
await t.exec(`create table u (id serial primary key, name text, email text, role text, st text, created_at timestamptz default now(), updated_at timestamptz default now(), a int, b int, c boolean, d jsonb);
insert into u (name,email,role,st,a,b,c,d) select 'n'||g,'e'||g,'student','jhs1',g,g,true,'{"x":1}' from generate_series(1,100) g;
create table s (id serial primary key, uid int, n int);`);
const raw = { 1114: (v: string) => v, 1184: (v: string) => v, 1082: (v: string) => v, 1186: (v: string) => v, 1231: (v: string) => v };
const N = Number(process.argv[2] ?? 5000);
async function bench(label: string, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 500; i++) await fn(i);
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  // 20 in flight, like concurrent requests
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < N) await fn(next++);
    }),
  );
  const c = process.cpuUsage(c0);
  const w = performance.now() - w0;
  console.log(label, "wall/op", (w / N).toFixed(3), "ms; process cpu/op", ((c.user + c.system) / 1000 / N).toFixed(3), "ms");
}
await bench("select row", (i) => t.query("select * from u where id = $1", [1 + (i % 100)], { rowMode: "array", parsers: raw }));
await bench("insert", (i) => t.query("insert into s (uid, n) values ($1, $2) returning id", [i % 100, i], { rowMode: "array", parsers: raw }));
await bench("tx 3 stmts", (i) =>
  t.transaction(async (tx) => {
    await tx.query("select * from u where id = $1", [1 + (i % 100)], { rowMode: "array", parsers: raw });
    await tx.query("insert into s (uid, n) values ($1, $2)", [i % 100, i], { rowMode: "array", parsers: raw });
    await tx.query("select 1", [], { rowMode: "array", parsers: raw });
  }),
);
await t.close();
