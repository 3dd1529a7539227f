// Starts the PGlite database thread (pglite-worker.ts). The server runs TypeScript through tsx, but a
// worker thread does not get the loader the process was started with (neither `node --import tsx` nor
// `npm start`'s in-process registration), so it is registered here before the TypeScript is imported.
const { register } = await import("tsx/esm/api");
register();
await import(new URL("./pglite-worker.ts", import.meta.url).href);
