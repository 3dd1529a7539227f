import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

/**
 * The document workers and the OCR process are TypeScript, so they run under tsx's loader as the server does. They
 * inherit the parent's execArgv, which holds tsx when the server runs as `node --import tsx server/src/main.ts`; but
 * `npm start` registers tsx in-process (scripts/start.mjs) and Vitest has no tsx at all, so the loader is added here,
 * by absolute path so the server may be started from any directory.
 */
export function tsxExecArgv(): string[] {
  const args = [...process.execArgv];
  const hasTsx =
    args.some((a, i) => (a === "--import" || a === "--loader") && /(^|[\\/])tsx([\\/]|$)/.test(args[i + 1] ?? "")) ||
    args.some((a) => /^--(import|loader)=.*tsx/.test(a));
  return hasTsx ? args : [...args, "--import", pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href];
}
