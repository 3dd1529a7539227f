import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { viewerOf } from "../../lib/viewer";
import { PendingCountSchema, IdParamsSchema, OkSchema, UpdateUserSchema, UserListQuerySchema, UserListResponseSchema, UserSchema } from "@adesua/domain";
import { actorOf } from "../../lib/context";
import { ADMIN, STAFF } from "../../lib/access";
import { countPendingTeachers, decidePendingTeacher, deleteUser, listUsers, updateUser } from "../../services/users/user.service";

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/users",
    { config: { access: STAFF }, schema: { tags: ["users"], querystring: UserListQuerySchema, response: { 200: UserListResponseSchema } } },
    async (req) => listUsers(app.db, viewerOf(req), req.query),
  );

  app.get("/users/pending-count", { config: { access: ADMIN }, schema: { tags: ["users"], response: { 200: PendingCountSchema } } }, async () => ({
    pending: await countPendingTeachers(app.db),
  }));

  for (const decision of ["approve", "reject"] as const) {
    app.post(
      `/users/:id/${decision}`,
      {
        config: { access: ADMIN },
        schema: {
          tags: ["users"],
          summary:
            decision === "approve" ? "Approve a pending teacher (admin only; audited)" : "Reject a pending teacher: they cannot sign in (admin only; audited)",
          params: IdParamsSchema,
          response: { 200: UserSchema },
        },
      },
      async (req) => decidePendingTeacher(app.db, req.params.id, decision, actorOf(req)),
    );
  }

  app.put(
    "/users/:id",
    {
      config: { access: ADMIN },
      schema: {
        tags: ["users"],
        summary: "Set a user's password (their sessions end) and/or a student's level and class (stream); admin only, audited",
        params: IdParamsSchema,
        body: UpdateUserSchema,
        response: { 200: UserSchema },
      },
    },
    async (req) => updateUser(app.db, viewerOf(req), req.params.id, req.body, actorOf(req)),
  );

  app.delete("/users/:id", { config: { access: ADMIN }, schema: { tags: ["users"], params: IdParamsSchema, response: { 200: OkSchema } } }, async (req) => {
    await deleteUser(app.db, viewerOf(req), req.params.id, actorOf(req));
    return { ok: true as const };
  });
};
