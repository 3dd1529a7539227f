import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AnnouncementCurrentResponseSchema,
  AnnouncementFormSchema,
  AnnouncementListQuerySchema,
  AnnouncementListResponseSchema,
  AnnouncementSchema,
  IdParamsSchema,
  OkSchema,
} from "@adesua/domain";
import { ADMIN, ANY_SIGNED_IN } from "../../lib/access";
import { guarded } from "../route-options";
import { actorOf } from "../../lib/context";
import { notFound } from "../../lib/errors";
import { viewerOf } from "../../lib/viewer";
import { assertCanManageAnnouncements } from "../../policies/schedule.policy";
import {
  ANNOUNCEMENT_NOT_FOUND,
  createAnnouncement,
  currentAnnouncements,
  dismissAnnouncement,
  listAnnouncements,
  loadAnnouncement,
  removeAnnouncement,
  updateAnnouncement,
} from "../../services/schedule/announcement.service";

const tags = ["announcements"];

export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/announcements",
    guarded(ADMIN, { tags, querystring: AnnouncementListQuerySchema, response: { 200: AnnouncementListResponseSchema } }),
    async (req) => {
      assertCanManageAnnouncements(viewerOf(req));
      return listAnnouncements(app.db, req.query);
    },
  );

  app.get("/announcements/current", guarded(ANY_SIGNED_IN, { tags, response: { 200: AnnouncementCurrentResponseSchema } }), async (req) => ({
    data: await currentAnnouncements(app.db, viewerOf(req).id, app.now()),
  }));

  app.get("/announcements/:id", guarded(ADMIN, { tags, params: IdParamsSchema, response: { 200: AnnouncementSchema } }), async (req) => {
    assertCanManageAnnouncements(viewerOf(req));
    const found = await loadAnnouncement(app.db, req.params.id);
    if (!found) throw notFound(ANNOUNCEMENT_NOT_FOUND);
    return found;
  });

  app.post("/announcements", guarded(ADMIN, { tags, body: AnnouncementFormSchema, response: { 201: AnnouncementSchema } }), async (req, reply) => {
    const viewer = viewerOf(req);
    assertCanManageAnnouncements(viewer);
    return reply.status(201).send(await createAnnouncement(app.db, req.body, viewer.id, actorOf(req)));
  });

  app.put(
    "/announcements/:id",
    guarded(ADMIN, { tags, params: IdParamsSchema, body: AnnouncementFormSchema, response: { 200: AnnouncementSchema } }),
    async (req) => {
      assertCanManageAnnouncements(viewerOf(req));
      return updateAnnouncement(app.db, req.params.id, req.body, actorOf(req));
    },
  );

  app.delete("/announcements/:id", guarded(ADMIN, { tags, params: IdParamsSchema, response: { 200: OkSchema } }), async (req) => {
    assertCanManageAnnouncements(viewerOf(req));
    await removeAnnouncement(app.db, req.params.id, actorOf(req));
    return { ok: true as const };
  });

  app.post("/announcements/:id/dismiss", guarded(ANY_SIGNED_IN, { tags, params: IdParamsSchema, response: { 200: OkSchema } }), async (req) => {
    await dismissAnnouncement(app.db, req.params.id, viewerOf(req).id, app.now());
    return { ok: true as const };
  });
};
