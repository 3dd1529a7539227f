import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ROOT, startServer } from "./server-process";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One server with a fresh demo school for all browser journeys. */
export default async function setup(project: TestProject) {
  // WEB_DIST (as the server reads it) lets a journey run against a build kept elsewhere.
  const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(ROOT, "web/dist");
  if (!fs.existsSync(path.join(dist, "index.html"))) {
    throw new Error(`${dist} is missing: run \`npm run build\` first (npm test does this)`);
  }
  const server = await startServer();
  project.provide("baseUrl", server.url);
  return () => server.stop();
}
