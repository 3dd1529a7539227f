/**
 * The machine's floor under every request (decision 058): a bare Node `http` server (no Fastify, no database) in a
 * process of its own answers a small keep-alive PUT with a small JSON body, paced at each given rate, and its CPU per
 * request is read from /proc. On a virtual machine the CPU a request costs rises as requests come further apart.
 *
 *   node --import tsx bench/bare-http-cost.ts [seconds=20] [rate ...]      (default rates: 120 340 1000)
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { procStat } from "../server/test/storm";
import { paced } from "./paced";

const [secondsArg, ...rateArgs] = process.argv.slice(2);
const SECONDS = Number(secondsArg ?? 20);
const RATES = (rateArgs.length ? rateArgs : ["120", "340", "1000"]).map(Number);
const PORT = 3411;

const SERVER = `
const http = require("node:http");
const s = http.createServer((req, res) => {
  let b = "";
  req.on("data", (c) => (b += c));
  req.on("end", () => { const j = JSON.parse(b || "{}"); res.setHeader("content-type", "application/json"); res.end(JSON.stringify({ ok: true, n: j.n ?? 0 })); });
});
s.keepAliveTimeout = 60000;
s.listen(${PORT}, "127.0.0.1", () => console.log("up"));`;

const server = spawn(process.execPath, ["-e", SERVER], { stdio: ["ignore", "pipe", "inherit"] });
await new Promise<void>((resolve) => server.stdout!.once("data", () => resolve()));

const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
const body = JSON.stringify({ n: 1, answers: [{ questionId: 5, value: "b" }] });
const send = () =>
  new Promise<{ status: number }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: PORT, method: "PUT", path: "/x", agent, headers: { "content-type": "application/json" } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on("error", reject);
    req.end(body);
  });
/** The server's CPU (user + system) in seconds. */
const cpuSeconds = () => procStat(`/proc/${server.pid}/stat`)!.cpuSeconds;

for (let i = 0; i < 2000; i++) await send(); // the server's code compiled before anything is measured
const results: { rate: number; msPerRequest: number }[] = [];
for (const rate of RATES) {
  const n = rate * SECONDS;
  const c0 = cpuSeconds();
  const { bad } = await paced(n, rate, send);
  if (bad) throw new Error(`${bad} of ${n} requests answered with an error`);
  const msPerRequest = Math.round(((cpuSeconds() - c0) / n) * 1e6) / 1000;
  results.push({ rate, msPerRequest });
  console.log(`${rate} requests a second: ${msPerRequest} ms of CPU per request`);
}
server.kill();
agent.destroy();
fs.writeFileSync(new URL("./results/bare-http-cost.json", import.meta.url), JSON.stringify({ seconds: SECONDS, results }, null, 2) + "\n");
