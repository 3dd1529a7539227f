import type { Role } from "@adesua/domain";

/**
 * Every route declares who may call it in `config.access`. The auth hook enforces it, and a test
 * fails for any /api route without one, so nothing ships open by accident.
 * - "public": no session needed (register, login, health).
 * - "signed-in": any role.
 * - a list of roles.
 */
export type Access = "public" | "signed-in" | readonly Role[];

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The route's own statement checks the bearer token's session and says no when it is not a live one
     * of an active user who may act (decision 038: the exam's answer saves, so that each save is one
     * statement on the embedded database, not two). The hook then leaves the session to it; the route
     * calls `app.authenticate(req)` when its statement says no, which refuses exactly as the hook would.
     * Only for "signed-in" routes: the statement does not check roles.
     */
    sessionInStatement?: boolean;
  }
}

export const ANY_SIGNED_IN: Access = "signed-in";
export const STAFF: readonly Role[] = ["teacher", "admin"];
export const ADMIN: readonly Role[] = ["admin"];
export const STUDENT: readonly Role[] = ["student"];
export const TEACHER: readonly Role[] = ["teacher"];
