import { eq } from "drizzle-orm";
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { viewerOf } from "../../lib/viewer";
import { ImpersonateResponseSchema, LoginResponseSchema, LoginSchema, OkSchema, positiveId, RegisterSchema, UserSchema } from "@adesua/domain";
import { users } from "../../db/schema";
import { hashPassword } from "../../auth/passwords";
import { createSession, IMPERSONATION_TTL_MS, revokeSession } from "../../auth/sessions";
import { recordAudit } from "../../audit/audit";
import { presentUser } from "../../presenters/user";
import { assertCanImpersonate } from "../../policies/user.policy";
import { checkLogin, countTakenEmail } from "../../services/auth.service";
import { actorOf, requireAuth } from "../../lib/context";
import { conflict, notFound } from "../../lib/errors";
import { ADMIN } from "../../lib/access";

const TAKEN = "Email is already registered";

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/auth/register",
    {
      config: { access: "public" },
      schema: { tags: ["auth"], security: [], body: RegisterSchema, response: { 201: UserSchema } },
    },
    async (req, reply) => {
      const input = req.body;
      // A taken email counts against the client address like a failed sign-in (429 past the limit).
      const taken = async () => {
        await countTakenEmail(app.db, input.email, req.ip, app.now());
        return conflict(TAKEN);
      };
      const [existing] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
      if (existing) throw await taken();
      const passwordHash = await hashPassword(input.password);
      const user = await app.db.transaction(async (tx) => {
        const rows = await tx
          .insert(users)
          .values({
            name: input.name,
            email: input.email,
            role: input.role,
            studentType: input.role === "student" ? (input.studentType ?? "jhs1") : null,
            passwordHash,
          })
          .onConflictDoNothing()
          .returning();
        if (!rows[0]) return null; // a parallel registration won the unique index
        const created = presentUser(rows[0]);
        await recordAudit(tx, {
          entityType: "user",
          entityId: created.id,
          action: "create",
          actor: { userId: created.id, impersonatorId: null },
          after: created,
        });
        return created;
      });
      if (!user) throw await taken();
      return reply.status(201).send(user);
    },
  );

  app.post(
    "/auth/login",
    {
      config: { access: "public" },
      schema: { tags: ["auth"], security: [], body: LoginSchema, response: { 200: LoginResponseSchema } },
    },
    async (req) => {
      const user = await checkLogin(app.db, req.body.email, req.body.password, req.ip, app.now());
      const session = await app.db.transaction(async (tx) => {
        const s = await createSession(tx, user.id, app.config.sessionTtlHours * 3600_000);
        await recordAudit(tx, { entityType: "user", entityId: user.id, action: "login", actor: { userId: user.id, impersonatorId: null } });
        return s;
      });
      return { token: session.token, user: presentUser(user) };
    },
  );

  app.get("/auth/me", { config: { access: "signed-in" }, schema: { tags: ["auth"], response: { 200: UserSchema } } }, async (req) =>
    presentUser(requireAuth(req).user),
  );

  app.post("/auth/logout", { config: { access: "signed-in" }, schema: { tags: ["auth"], response: { 200: OkSchema } } }, async (req) => {
    const auth = requireAuth(req);
    await app.db.transaction(async (tx) => {
      await revokeSession(tx, auth.sessionId);
      await recordAudit(tx, { entityType: "user", entityId: auth.userId, action: "logout", actor: actorOf(req) });
    });
    return { ok: true as const };
  });

  app.post(
    "/auth/impersonate/:userId",
    {
      config: { access: ADMIN },
      schema: {
        tags: ["auth"],
        params: z.object({ userId: positiveId("userId") }),
        response: { 200: ImpersonateResponseSchema },
      },
    },
    async (req) => {
      const admin = requireAuth(req);
      const [target] = await app.db.select().from(users).where(eq(users.id, req.params.userId)).limit(1);
      if (!target) throw notFound("User not found");
      assertCanImpersonate(viewerOf(req), target);
      const ttl = Math.min(IMPERSONATION_TTL_MS, app.config.sessionTtlHours * 3600_000);
      const session = await app.db.transaction(async (tx) => {
        const s = await createSession(tx, target.id, ttl, { userId: admin.userId, sessionId: admin.sessionId });
        await recordAudit(tx, {
          entityType: "user",
          entityId: target.id,
          action: "impersonate",
          actor: { userId: admin.userId, impersonatorId: null },
          after: { impersonatedUserId: target.id, expiresAt: s.expiresAt },
        });
        return s;
      });
      return { token: session.token, user: presentUser(target), expiresAt: session.expiresAt.toISOString() };
    },
  );
};
