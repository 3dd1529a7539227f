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
  }
}

export const ANY_SIGNED_IN: Access = "signed-in";
export const STAFF: readonly Role[] = ["teacher", "admin"];
export const ADMIN: readonly Role[] = ["admin"];
export const STUDENT: readonly Role[] = ["student"];
export const TEACHER: readonly Role[] = ["teacher"];
