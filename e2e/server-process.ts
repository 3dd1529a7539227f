import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export type RunningServer = { url: string; dataDir: string; proc: ChildProcess; stop: () => Promise<void>; output: () => string };

/** The demo school's admin (README, "Demo accounts"). */
const DEMO_ADMIN = { email: "admin@adesua.school", password: "adesua-demo" };

/**
 * Opens student sign-up as the demo's admin would (PUT /api/settings): under NODE_ENV=production it is closed
 * until an admin chooses (decision 041), and journeys sign students up.
 */
export async function openStudentSignup(url: string): Promise<void> {
  const login = await fetch(`${url}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(DEMO_ADMIN) });
  if (!login.ok) throw new Error(`demo admin could not sign in to open sign-up: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  const r = await fetch(`${url}/api/settings`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ studentSignupOpen: true }),
  });
  if (!r.ok) throw new Error(`could not open student sign-up: ${r.status}`);
}

/**
 * Starts the real server (built web app + API) as `npm start` would, on its own port and data folder. With the
 * demo seeded, student sign-up is opened as its admin would (`studentSignup: "default"` keeps production's
 * closed default), and sign-ups are not limited per address (SIGNUP_PER_HOUR=0: every journey signs up from here).
 */
export async function startServer(env: Record<string, string> = {}, opts: { studentSignup?: "open" | "default" } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "adesua-e2e-"));
  let out = "";
  const proc = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "server/src/main.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      NODE_ENV: "production",
      SEED_DEMO: "true",
      SIGNUP_PER_HOUR: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - started > 60_000) throw new Error(`server did not start in 60 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const seeded = (env.SEED_DEMO ?? "true") === "true";
  if (seeded && opts.studentSignup !== "default") await openStudentSignup(url);
  return {
    url,
    dataDir,
    proc,
    output: () => out,
    stop: async () => {
      if (proc.exitCode === null) {
        proc.kill("SIGTERM");
        await new Promise((r) => proc.once("exit", r));
      }
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
