import type { FastifyRequest } from "fastify";
import type { Role, StudentType } from "@adesua/domain";
import { requireAuth } from "./context";

/** Who is asking: built once per request by `viewerOf`; every policy and scope takes it. */
export type Viewer = { id: number; role: Role; studentType: StudentType | null };

export function viewerOf(req: FastifyRequest): Viewer {
  const auth = requireAuth(req);
  return { id: auth.userId, role: auth.role, studentType: (auth.user.studentType as StudentType | null) ?? null };
}
