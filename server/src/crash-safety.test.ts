import { describe, expect, it } from "vitest";
import { expectNothingLost, useInterruptedStorm } from "../test/interrupted-storm";

/**
 * Crash safety: the real server (a child process) is killed with SIGKILL in the middle of a small
 * exam storm and restarted on the same data. Students retry like the browser does. Every answer and
 * submission the server acknowledged must still be there, and the students must be able to finish.
 * PGlite by default; a fresh database on the server of DATABASE_URL when it is set.
 */
const storm = useInterruptedStorm();

describe("crash safety", () => {
  it("keeps every acknowledged answer through a SIGKILL, and the students finish after the restart", async () => {
    const result = await storm.run((server) => server.kill());
    // The kill really happened in the middle: answers were acknowledged before it and after the restart.
    expect(result.savesBefore).toBeGreaterThan(0);
    expect(result.saves).toBeGreaterThan(result.savesAtRestart);
    expectNothingLost(result);
  }, 120_000);
});
