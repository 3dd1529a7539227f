/**
 * Closed-loop load generator for bench/history/run.ts, run as its own process so its CPU time is not
 * the app's: `connections` loops each send the next GET as soon as the previous one answered, for
 * `seconds`. Prints one JSON line: exact latency percentiles over every request (autocannon has no p95).
 *
 *   node bench/history/load.ts <url> <token> <connections> <seconds>
 */
const [url, token, connections, seconds] = process.argv.slice(2);
const until = performance.now() + Number(seconds) * 1000;
const latencies: number[] = [];
const statuses: Record<string, number> = {};
let errors = 0;
let bytes = 0;

async function loop(): Promise<void> {
  while (performance.now() < until) {
    const t0 = performance.now();
    try {
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, "accept-encoding": "br, gzip" } });
      const body = await res.arrayBuffer();
      bytes += body.byteLength;
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      latencies.push(performance.now() - t0);
    } catch {
      errors++;
    }
  }
}

await Promise.all(Array.from({ length: Number(connections) }, loop));
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] * 10) / 10 : NaN;
console.log(
  JSON.stringify({
    requests: latencies.length,
    reqPerSec: Math.round(latencies.length / Number(seconds)),
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    max: pct(100),
    statuses,
    errors,
    avgBytes: latencies.length ? Math.round(bytes / latencies.length) : 0,
  }),
);
