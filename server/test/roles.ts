import { expect } from "vitest";
import type { InjectOptions } from "fastify";
import { call, type TestApp } from "./test-app";
import { signedIn } from "./factories";

/** Routes only an admin may use: a new signed-in teacher, then a new signed-in student, gets 403 from each request. */
export async function expectAdminOnly(t: Pick<TestApp, "app" | "database">, ...requests: InjectOptions[]): Promise<void> {
  for (const role of ["teacher", "student"] as const) {
    const u = await signedIn(t.database.db, { role });
    for (const request of requests) expect((await call(t.app, { ...request, token: u.token })).status, `${role} ${request.method} ${request.url}`).toBe(403);
  }
}
