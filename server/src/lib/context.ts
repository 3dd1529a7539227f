import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Role } from "@adesua/domain";
import type { Config } from "../config";
import type { Db, Database } from "../db/client";
import type { UserRow } from "../db/schema";
import type { Actor } from "../audit/audit";
import { unauthorized } from "./errors";

export type Auth = { user: UserRow; sessionId: number; impersonatorId: number | null };

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
    /** The server's clock; tests may replace it. */
    now: () => Date;
    /** The session check and the route's access rule, as the request hook runs them (config.sessionInStatement). */
    authenticate: (req: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth: Auth | null;
    /** The bearer token's hash, when the hook left the session to the route's own statement (config.sessionInStatement). */
    sessionLeftToStatement: string | null;
  }
}

/** The signed-in caller; the access hook has already refused anonymous calls to non-public routes. */
export function requireAuth(req: FastifyRequest): Auth & { role: Role; userId: number } {
  if (!req.auth) throw unauthorized();
  return { ...req.auth, role: req.auth.user.role as Role, userId: req.auth.user.id };
}

export function actorOf(req: FastifyRequest): Actor {
  return { userId: req.auth?.user.id ?? null, impersonatorId: req.auth?.impersonatorId ?? null };
}

/**
 * A `sessionInStatement` route's two ways (decision 038). With the token the hook left to the route: `byToken`, whose
 * statements check the session (null when they say no); on a no, the hook's own check, which refuses exactly as the
 * hook would, then `usual` (told that the token's way has already said no). Without one: `usual` at once.
 */
export async function tokenFirst<T>(
  app: FastifyInstance,
  req: FastifyRequest,
  byToken: (tokenHash: string) => Promise<T | null>,
  usual: (tokenSaidNo: boolean) => Promise<T>,
): Promise<T> {
  const tokenHash = req.sessionLeftToStatement;
  if (!tokenHash) return usual(false);
  const done = await byToken(tokenHash);
  if (done !== null) return done;
  await app.authenticate(req);
  return usual(true);
}
