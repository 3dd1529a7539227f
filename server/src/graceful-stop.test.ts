import { describe, expect, it } from "vitest";
import { expectNothingLost, useInterruptedStorm } from "../test/interrupted-storm";

/**
 * Graceful stop: the real server (a child process) gets SIGTERM in the middle of a stream of answer
 * saves. It must finish the requests in flight, close the database cleanly and exit 0; after a
 * restart on the same data every answer it acknowledged is there. PGlite by default; PostgreSQL
 * when DATABASE_URL is set.
 */
const storm = useInterruptedStorm();

describe("graceful stop", () => {
  it("finishes in-flight saves on SIGTERM, exits 0, and loses no acknowledged answer", async () => {
    let exitCode: number | null = null;
    let stopMs = 0;
    const result = await storm.run(async (server) => {
      const t0 = Date.now();
      await server.stop(); // SIGTERM, then wait for the process to exit
      stopMs = Date.now() - t0;
      exitCode = server.proc.exitCode;
    });
    expect(result.finalExitCode).toBe(0);
    expect(result.savesBefore).toBeGreaterThan(0);
    expect(exitCode).toBe(0);
    expect(stopMs).toBeLessThan(12_000);
    expectNothingLost(result);
  }, 120_000);
});
