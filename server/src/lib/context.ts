import type { FastifyRequest } from "fastify";
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
