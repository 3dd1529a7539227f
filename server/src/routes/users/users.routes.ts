import { and, asc, count, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { viewerOf } from "../../lib/viewer";
import { IdParamsSchema, OkSchema, UpdateUserSchema, UserListQuerySchema, UserListResponseSchema, UserSchema } from "@adesua/domain";
import { users } from "../../db/schema";
import { hashPassword } from "../../auth/passwords";
import { revokeUserSessions } from "../../auth/sessions";
import { recordAudit } from "../../audit/audit";
import { presentUser } from "../../presenters/user";
import { assertCanChangePassword, assertCanDelete, listableRoles } from "../../policies/user.policy";
import { actorOf } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { ADMIN, STAFF } from "../../lib/access";
import { escapeLike } from "../../lib/sql";

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/users",
    { config: { access: STAFF }, schema: { tags: ["users"], querystring: UserListQuerySchema, response: { 200: UserListResponseSchema } } },
    async (req) => {
      const viewer = viewerOf(req);
      const { role, search, page, limit } = req.query;
      const allowed = listableRoles(viewer);
      const roles = role ? allowed.filter((r) => r === role) : allowed;
      if (roles.length === 0) return { data: [], pagination: { total: 0, page, limit } };
      const where: SQL[] = [inArray(users.role, roles)];
      if (search) {
        const q = `%${escapeLike(search)}%`;
        where.push(or(ilike(users.name, q), ilike(users.email, q))!);
      }
      const cond = and(...where);
      const [rows, [{ total }]] = await Promise.all([
        app.db
          .select()
          .from(users)
          .where(cond)
          .orderBy(asc(users.name), asc(users.id))
          .limit(limit)
          .offset((page - 1) * limit),
        app.db.select({ total: count() }).from(users).where(cond),
      ]);
      return { data: rows.map(presentUser), pagination: { total, page, limit } };
    },
  );

  app.put(
    "/users/:id",
    { config: { access: ADMIN }, schema: { tags: ["users"], params: IdParamsSchema, body: UpdateUserSchema, response: { 200: UserSchema } } },
    async (req) => {
      const viewer = viewerOf(req);
      assertCanChangePassword(viewer);
      const passwordHash = await hashPassword(req.body.password);
      return app.db.transaction(async (tx) => {
        const [row] = await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, req.params.id)).returning();
        if (!row) throw notFound("User not found");
        await revokeUserSessions(tx, row.id);
        await recordAudit(tx, {
          entityType: "user",
          entityId: row.id,
          action: "update",
          actor: actorOf(req),
          before: { passwordChanged: false },
          after: { passwordChanged: true },
        });
        return presentUser(row);
      });
    },
  );

  app.delete("/users/:id", { config: { access: ADMIN }, schema: { tags: ["users"], params: IdParamsSchema, response: { 200: OkSchema } } }, async (req) => {
    const viewer = viewerOf(req);
    await app.db.transaction(async (tx) => {
      // Lock the admins so two parallel deletes cannot remove the last two admins.
      const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).for("update");
      const [target] = await tx.select().from(users).where(eq(users.id, req.params.id)).limit(1);
      if (!target) throw notFound("User not found");
      assertCanDelete(viewer, target, admins.length);
      await tx.delete(users).where(eq(users.id, target.id));
      await recordAudit(tx, { entityType: "user", entityId: target.id, action: "delete", actor: actorOf(req), before: presentUser(target) });
    });
    return { ok: true as const };
  });
};
