import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { viewerOf } from "../../lib/viewer";
import {
  ChangePasswordSchema,
  ImpersonateResponseSchema,
  LoginResponseSchema,
  LoginSchema,
  OkSchema,
  positiveId,
  RegisterSchema,
  UserSchema,
} from "@adesua/domain";
import { IMPERSONATION_TTL_MS } from "../../auth/sessions";
import { assertCanImpersonate } from "../../policies/users.policy";
import { changeOwnPassword, impersonate, logIn, logOut, registerUser, signedInUser } from "../../services/auth/auth.service";
import { findUser } from "../../services/users/user.service";
import { actorOf, requireAuth } from "../../lib/context";
import { HttpError, notFound } from "../../lib/errors";
import { ADMIN } from "../../lib/access";
import { guarded } from "../route-options";

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/auth/register",
    guarded("public", {
      tags: ["auth"],
      security: [],
      description:
        "Signs a student or teacher up. 403 when student sign-up is closed (an admin's choice, or by default under NODE_ENV=production or once a class list has been imported); 409 when the email is taken; 429 with Retry-After past SIGNUP_PER_HOUR sign-ups from one address in an hour (decision 041).",
      body: RegisterSchema,
      response: { 201: UserSchema },
    }),
    async (req, reply) => {
      const user = await registerUser(app.db, req.body, req.ip, app.now(), {
        production: app.config.production,
        signupPerHour: app.config.signupPerHour ?? 20,
      });
      return reply.status(201).send(user);
    },
  );

  app.post("/auth/login", guarded("public", { tags: ["auth"], security: [], body: LoginSchema, response: { 200: LoginResponseSchema } }), async (req) =>
    logIn(app.db, req.body, req.ip, app.now(), app.config.sessionTtlHours * 3600_000),
  );

  app.get("/auth/me", guarded("signed-in", { tags: ["auth"], response: { 200: UserSchema } }), async (req) => signedInUser(requireAuth(req).user));

  app.post("/auth/logout", guarded("signed-in", { tags: ["auth"], response: { 200: OkSchema } }), async (req) => {
    const auth = requireAuth(req);
    await logOut(app.db, auth.sessionId, auth.userId, actorOf(req));
    return { ok: true as const };
  });

  app.post(
    "/auth/change-password",
    guarded("signed-in", {
      tags: ["auth"],
      summary: "Choose a new password (required at the first sign-in with a slip's one-time password)",
      body: ChangePasswordSchema,
      response: { 200: UserSchema },
    }),
    async (req) => {
      const auth = requireAuth(req);
      // An admin acting as someone cannot choose that person's password.
      if (auth.impersonatorId !== null) throw new HttpError(403, "Stop impersonating to change a password");
      return changeOwnPassword(app.db, auth.user, auth.sessionId, req.body, actorOf(req));
    },
  );

  app.post(
    "/auth/impersonate/:userId",
    guarded(ADMIN, {
      tags: ["auth"],
      params: z.object({ userId: positiveId("userId") }),
      response: { 200: ImpersonateResponseSchema },
    }),
    async (req) => {
      const admin = requireAuth(req);
      const target = await findUser(app.db, req.params.userId);
      if (!target) throw notFound("User not found");
      assertCanImpersonate(viewerOf(req), target);
      const ttl = Math.min(IMPERSONATION_TTL_MS, app.config.sessionTtlHours * 3600_000);
      return impersonate(app.db, admin, target, ttl);
    },
  );
};
