import type { FastifySchema } from "fastify";
import type { Access } from "../lib/access";

/** A route's options: who may call it (`config.access`, enforced by the auth hook) and its schema (validation and OpenAPI). */
export function guarded<S extends FastifySchema>(access: Access, schema: S): { config: { access: Access }; schema: S } {
  return { config: { access }, schema };
}
